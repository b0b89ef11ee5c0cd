// Session recording playlists: list pagination and filters, retrieve, unknown short ids (read-only);
// the lifecycle of a playlist the kit creates (--writes): create, retrieve, patch, add and remove a
// recording, DELETE refused with 405 and an empty body, soft delete and 404 after. Every playlist the
// kit creates carries the run id in its name and is soft-deleted before the run ends.
import type { Exchange } from '../http.ts'
import type { CheckContext } from '../runner.ts'
import { checkFilter, compareItems, walk } from './lists.ts'
import { unknownShortId, type Suite, type SuiteContext } from './suite.ts'

const shortIdOf = (p: any) => String(p.short_id)
/** Fields a playlist shows the same way in the list, on retrieve and after create (counts may move). */
const PLAYLIST_FIELDS = [
  'id',
  'short_id',
  'name',
  'derived_name',
  'description',
  'pinned',
  'created_at',
  'created_by',
  'deleted',
  'filters',
  'last_modified_at',
  'last_modified_by',
  'type',
]

export const playlistsReadSuite: Suite = {
  name: 'playlists (read)',
  checks: [
    ['session_recording_playlists_list', 'pagination walk'],
    ['session_recording_playlists_list', 'filter created_by'],
    ['session_recording_playlists_list', 'filter short_id'],
    ['session_recording_playlists_retrieve', 'retrieve matches the list item'],
    ['session_recording_playlists_retrieve', 'unknown short_id is 404'],
    ['session_recording_playlists_recordings_list', "lists a playlist's recordings"],
    ['session_recording_playlists_recordings_list', 'unknown short_id is 404'],
  ],
  async run({ run, samples, options }: SuiteContext) {
    await run.check('session_recording_playlists_list', 'pagination walk', (t) =>
      walk(t, { operationId: 'session_recording_playlists_list', noun: 'playlists', idOf: shortIdOf }),
    )

    await run.check('session_recording_playlists_list', 'filter created_by', async (t) => {
      const known = await samples.knownPlaylist(t)
      const userId = known.created_by?.id
      if (typeof userId !== 'number') t.skip('no listed playlist has an author')
      await checkFilter(t, {
        operationId: 'session_recording_playlists_list',
        describe: `created_by ${userId}`,
        query: { created_by: userId },
        matches: (p) => p.created_by?.id === userId,
        knownId: shortIdOf(known),
        idOf: shortIdOf,
        nothingQuery: { created_by: 2_000_000_000 + Math.floor(Math.random() * 100_000_000) },
      })
    })

    await run.check('session_recording_playlists_list', 'filter short_id', async (t) => {
      const known = await samples.knownPlaylist(t)
      const value = shortIdOf(known)
      const note = t.op('session_recording_playlists_list').observed.find((n) => n.id === 'playlists-short-id-filter')
      const filtered = await t.call('session_recording_playlists_list', { query: { short_id: value, limit: 100 } })
      t.expectStatus(filtered, 200)
      const results: any[] = t.json(filtered)?.results ?? []
      const wrong = results.filter((p) => p.short_id !== value)
      if (wrong.length && note) {
        // The real service's list ignores short_id: the answer is the unfiltered list.
        const unfiltered = await t.call('session_recording_playlists_list', { query: { limit: 100 } })
        const same =
          JSON.stringify((t.json(unfiltered)?.results ?? []).map(shortIdOf)) === JSON.stringify(results.map(shortIdOf))
        if (same && t.profile === 'observed') {
          t.summary(`short_id=${value} ignored, as the real service's list does (${results.length} playlists)`)
          return
        }
        if (same)
          t.drift(note, `short_id=${value} returned the unfiltered list (${results.length} playlists)`, filtered)
      }
      await checkFilter(t, {
        operationId: 'session_recording_playlists_list',
        describe: `short_id "${value}"`,
        query: { short_id: value },
        matches: (p) => p.short_id === value,
        knownId: value,
        idOf: shortIdOf,
        nothingQuery: { short_id: unknownShortId(options.runId) },
      })
    })

    await run.check('session_recording_playlists_retrieve', 'retrieve matches the list item', async (t) => {
      const listed = (await samples.playlists(t)).filter((p) => typeof p?.short_id === 'string').slice(0, 3)
      if (listed.length === 0) t.skip('the project has no playlists to check against (run with --writes to create one)')
      for (const item of listed) {
        const ex = await t.call('session_recording_playlists_retrieve', { params: { short_id: item.short_id } })
        t.expectStatus(ex, 200)
        const diff = compareItems(item, t.json(ex), PLAYLIST_FIELDS)
        t.ensure(diff === null, `playlist ${item.short_id}: retrieve and list disagree: ${diff}`, ex)
      }
      t.summary(`${listed.length} playlists retrieved, each as listed`)
    })

    await run.check('session_recording_playlists_recordings_list', "lists a playlist's recordings", async (t) => {
      const known = await samples.knownPlaylist(t)
      const ex = await t.call('session_recording_playlists_recordings_list', { params: { short_id: known.short_id } })
      t.expectStatus(ex, 200)
      const body = t.json(ex)
      t.ensure(Array.isArray(body?.results), 'the answer has no results array', ex)
      t.summary(`playlist ${known.short_id}: ${body.results.length} recordings`)
    })

    const unknown = unknownShortId(options.runId)
    for (const operationId of ['session_recording_playlists_retrieve', 'session_recording_playlists_recordings_list']) {
      await run.check(operationId, 'unknown short_id is 404', async (t) => {
        const ex = await t.call(operationId, { params: { short_id: unknown } })
        t.expectStatus(ex, 404)
        t.expectErrorShape(ex)
      })
    }
  },
}

async function findInList(
  t: CheckContext,
  shortId: string,
  maxPages = 10,
): Promise<{ found: boolean; last: Exchange }> {
  let ex = await t.call('session_recording_playlists_list', { query: { limit: 100 } })
  for (let n = 1; ; n++) {
    t.expectStatus(ex, 200)
    const body = t.json(ex)
    if ((body?.results ?? []).some((p: any) => p?.short_id === shortId)) return { found: true, last: ex }
    if (typeof body?.next !== 'string' || n >= maxPages) return { found: false, last: ex }
    ex = await t.client.follow(t.op('session_recording_playlists_list'), body.next)
  }
}

async function recordingIdsOf(t: CheckContext, shortId: string): Promise<{ ids: string[]; ex: Exchange }> {
  const ex = await t.call('session_recording_playlists_recordings_list', { params: { short_id: shortId } })
  t.expectStatus(ex, 200)
  const body = t.json(ex)
  t.ensure(Array.isArray(body?.results), "the playlist's recordings answer has no results array", ex)
  return { ids: body.results.map((r: any) => String(r?.id)), ex }
}

export const playlistLifecycleSuite: Suite = {
  name: 'playlists (lifecycle, writes)',
  checks: [
    ['session_recording_playlists_create', 'create returns the playlist'],
    ['session_recording_playlists_retrieve', 'created playlist is retrievable and listed'],
    ['session_recording_playlists_partial_update', 'patch visible on retrieve'],
    ['session_recording_playlists_recordings_create', 'add recording shows it in the playlist'],
    ['session_recording_playlists_recordings_destroy', 'remove recording takes it out'],
    ['session_recording_playlists_destroy', 'DELETE is 405 with an empty body and keeps the playlist'],
    ['session_recording_playlists_partial_update', 'soft delete: 404 after, gone from the list'],
  ],
  async run(ctx: SuiteContext) {
    const { run, options, samples } = ctx
    if (!options.writes) {
      for (const [op, name] of this.checks) run.skip(op, name, 'needs --writes')
      return
    }
    const name = `analytics-mock verify ${options.runId}`
    let cancelCleanup = () => {}
    const description = `Created by analytics-mock verify run ${options.runId}; soft-deleted when the run ends.`

    const created = await run.check('session_recording_playlists_create', 'create returns the playlist', async (t) => {
      const ex = await t.call('session_recording_playlists_create', {
        body: { name, description, type: 'collection', pinned: false },
      })
      if (ex.status >= 200 && ex.status < 300 && typeof (ex.json as any)?.short_id === 'string') {
        cancelCleanup = registerSoftDelete(ctx, (ex.json as any).short_id)
      }
      t.expectStatus(ex, 201)
      const body = t.json(ex)
      t.ensure(typeof body?.short_id === 'string' && body.short_id.length > 0, 'the new playlist has no short_id', ex)
      t.ensure(body.name === name, `name is ${JSON.stringify(body.name)}, not the one sent`, ex)
      t.ensure(
        body.description === description,
        `description is ${JSON.stringify(body.description)}, not the one sent`,
        ex,
      )
      t.ensure(body.pinned === false && body.deleted === false, 'a new playlist must be unpinned and not deleted', ex)
      t.ensure(body.type === 'collection', `type is ${JSON.stringify(body.type)}, not "collection"`, ex)
      t.summary(`created ${body.short_id} "${name}"`)
      return body
    })
    const rest = this.checks.slice(1)
    if (!created) {
      for (const [op, check] of rest) run.skip(op, check, 'the kit could not create its playlist')
      return
    }
    const shortId: string = created.short_id

    await run.check('session_recording_playlists_retrieve', 'created playlist is retrievable and listed', async (t) => {
      const ex = await t.call('session_recording_playlists_retrieve', { params: { short_id: shortId } })
      t.expectStatus(ex, 200)
      const diff = compareItems(created, t.json(ex), PLAYLIST_FIELDS)
      t.ensure(diff === null, `retrieve disagrees with the create answer: ${diff}`, ex)
      const { found, last } = await findInList(t, shortId)
      t.ensure(found, `the new playlist ${shortId} is not in the list`, last)
    })

    let current = created
    await run.check('session_recording_playlists_partial_update', 'patch visible on retrieve', async (t) => {
      const change = { name: `${name} (patched)`, description: `${description} Patched.`, pinned: true }
      const ex = await t.call('session_recording_playlists_partial_update', {
        params: { short_id: shortId },
        body: change,
      })
      t.expectStatus(ex, 200)
      const patched = t.json(ex)
      for (const [field, value] of Object.entries(change)) {
        t.ensure(
          patched?.[field] === value,
          `the PATCH answer shows ${field} = ${JSON.stringify(patched?.[field])}, not ${JSON.stringify(value)}`,
          ex,
        )
      }
      const unchanged = compareItems(created, patched, [
        'id',
        'short_id',
        'created_at',
        'created_by',
        'type',
        'deleted',
      ])
      t.ensure(unchanged === null, `PATCH changed a field it was not sent: ${unchanged}`, ex)
      const got = await t.call('session_recording_playlists_retrieve', { params: { short_id: shortId } })
      t.expectStatus(got, 200)
      const read = t.json(got)
      const diff = compareItems(patched, read, PLAYLIST_FIELDS)
      t.ensure(diff === null, `retrieve after PATCH disagrees with the PATCH answer: ${diff}`, got)
      current = read
    })

    let recordingId: string | undefined
    const added = await run.check(
      'session_recording_playlists_recordings_create',
      'add recording shows it in the playlist',
      async (t) => {
        const recordings = await samples.recordings(t)
        const rid = recordings.find((r) => typeof r?.id === 'string')?.id
        if (!rid) t.skip('the project has no session recordings to add')
        recordingId = rid
        const ex = await t.call('session_recording_playlists_recordings_create', {
          params: { short_id: shortId, session_recording_id: rid },
        })
        t.expectStatus(ex, 200)
        const { ids, ex: listEx } = await recordingIdsOf(t, shortId)
        t.ensure(ids.includes(rid), `recording ${rid} is not in the playlist after adding it`, listEx)
        t.summary(`recording ${rid} added to ${shortId}`)
        return true
      },
    )

    await run.check('session_recording_playlists_recordings_destroy', 'remove recording takes it out', async (t) => {
      const rid = recordingId
      if (!added || !rid) return t.skip('no recording was added')
      const ex = await t.call('session_recording_playlists_recordings_destroy', {
        params: { short_id: shortId, session_recording_id: rid },
      })
      t.expectStatus(ex, 204)
      const { ids, ex: listEx } = await recordingIdsOf(t, shortId)
      t.ensure(!ids.includes(rid), `recording ${rid} is still in the playlist after removing it`, listEx)
    })

    await run.check(
      'session_recording_playlists_destroy',
      'DELETE is 405 with an empty body and keeps the playlist',
      async (t) => {
        const ex = await t.call('session_recording_playlists_destroy', { params: { short_id: shortId } })
        t.ensure(ex.status === 405, `DELETE answered ${ex.error ?? ex.status}, not 405`, ex)
        t.ensure(
          ex.text === '',
          `DELETE answered 405 with a body (${ex.text.length} chars); the contract says none`,
          ex,
        )
        const after = await t.call('session_recording_playlists_retrieve', { params: { short_id: shortId } })
        t.ensure(
          after.status === 200,
          `the playlist is gone after DELETE (retrieve answers ${after.error ?? after.status}); DELETE must never remove it`,
          after,
        )
        const body = t.json(after)
        t.ensure(body?.deleted === false, 'DELETE marked the playlist deleted; it must change nothing', after)
        const diff = compareItems(current, body, PLAYLIST_FIELDS)
        t.ensure(diff === null, `DELETE changed the playlist: ${diff}`, after)
      },
    )

    await run.check(
      'session_recording_playlists_partial_update',
      'soft delete: 404 after, gone from the list',
      async (t) => {
        const ex = await t.call('session_recording_playlists_partial_update', {
          params: { short_id: shortId },
          body: { deleted: true },
        })
        t.expectStatus(ex, 200)
        t.ensure(t.json(ex)?.deleted === true, 'the PATCH answer does not show deleted = true', ex)
        cancelCleanup()
        const after = await t.call('session_recording_playlists_retrieve', { params: { short_id: shortId } })
        t.ensure(
          after.status === 404,
          `a soft-deleted playlist is still retrievable (status ${after.error ?? after.status})`,
          after,
        )
        t.expectErrorShape(after)
        const { found, last } = await findInList(t, shortId)
        t.ensure(!found, `the soft-deleted playlist ${shortId} is still listed`, last)
      },
    )
  },
}

/**
 * Every playlist the kit creates (on purpose, or by a deployment accepting a bad body) is soft-deleted
 * when the run ends; the returned function cancels that once it is soft-deleted already.
 */
export function registerSoftDelete(ctx: SuiteContext, shortId: string): () => void {
  return ctx.onCleanup({
    label: `soft-delete playlist ${shortId}`,
    operationId: 'session_recording_playlists_partial_update',
    async run() {
      const op = ctx.run.contract.byId.get('session_recording_playlists_partial_update')!
      const ex = await ctx.client.call(op, { params: { short_id: shortId }, body: { deleted: true } })
      return ex.status === 200 ? null : `PATCH deleted=true answered ${ex.error ?? ex.status}`
    },
  })
}
