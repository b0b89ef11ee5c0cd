// What real clients see: a client generated from the contract (openapi-typescript types and a small
// typed fetch, test/clients/typed-client.ts) calls every operation of `analytics-mock serve` through
// Stoplight Prism's validating proxy. Every answer must carry a status the contract declares for its
// operation, and Prism must report no violation of the request or the response (its `sl-violations`
// header), fault injection's 429/500/502/503 included.
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { once } from 'node:events'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { document } from '../src/contract/document.gen.ts'
import { createClient, declaredStatuses, type Answer, type OperationId } from './clients/typed-client.ts'
import { startServe } from './serve-process.ts'
import { KEYS } from './support.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const children: ChildProcess[] = []

async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  server.close()
  await once(server, 'close')
  return typeof address === 'object' && address ? address.port : 0
}

async function startPrism(upstream: string): Promise<string> {
  const require = createRequire(import.meta.url)
  const cli = path.join(path.dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js')
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [
      cli,
      'proxy',
      path.join(ROOT, 'contracts/openapi.yaml'),
      upstream,
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-v',
      'error',
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  children.push(child)
  let output = ''
  child.stdout!.on('data', (c) => (output += c))
  child.stderr!.on('data', (c) => (output += c))
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`prism exited ${child.exitCode}: ${output}`)
    try {
      await fetch(`${url}/_mock/clock`)
      return url
    } catch {
      await new Promise((r) => setTimeout(r, 250))
    }
  }
  throw new Error(`prism did not start: ${output}`)
}

const answers: Answer[] = []
let client: ReturnType<typeof createClient>

async function call<O extends OperationId>(
  operationId: O,
  input: Parameters<typeof client.call<O>>[1] = {},
): Promise<Answer> {
  const answer = await client.call(operationId, input)
  answers.push(answer)
  return answer
}

/** Operations whose only required input is the project (or nothing): no other required parameter, no required body. */
function callableAsIs(): OperationId[] {
  const doc = document as any
  const resolve = (p: any) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p)
  return Object.values(doc.paths).flatMap((item: any) =>
    Object.values(item)
      .filter((op: any) => op?.operationId)
      .filter(
        (op: any) =>
          ![...(item.parameters ?? []), ...(op.parameters ?? [])]
            .map(resolve)
            .some((p: any) => p.required && p.name !== 'project_id') && !op.requestBody?.required,
      )
      .map((op: any) => op.operationId as OperationId),
  )
}

describe("a generated client through Prism's validating proxy", () => {
  beforeAll(async () => {
    const upstream = await startServe(['--now', '2026-11-04T12:00:00Z'], children)
    client = createClient(await startPrism(upstream), KEYS.all)
  }, 120_000)
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  })

  it('sees only declared statuses and valid bodies across every operation, faults included', async () => {
    const project = { project_id: '1' }
    // Discovery and reads.
    await call('projects_list')
    await call('users_me_retrieve')
    await call('personal_api_keys_current_retrieve')
    const persons = (await call('persons_list', { path: project, query: { limit: 3 } })).body as any
    const id = String(persons.results[0].id)
    await call('persons_list', {
      path: project,
      query: { search: 'a', properties: JSON.stringify([{ key: 'plan', value: 'free' }]), format: 'csv' },
    })
    await call('persons_retrieve', { path: { ...project, id } })
    await call('persons_retrieve', { path: { ...project, id: 'not-a-person-id' } })
    await call('persons_retrieve', { path: { ...project, id: '99999999' } })
    await call('persons_activity_retrieve', { path: { ...project, id } })
    await call('persons_all_activity_retrieve', { path: project })
    await call('persons_properties_timeline_retrieve', { path: { ...project, id } })
    // A request without a key (a client's mistake Prism reports as such; the answer, a 401, is declared).
    const anonymous = await call('persons_list', { path: project, key: null })
    expect(anonymous.status).toBe(401)
    await call('session_recordings_list', { path: project, query: { limit: 2 } })
    // Writes.
    await call('persons_partial_update', { path: { ...project, id }, body: { properties: { verified_by: 'prism' } } })
    await call('persons_partial_update', { path: { ...project, id }, body: {} })
    await call('persons_delete_property_create', { path: { ...project, id }, query: { $unset: 'verified_by' } })
    await call('persons_delete_events_create', { path: { ...project, id } })
    await call('persons_update', { path: { ...project, id }, body: { properties: { verified_by: 'prism' } } })
    await call('persons_split_create', { path: { ...project, id }, body: {} })
    await call('persons_create', { path: project })
    await call('persons_destroy', {
      path: { ...project, id: String(persons.results[1].id) },
      query: { delete_events: true },
    })
    const playlist = (
      await call('session_recording_playlists_create', { path: project, body: { name: 'Prism', type: 'collection' } })
    ).body as any
    const shortId = { ...project, short_id: playlist.short_id }
    await call('session_recording_playlists_create', { path: project, body: { name: 'no type' } })
    await call('session_recording_playlists_list', { path: project, query: { limit: 1 } })
    await call('session_recording_playlists_retrieve', { path: shortId })
    await call('session_recording_playlists_partial_update', { path: shortId, body: { pinned: true } })
    await call('session_recording_playlists_partial_update', { path: shortId })
    const recording = ((await call('session_recordings_list', { path: project, query: { limit: 1 } })).body as any)
      .results[0].id
    await call('session_recording_playlists_recordings_create', {
      path: { ...shortId, session_recording_id: recording },
    })
    await call('session_recording_playlists_recordings_list', { path: shortId })
    await call('session_recording_playlists_recordings_destroy', {
      path: { ...shortId, session_recording_id: recording },
    })
    // The viewsets' bulk actions and full updates (PUT).
    const ids = { session_recording_ids: [recording] }
    await call('session_recording_playlists_recordings_bulk_add', { path: shortId, body: ids })
    await call('session_recording_playlists_recordings_bulk_delete', { path: shortId, body: ids })
    await call('session_recording_playlists_update', { path: shortId, body: { name: 'Prism again' } })
    await call('session_recordings_bulk_viewed', { path: project, body: ids })
    await call('session_recordings_bulk_not_viewed', { path: project, body: ids })
    await call('session_recording_playlists_playlist_viewed_create', { path: shortId })
    await call('session_recordings_viewed_retrieve', { path: { ...project, id: recording } })
    // One recording: the player's requests (retrieve, mark viewed, a refused body, delete, then a 404).
    const one = { ...project, id: recording }
    await call('session_recordings_retrieve', { path: one })
    await call('session_recordings_partial_update', { path: one, body: { viewed: true } })
    await call('session_recordings_update', { path: one, body: { analyzed: false } })
    await call('session_recordings_destroy', { path: one })
    await call('session_recordings_bulk_delete', { path: project, body: ids })
    await call('session_recordings_retrieve', { path: one })
    await call('session_recording_playlists_destroy', { path: shortId })
    await call('max_tools_create_and_query_insight', {
      path: project,
      body: { query: 'pageviews in the last 7 days', insight_type: 'trends' },
    })
    // The control API.
    await call('mock_clock_retrieve')
    await call('mock_clock_update', { body: { advance: 'PT1M' } })
    await call('mock_tasks_list')
    await call('mock_journal_list')
    await call('mock_journal_list', { query: { order: 'desc', status: '2xx', limit: 5, bodies: false } })
    await call('mock_journal_retrieve', {
      path: {
        id: ((await call('mock_journal_list', { query: { order: 'desc', limit: 1 } })).body as any).results[0].id,
      },
    })
    await call('mock_journal_retrieve', { path: { id: 99_999_999 } })
    await call('mock_journal_list', { query: { path: 'persons', text: 'a' } })
    await call('mock_journal_har', { query: { status: '2xx', path: 'persons' } })
    await call('mock_journal_curl', {
      path: {
        id: ((await call('mock_journal_list', { query: { order: 'desc', limit: 1 } })).body as any).results[0].id,
      },
    })
    await call('mock_journal_curl', { path: { id: 99_999_999 } })
    await call('mock_persons_list', { path: project, query: { search: 'a', limit: 3 } })
    await call('mock_playlists_list', { path: project, query: { limit: 3 } })
    await call('mock_playlist_items_list', { path: shortId })
    await call('mock_playlist_items_list', { path: { ...project, short_id: 'not-a-playlist' } })
    await call('mock_session_recordings_list', { path: project, query: { search: 'http', limit: 3 } })
    await call('mock_events_capture', { path: project, body: { event: '$pageview', distinct_id: 'prism-user' } })
    await call('mock_session_recordings_create', { path: project, body: { id: 'prism-recording' } })
    await call('mock_faults_retrieve')
    // Fault injection: every status it can answer is declared.
    for (const status of [429, 500, 502, 503] as const) {
      await call('mock_faults_update', { body: { error_rate: 1, error_status: status, operations: ['persons_list'] } })
      const faulted = await call('persons_list', { path: project })
      expect(faulted.status).toBe(status)
    }
    await call('mock_faults_clear')
    // Any other operation that needs nothing but the project (one the contract gains later: a health
    // check, a route list, ...) is called as it stands.
    for (const operationId of callableAsIs().filter((o) => !answers.some((a) => a.operationId === o)))
      await call(operationId, { path: project } as never)
    await call('mock_journal_clear')
    await call('mock_reset', { body: {} })

    const undeclared = answers
      .filter((a) => !declaredStatuses(a.operationId).includes(a.status))
      .map((a) => `${a.operationId} ${a.status} ${a.text.slice(0, 120)}`)
    expect(undeclared).toEqual([])
    const violations = answers
      .flatMap((a) =>
        (JSON.parse(a.headers.get('sl-violations') ?? '[]') as Array<{ location: string[]; message: string }>).map(
          (v) => ({ a, v }),
        ),
      )
      .filter(({ a, v }) => !(a === anonymous && v.location[0] === 'request'))
      .map(({ a, v }) => `${a.operationId} ${a.status}: ${v.location.join('.')} ${v.message}`)
    expect(violations).toEqual([])
    // Every operation of the contract was called.
    const all = Object.values((document as any).paths).flatMap((item: any) =>
      Object.values(item).map((op: any) => op.operationId),
    )
    expect(new Set(answers.map((a) => a.operationId))).toEqual(new Set(all))
  }, 120_000)
})
