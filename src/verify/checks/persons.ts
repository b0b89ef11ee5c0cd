// Persons: list pagination and filters, retrieve, activity and timeline (read-only); PATCH and
// delete_property on a temporary property (--writes); delete_events and DELETE of named persons only
// (--destructive with --person-id).
import type { Exchange } from '../http.ts'
import type { CheckContext } from '../runner.ts'
import { checkFilter, compareItems, walk } from './lists.ts'
import { unknownPersonId, type Suite, type SuiteContext } from './suite.ts'

const personKey = (p: any) => String(p.id)
const PERSON_FIELDS = ['name', 'distinct_ids', 'properties', 'created_at', 'uuid']

/** The id to put in a path: the integer id, or the uuid when the list shows ids as uuids (real service). */
const pathId = (p: any) => String(p.id ?? p.uuid)

async function getPerson(t: CheckContext, id: string) {
  const ex = await t.call('persons_retrieve', { params: { id } })
  return ex
}

export const personsReadSuite: Suite = {
  name: 'persons (read)',
  checks: [
    ['persons_list', 'pagination walk'],
    ['persons_list', 'filter distinct_id'],
    ['persons_list', 'filter email'],
    ['persons_list', 'filter search'],
    ['persons_list', 'filter properties'],
    ['persons_retrieve', 'retrieve matches the list item'],
    ['persons_retrieve', 'unknown id is 404'],
    ['persons_activity_retrieve', 'answers for a known person'],
    ['persons_activity_retrieve', 'unknown id is 404'],
    ['persons_properties_timeline_retrieve', 'answers for a known person'],
    ['persons_properties_timeline_retrieve', 'unknown id is 404'],
  ],
  async run({ run, samples, options }: SuiteContext) {
    const nothing = `analytics-mock-verify-${options.runId}-nothing`

    await run.check('persons_list', 'pagination walk', (t) =>
      walk(t, { operationId: 'persons_list', noun: 'persons', idOf: personKey }),
    )

    await run.check('persons_list', 'filter distinct_id', async (t) => {
      const known = await samples.knownPerson(t)
      const value = known.distinct_ids?.[0]
      if (typeof value !== 'string') t.skip('the known person has no distinct id')
      await checkFilter(t, {
        operationId: 'persons_list',
        describe: `distinct_id "${value}"`,
        query: { distinct_id: value },
        matches: (p) => Array.isArray(p.distinct_ids) && p.distinct_ids.includes(value),
        knownId: personKey(known),
        idOf: personKey,
        nothingQuery: { distinct_id: nothing },
      })
    })

    await run.check('persons_list', 'filter email', async (t) => {
      const known = await samples.knownPerson(t)
      const value = known.properties?.email
      if (typeof value !== 'string' || !value) t.skip('no listed person has an email property')
      await checkFilter(t, {
        operationId: 'persons_list',
        describe: `email "${value}"`,
        query: { email: value },
        matches: (p) => p.properties?.email === value,
        knownId: personKey(known),
        idOf: personKey,
        nothingQuery: { email: `${nothing}@example.invalid` },
      })
    })

    await run.check('persons_list', 'filter search', async (t) => {
      const known = await samples.knownPerson(t)
      const value = known.distinct_ids?.[0]
      if (typeof value !== 'string') t.skip('the known person has no distinct id to search for')
      const term = value.toLowerCase()
      await checkFilter(t, {
        operationId: 'persons_list',
        describe: `search "${value}"`,
        query: { search: value },
        // The seed: email by full-text search or distinct_id exactly; the real service: a substring of
        // email, name, uuid or a distinct id. Either way a result contains the term somewhere there.
        matches: (p) =>
          [p.properties?.email, p.name, p.uuid, ...(Array.isArray(p.distinct_ids) ? p.distinct_ids : [])].some(
            (v) => typeof v === 'string' && v.toLowerCase().includes(term),
          ),
        knownId: personKey(known),
        idOf: personKey,
        nothingQuery: { search: nothing },
      })
    })

    await run.check('persons_list', 'filter properties', async (t) => {
      const known = await samples.knownPerson(t)
      const props = known.properties && typeof known.properties === 'object' ? known.properties : {}
      const key =
        typeof props.email === 'string' && props.email
          ? 'email'
          : Object.keys(props).find((k) => typeof props[k] === 'string' && props[k])
      if (!key) return t.skip('the known person has no string property to filter on')
      const value = props[key]
      const filter = (k: string, v: string) => JSON.stringify([{ key: k, value: v, operator: 'exact', type: 'person' }])
      await checkFilter(t, {
        operationId: 'persons_list',
        describe: `properties ${key} = "${value}"`,
        query: { properties: filter(key, value) },
        matches: (p) => p.properties?.[key] === value,
        knownId: personKey(known),
        idOf: personKey,
        nothingQuery: { properties: filter(`analytics_mock_verify_${options.runId}`, 'nothing') },
      })
    })

    await run.check('persons_retrieve', 'retrieve matches the list item', async (t) => {
      const persons = (await samples.persons(t)).slice(0, 3)
      if (persons.length === 0) t.skip('the project has no persons to check against')
      for (const listed of persons) {
        const ex = await getPerson(t, pathId(listed))
        t.expectStatus(ex, 200)
        const got = t.json(ex)
        // The real service lists persons with their uuid as id (known drift); compare ids only when both are integers.
        const fields = Number.isInteger(listed.id) ? ['id', ...PERSON_FIELDS] : PERSON_FIELDS
        const diff = compareItems(listed, got, fields)
        t.ensure(diff === null, `person ${pathId(listed)}: retrieve and list disagree: ${diff}`, ex)
      }
      t.summary(`${persons.length} persons retrieved, each as listed`)
    })

    const unknown = unknownPersonId()
    for (const operationId of [
      'persons_retrieve',
      'persons_activity_retrieve',
      'persons_properties_timeline_retrieve',
    ]) {
      if (operationId !== 'persons_retrieve') {
        await run.check(operationId, 'answers for a known person', async (t) => {
          const known = await samples.knownPerson(t)
          const ex = await t.call(operationId, { params: { id: pathId(known) } })
          t.expectStatus(ex, 200)
          t.json(ex)
        })
      }
      await run.check(operationId, 'unknown id is 404', async (t) => {
        const ex = await t.call(operationId, { params: { id: unknown } })
        t.expectStatus(ex, 404)
        t.expectErrorShape(ex)
      })
    }
  },
}

/** The person the write checks touch: the first --person-id, else the first listed person. */
async function writeTarget(t: CheckContext, ctx: SuiteContext): Promise<{ id: string; person: any }> {
  const id = ctx.options.personIds[0] ?? pathId(await ctx.samples.knownPerson(t))
  const ex = await getPerson(t, id)
  if (ex.status !== 200) t.fail(`the person to write to (${id}) could not be read: ${ex.error ?? ex.status}`, ex)
  return { id, person: t.json(ex) }
}

/**
 * The person once `ready` holds of it. The real service applies property writes through ingestion, a
 * moment later (its PATCH answers 202 with no body), so a retrieve is tried a few times before failing.
 */
async function personOnce(
  t: CheckContext,
  id: string,
  ready: (person: any) => boolean,
  attempts = 20,
): Promise<{ person: any; ex: Exchange }> {
  for (let i = 1; ; i++) {
    const ex = await getPerson(t, id)
    t.expectStatus(ex, 200)
    const person = t.json(ex)
    if (ready(person) || i >= attempts) return { person, ex }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

function deleteProperty(t: CheckContext, id: string, key: string) {
  // The seed puts the key in the $unset query parameter; the real service reads a $unset body field. Both.
  return t.call('persons_delete_property_create', { params: { id }, query: { $unset: key }, body: { $unset: key } })
}

/** Once a PATCH was accepted, the temporary property is removed when the run ends (unless removed before). */
function removeLater(ctx: SuiteContext, t: CheckContext, patch: Exchange, id: string, key: string): () => void {
  if (patch.error || patch.status >= 300) return () => {}
  return ctx.onCleanup({
    label: `remove property ${key} from person ${id}`,
    operationId: 'persons_delete_property_create',
    async run() {
      const ex = await ctx.client.call(t.op('persons_delete_property_create'), {
        params: { id },
        query: { $unset: key },
        body: { $unset: key },
      })
      return ex.status >= 200 && ex.status < 300 ? null : `delete_property answered ${ex.error ?? ex.status}`
    },
  })
}

function otherPropertiesKept(t: CheckContext, before: any, after: any, except: string, ex: any) {
  const b = { ...(before?.properties ?? {}) }
  const a = { ...(after?.properties ?? {}) }
  delete b[except]
  delete a[except]
  const diff = compareItems({ p: b }, { p: a }, ['p'])
  t.ensure(diff === null, `other properties changed: ${diff}`, ex)
}

export const personsWriteSuite: Suite = {
  name: 'persons (writes)',
  checks: [
    ['persons_partial_update', 'patch visible on retrieve'],
    ['persons_delete_property_create', 'delete_property removes the key'],
  ],
  async run(ctx: SuiteContext) {
    const { run, options } = ctx
    if (!options.writes) {
      for (const [op, name] of this.checks) run.skip(op, name, 'needs --writes')
      return
    }

    await run.check('persons_partial_update', 'patch visible on retrieve', async (t) => {
      const { id, person: before } = await writeTarget(t, ctx)
      const key = `analytics_mock_verify_${options.runId}`
      const value = `patched by run ${options.runId}`
      const ex = await t.call('persons_partial_update', { params: { id }, body: { properties: { [key]: value } } })
      const cancel = removeLater(ctx, t, ex, id, key)
      t.expectStatus(ex, 200)
      // The seed answers the person; the real service 202 with no body (the observed profile).
      if (t.answerHasBody(ex)) {
        const patched = t.json(ex)
        t.ensure(patched?.properties?.[key] === value, `the PATCH answer does not show ${key}`, ex)
        otherPropertiesKept(t, before, patched, key, ex)
      }
      const { person: read, ex: after } = await personOnce(t, id, (p) => p?.properties?.[key] === value)
      t.ensure(read?.properties?.[key] === value, `retrieve after the PATCH does not show ${key} = "${value}"`, after)
      otherPropertiesKept(t, before, read, key, after)
      // Restore: take the temporary property off again.
      const restore = await deleteProperty(t, id, key)
      t.ensure(
        restore.status >= 200 && restore.status < 300,
        `restoring the person failed: delete_property answered ${restore.status}`,
        restore,
      )
      const { person: restored } = await personOnce(t, id, (p) => !(key in (p?.properties ?? {})))
      t.ensure(!(key in (restored?.properties ?? {})), `restoring the person failed: ${key} is still there`)
      cancel()
      t.summary(`person ${id}: ${key} set, seen on retrieve, then removed again`)
    })

    await run.check('persons_delete_property_create', 'delete_property removes the key', async (t) => {
      const { id } = await writeTarget(t, ctx)
      const key = `analytics_mock_verify_tmp_${options.runId}`
      const set = await t.call('persons_partial_update', {
        params: { id },
        body: { properties: { [key]: 'temporary' } },
      })
      const cancel = removeLater(ctx, t, set, id, key)
      t.expectStatus(set, 200)
      const { person: before, ex: beforeEx } = await personOnce(t, id, (p) => p?.properties?.[key] === 'temporary')
      t.ensure(
        before?.properties?.[key] === 'temporary',
        `setup: the temporary property ${key} is not on the person after PATCH`,
        beforeEx,
      )
      const ex = await deleteProperty(t, id, key)
      t.expectStatus(ex, 200)
      const { person: after, ex: afterEx } = await personOnce(t, id, (p) => !(key in (p?.properties ?? {})))
      t.ensure(!(key in (after?.properties ?? {})), `${key} is still on the person after delete_property`, afterEx)
      otherPropertiesKept(t, before, after, key, afterEx)
      cancel()
      t.summary(`person ${id}: temporary ${key} removed, other properties kept`)
    })
  },
}

export const personsDestructiveSuite: Suite = {
  name: 'persons (destructive)',
  checks: [
    ['persons_delete_events_create', 'delete_events keeps the person'],
    ['persons_destroy', 'delete removes the person'],
  ],
  async run({ run, options }: SuiteContext) {
    if (!options.destructive) {
      for (const [op, name] of this.checks) run.skip(op, name, 'needs --destructive and --person-id')
      return
    }
    if (options.personIds.length === 0) {
      for (const [op, name] of this.checks)
        run.skip(op, name, 'no --person-id given: the kit deletes only the persons it is told to')
      return
    }
    const [firstId] = options.personIds as [string]

    await run.check('persons_delete_events_create', 'delete_events keeps the person', async (t) => {
      const before = await getPerson(t, firstId)
      t.ensure(
        before.status === 200,
        `person ${firstId} does not exist (status ${before.error ?? before.status})`,
        before,
      )
      const ex = await t.call('persons_delete_events_create', { params: { id: firstId } })
      t.expectStatus(ex, 200)
      const after = await getPerson(t, firstId)
      t.expectStatus(after, 200)
      t.summary(`person ${firstId}: event deletion queued, person still there`)
    })

    await run.check('persons_destroy', 'delete removes the person', async (t) => {
      for (const id of options.personIds) {
        const before = await getPerson(t, id)
        t.ensure(before.status === 200, `person ${id} does not exist (status ${before.error ?? before.status})`, before)
        const person = t.json(before)
        const ex = await t.call('persons_destroy', { params: { id } })
        t.expectStatus(ex, 204)
        const after = await getPerson(t, id)
        t.ensure(
          after.status === 404,
          `person ${id} can still be retrieved after DELETE (status ${after.status})`,
          after,
        )
        t.expectErrorShape(after)
        const distinctId = Array.isArray(person?.distinct_ids) ? person.distinct_ids[0] : undefined
        if (typeof distinctId === 'string') {
          const listed = await t.call('persons_list', { query: { distinct_id: distinctId } })
          t.expectStatus(listed, 200)
          const results = t.json(listed)?.results ?? []
          t.ensure(
            !results.some((p: any) => p.uuid === person.uuid),
            `person ${id} is still listed under distinct_id ${distinctId} after DELETE`,
            listed,
          )
        }
      }
      t.summary(
        `deleted ${options.personIds.length} person${options.personIds.length === 1 ? '' : 's'}: ${options.personIds.join(', ')}`,
      )
    })
  },
}
