// A fixed session of reads and writes against the default data, under one profile: every list and
// retrieve answer (JSON and CSV), read again after each kind of write that changes what they show (a
// person's properties and ids, a deleted person, playlists and their items, new recordings, the clock
// moving on). test/answers-unchanged.test.ts hashes each answer and compares with the hashes taken
// on the code before the render caches and indexes (test/answers/answers.json): whatever is cached
// or indexed, the bytes stay those.
import { createHash } from 'node:crypto'
import type { Profile } from '../../src/contract/profiles.ts'
import { clientFor, KEYS, testApp, type TestClient } from '../support.ts'

const P1 = '/api/environments/1'
const P2 = '/api/environments/2'

export interface Answer {
  /** `profile #n METHOD path`, unique in a session. */
  key: string
  /** sha256 of status, content type and body. */
  hash: string
}

function hashOf(status: number, contentType: string | null, text: string): string {
  return createHash('sha256')
    .update(`${status}\n${contentType ?? ''}\n${text}`)
    .digest('hex')
}

/** Runs the session; every answer's hash, in order. */
export async function answerSession(profile: Profile): Promise<Answer[]> {
  const client = clientFor(await testApp({ profile }))
  const answers: Answer[] = []
  // The legacy key: the actions that declare no scope refuse scoped keys.
  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    const res = await client.request(
      method,
      path,
      body === undefined ? { key: KEYS.legacy } : { body, key: KEYS.legacy },
    )
    answers.push({
      key: `${profile} #${answers.length} ${method} ${path}`,
      hash: hashOf(res.status, res.headers.get('content-type'), res.text),
    })
    return res.body
  }
  const get = (path: string) => call('GET', path)

  // What the session works on, read from the data itself.
  const recordings = (await get(`${P1}/session_recordings/?limit=50`)) as any
  const firstRecording = (recordings.results ?? [])[0]
  const ownerDistinctId: string = firstRecording.distinct_id
  const persons = await personIds(client)
  const ownerPerson = persons.find((p) => p.distinctIds.includes(ownerDistinctId))!
  // The stored playlists (the observed profile lists the real service's synthetic ones too).
  const playlists = (
    (await get(`${P1}/session_recording_playlists/?limit=100`)).results as Array<{
      short_id: string
      type: string
      is_synthetic: boolean
    }>
  ).filter((p) => !p.is_synthetic)
  const collection = playlists.find((p) => p.type === 'collection')!
  const collectionItems = (await get(`${P1}/session_recording_playlists/${collection.short_id}/recordings/`))
    .results as Array<{ id: string }>

  async function reads(): Promise<void> {
    for (const offset of [0, 100, 200]) await get(`${P1}/persons/?limit=100&offset=${offset}`)
    await get(`${P1}/persons/`)
    await get(`${P1}/persons/?limit=10&offset=5`)
    await get(`${P1}/persons/?limit=7&offset=3&include_total=1`)
    await get(`${P2}/persons/`)
    await get(`${P1}/persons/?limit=20&format=csv`)
    const owner = persons.find((p) => p.id === ownerPerson.id)!
    for (const term of [
      'a',
      'AN',
      'son',
      'gmail',
      'hotmail.com',
      owner.email?.slice(0, 5) ?? 'x',
      owner.uuid.slice(9, 18),
      ownerDistinctId,
      'user-',
      ' Smith ',
      'zzzz-none',
      '%',
      '\u0001',
    ]) {
      await get(`${P1}/persons/?search=${encodeURIComponent(term)}`)
    }
    await get(`${P1}/persons/?search=e&limit=5&offset=10`)
    await get(`${P1}/persons/?distinct_id=${encodeURIComponent(ownerDistinctId)}`)
    if (owner.email) await get(`${P1}/persons/?email=${encodeURIComponent(owner.email)}`)
    await get(
      `${P1}/persons/?properties=${encodeURIComponent(JSON.stringify([{ key: '$browser', value: 'Chrome', operator: 'exact', type: 'person' }]))}`,
    )
    for (const p of persons) await get(`${p.projectId === 1 ? P1 : P2}/persons/${p.id}/`)
    await get(`${P1}/persons/${ownerPerson.id}/?format=csv`)
    for (const p of persons.slice(0, 3).concat(ownerPerson)) {
      await get(`${P1}/persons/${p.id}/activity/`)
      await get(`${P1}/persons/${p.id}/properties_timeline/`)
    }
    await get(`${P1}/session_recording_playlists/`)
    await get(`${P1}/session_recording_playlists/?limit=2&offset=1`)
    await get(`${P2}/session_recording_playlists/`)
    for (const p of playlists) {
      await get(`${P1}/session_recording_playlists/${p.short_id}/`)
      await get(`${P1}/session_recording_playlists/${p.short_id}/recordings/`)
    }
    for (const offset of [0, 50, 100, 150, 200, 250, 300])
      await get(`${P1}/session_recordings/?limit=50&offset=${offset}`)
    await get(`${P1}/session_recordings/`)
    await get(`${P1}/session_recordings/?limit=500`)
    await get(`${P1}/session_recordings/?order=duration&limit=20`)
    await get(`${P1}/session_recordings/?order=start_time&order_direction=ASC&limit=20`)
    await get(`${P1}/session_recordings/?person_uuid=${ownerPerson.uuid}`)
    await get(`${P1}/session_recordings/?distinct_ids=${encodeURIComponent(JSON.stringify([ownerDistinctId]))}`)
    await get(`${P2}/session_recordings/`)
    await get('/api/projects/')
    await get('/api/users/@me/')
  }

  await reads()
  // A person's email and name change: their list items, search texts, embedded copies.
  await call('PATCH', `${P1}/persons/${ownerPerson.id}/`, {
    properties: { email: 'renamed.owner@example.com', name: 'Renamed Owner' },
  })
  await reads()
  await call('POST', `${P1}/persons/${ownerPerson.id}/delete_property/?$unset=name`, { $unset: 'name' })
  await reads()
  // Events merge an anonymous id into the owner and create a new person.
  await call('POST', '/_mock/projects/1/events', {
    event: '$identify',
    distinct_id: ownerDistinctId,
    properties: { $anon_distinct_id: 'anon-merged-1', $set: { plan: 'growth' } },
  })
  await call('POST', '/_mock/projects/1/events', {
    event: '$pageview',
    distinct_id: 'brand-new-person',
    properties: { $set: { email: 'new.person@example.com' } },
  })
  await call('POST', '/_mock/projects/1/session_recordings', { distinct_id: 'brand-new-person', active_seconds: 30 })
  await call('POST', '/_mock/projects/1/session_recordings', {
    distinct_id: ownerDistinctId,
    active_seconds: 90,
    viewers: ['someone@example.com'],
  })
  await reads()
  // Playlists and their items.
  await call('PATCH', `${P1}/session_recording_playlists/${collection.short_id}/`, {
    description: 'Changed',
    pinned: false,
  })
  await call('POST', `${P1}/session_recording_playlists/${collection.short_id}/recordings/${firstRecording.id}/`, {})
  await call('DELETE', `${P1}/session_recording_playlists/${collection.short_id}/recordings/${collectionItems[0]!.id}/`)
  await call('POST', `${P1}/session_recording_playlists/`, { name: 'New one', type: 'collection' })
  await reads()
  // A deleted person: the recordings of its ids have no person.
  await call('DELETE', `${P1}/persons/${ownerPerson.id}/`)
  await reads()
  // The clock moves on: recording_ttl and ongoing follow it.
  await call('POST', '/_mock/clock', { advance: 'PT2M' })
  await get(`${P1}/session_recordings/?limit=10`)
  await call('POST', '/_mock/clock', { advance: 'P1DT1H' })
  await reads()
  return answers
}

interface PersonInfo {
  id: number
  projectId: number
  uuid: string
  email?: string
  distinctIds: string[]
}

/** Every person of the default data (read from the store: the session must not add answers for it). */
async function personIds(client: TestClient): Promise<PersonInfo[]> {
  return [...client.app.store.persons.all()].map((p) => ({
    id: p.id,
    projectId: p.project_id,
    uuid: p.uuid,
    email: typeof p.properties.email === 'string' ? p.properties.email : undefined,
    distinctIds: [...p.distinct_ids],
  }))
}
