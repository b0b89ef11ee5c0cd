// Redaction holds whatever the data: fast-check plants personal-data-shaped values (e-mail addresses,
// phone numbers, IP addresses, names, slugs, URLs with query strings, JWT-like tokens) under known
// keys (the redactor's name, URL, number and harmless keys, the service's own properties) and arbitrary
// ones, at any depth, in every place a client can put data and a recording keeps it (person properties,
// timeline points, activity changes and users, distinct ids, person names, recordings' fields and
// viewers, playlists' names, descriptions, filters and authors, the key's user, organization and
// project), and none of them, nor any distinctive part of them, is in the file or the report.
//
// The data is read once from a mock by the recorder's own crawl; each run plants into a copy and redacts
// it as `record` does (redactedScenario, what the CLI writes with JSON.stringify).
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../src/app.ts'
import { crawl, type Crawled } from '../src/record/crawl.ts'
import { redactedScenario } from '../src/record/record.ts'
import { isUuid } from '../src/record/redact.ts'

type Json = Record<string, any>

const BASE = 'http://deployment.test'
let base: Crawled

beforeAll(async () => {
  const app = await createApp({
    clock: { now: '2026-11-01T00:00:00Z', frozen: true },
    size: { persons: 6, recordings: 6 },
  })
  // One change through the API, so the first person has an activity log and a timeline of two points.
  const first = (
    (await (
      await app.fetch(
        new Request(`${BASE}/api/environments/1/persons/?limit=1`, {
          headers: { authorization: 'Bearer phx_mock_all' },
        }),
      )
    ).json()) as Json
  ).results[0]
  const patched = await app.fetch(
    new Request(`${BASE}/api/environments/1/persons/${first.id}/`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer phx_mock_all', 'content-type': 'application/json' },
      body: JSON.stringify({ properties: { plan: 'changed' } }),
    }),
  )
  expect(patched.status).toBe(200)
  base = await crawl({ baseUrl: BASE, projectId: 1, apiKey: 'phx_mock_all', fetch: app.fetch })
  expect(base.persons[0]!.activity!.length).toBeGreaterThan(0)
  expect(base.persons[0]!.timeline!.length).toBeGreaterThan(1)
  expect(base.playlists.length).toBeGreaterThan(0)
})

// --- personal values, each with its distinctive parts ------------------------------------------------

/** Letters no fake contains six of in a row (no vowels, no hex digits): a found part is a leak. */
const CONSONANTS = 'ghjklmnpqrstvwxz'
const word = fc.string({ unit: fc.constantFrom(...CONSONANTS), minLength: 6, maxLength: 9 })
const capitalized = word.map((w) => w[0]!.toUpperCase() + w.slice(1))
const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n })
const octet = fc.integer({ min: 1, max: 254 })

interface Planted {
  kind: string
  value: string
  /** Parts that must not be found either (words of six consonants and more, whole values otherwise). */
  parts: string[]
}

const planted = (kind: string, value: string, parts: string[] = []): Planted => ({ kind, value, parts })

const personal: fc.Arbitrary<Planted> = fc.oneof(
  fc
    .tuple(word, word, word, fc.constantFrom('com', 'io', 'co.uk'))
    .map(([a, b, c, tld]) => planted('email', `${a}.${b}@${c}.${tld}`, [a, b, c])),
  fc
    .tuple(fc.constantFrom('+44 7700 %', '(555) %', '+1-555-%', '0%'), digits(7))
    .map(([format, n]) => planted('phone', format.replace('%', `${n.slice(0, 3)} ${n.slice(3)}`))),
  fc.tuple(fc.constantFrom(203, 198, 84, 151), octet, octet, octet).map((o) => planted('ip', o.join('.'))),
  fc
    .tuple(fc.array(fc.integer({ min: 0x1000, max: 0xffff }), { minLength: 6, maxLength: 6 }))
    .map(([g]) => planted('ip', `2a02:${g.map((n) => n.toString(16)).join(':')}:1`)),
  fc.tuple(capitalized, capitalized).map(([first, last]) => planted('name', `${first} ${last}`, [first, last])),
  capitalized.map((first) => planted('name', first, [first])),
  fc
    .tuple(fc.array(word, { minLength: 3, maxLength: 6 }), fc.option(digits(4), { nil: undefined }))
    .map(([words, n]) => planted('slug', [...words, ...(n ? [n] : [])].join('-'), words)),
  fc
    .tuple(word, word, word, word)
    .map(([host, path, who, token]) =>
      planted('url', `https://${host}.example.org/${path}?email=${who}%40mail.com&token=${token}`, [
        host,
        path,
        who,
        token,
      ]),
    ),
  fc
    .tuple(
      fc.array(
        fc.string({
          unit: fc.constantFrom(...CONSONANTS, ...CONSONANTS.toUpperCase(), '_', '-'),
          minLength: 12,
          maxLength: 30,
        }),
        { minLength: 3, maxLength: 3 },
      ),
    )
    .map(([[a, b, c]]) => planted('jwt', `eyJ${a}.eyJ${b}.${c}`, [a!, b!, c!])),
)

/** Keys the redactor knows (names, URLs, numbers, the service's harmless ones), and any other. */
const KNOWN_KEYS = [
  'email',
  'name',
  'first_name',
  'last_name',
  'username',
  'phone',
  'postcode',
  'birthdate',
  '$current_url',
  '$pathname',
  '$referring_domain',
  '$initial_referring_domain',
  '$browser',
  '$initial_browser',
  '$os',
  '$initial_os',
  '$device_type',
  '$utm_source',
  '$initial_utm_source',
  '$utm_medium',
  '$geoip_country_name',
  '$geoip_country_code',
  '$geoip_time_zone',
  '$browser_version',
  '$lib',
  '$locale',
  '$ip',
  'company',
  'note',
  'plan',
  'id',
  'uuid',
  'distinct_id',
  '$device_id',
  '$session_id',
]
const key = fc.oneof(fc.constantFrom(...KNOWN_KEYS), fc.string({ minLength: 1, maxLength: 12 }))

/** The value at `depth` under objects and arrays. */
function nested(value: string, depth: number, keys: string[]): unknown {
  let out: unknown = value
  for (let d = 0; d < depth; d++) out = d % 2 === 0 ? { [keys[d % keys.length]!]: out } : [1, out]
  return out
}

// --- places a recording keeps a client's data ----------------------------------------------------------

type Place = (c: Json, value: string, key: string, deep: unknown) => void
const pick = (list: any[], i: number): any => list[i % list.length]

const PLACES: Record<string, (i: number) => Place> = {
  'person property': (i) => (c, _, k, deep) => void (pick(c.persons, i).person.properties[k] = deep),
  'timeline point': (i) => (c, _, k, deep) => void (pick(c.persons[0].timeline, i).properties[k] = deep),
  'activity change': (i) => (c, value, k, deep) =>
    void pick(c.persons[0].activity, i).detail.changes.push({
      type: 'Person',
      action: 'changed',
      field: k,
      before: deep,
      after: value,
    }),
  'activity user': (i) => (c, value) =>
    void Object.assign(pick(c.persons[0].activity, i), { user: { first_name: value, email: value } }),
  'distinct id': (i) => (c, value) => void pick(c.persons, i).person.distinct_ids.push(value),
  'person name': (i) => (c, value) => void (pick(c.persons, i).person.name = value),
  // (Not under the fields the service types: a recording's id, distinct id, viewers and person have places of their own.)
  'recording field': (i) => (c, _, k, deep) =>
    void (pick(c.recordings, i)[['id', 'distinct_id', 'viewers', 'person'].includes(k) ? `x${k}` : k] = deep),
  'recording distinct id': (i) => (c, value) => void (pick(c.recordings, i).distinct_id = value),
  'recording viewer': (i) => (c, value) => void pick(c.recordings, i).viewers.push(value),
  'recording start url': (i) => (c, value) => void (pick(c.recordings, i).start_url = value),
  'playlist name': (i) => (c, value) => void (pick(c.playlists, i).playlist.name = value),
  'playlist description': (i) => (c, value) => void (pick(c.playlists, i).playlist.description = value),
  'playlist filter': (i) => (c, _, k, deep) =>
    void (pick(c.playlists, i).playlist.filters = {
      properties: [{ key: k, value: deep, operator: 'exact', type: 'person' }],
      note: deep,
    }),
  'playlist author': (i) => (c, value) =>
    void Object.assign(pick(c.playlists, i).playlist.created_by, { first_name: value, last_name: value, email: value }),
  'key user': () => (c, value) =>
    void Object.assign(c.me, { first_name: value, last_name: value, email: value, distinct_id: value }),
  organization: () => (c, value) => void Object.assign(c.me.organization, { name: value, slug: value }),
  project: () => (c, value) => void (c.project.name = value),
}

const planting = fc.record({
  value: personal,
  place: fc.constantFrom(...Object.keys(PLACES)),
  at: fc.nat(20),
  key,
  depth: fc.nat(3),
  keys: fc.array(key, { minLength: 1, maxLength: 3 }),
})

describe('redaction, property-based', () => {
  it('no planted personal value, nor a distinctive part of one, survives anywhere in the file or the report', () => {
    fc.assert(
      fc.property(
        fc.array(planting, { minLength: 1, maxLength: 8 }),
        fc.string({ minLength: 16, maxLength: 32 }),
        (plantings, salt) => {
          const copy = structuredClone(base) as unknown as Json
          for (const p of plantings)
            PLACES[p.place]!(p.at)(copy, p.value.value, p.key, nested(p.value.value, p.depth, p.keys))
          const { scenario, report } = redactedScenario(copy as unknown as Crawled, {
            baseUrl: BASE,
            projectId: 1,
            salt,
            recordedAt: new Date('2026-11-01T00:00:00Z'),
          })
          const written = `${JSON.stringify(scenario)}\n${JSON.stringify(report)}`.toLowerCase()
          for (const { value } of plantings) {
            for (const part of [value.value, ...value.parts]) {
              expect(written.includes(part.toLowerCase()), `${value.kind} "${value.value}" (${part}) survived`).toBe(
                false,
              )
            }
          }
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('what counts as a UUID', () => {
  it('the RFC 4122 layout with its version and variant, the nil and max UUIDs, and the service’s UUIDT and uuid7 ids', () => {
    for (const id of [
      'fa5ec79d-f93c-446d-a433-b9091e2f4d87', // v4 (the SDKs' and the mock's)
      '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', // v7 (posthog-js's distinct and session ids)
      '018c5a7e-3b21-0042-c1d9-7f0e8a6b5c4d', // UUIDT: a 2023 millisecond prefix, a counter, random bytes; no version or variant
      '00000000-0000-0000-0000-000000000000',
      'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
    ]) {
      expect(isUuid(id), id).toBe(true)
    }
  })

  it('not five dash-joined words, nor hex of another layout, nor a version-less id outside the service’s instants', () => {
    for (const id of [
      'zelda-quixote-victim-corp-1985',
      'jane-doe-lives-in-leeds',
      'abcdefab-abcd-abcd-abcd-abcdefabcdef0', // too long
      'fa5ec79d-f93c-446d-a433-b9091e2f4d8g', // not hex
      'fa5ec79df93c446da433b9091e2f4d87', // no dashes
      'fa5ec79d-f93c-046d-c433-b9091e2f4d87', // no version nor variant, and not a UUIDT instant (year 10 000+)
    ]) {
      expect(isUuid(id), id).toBe(false)
    }
  })
})
