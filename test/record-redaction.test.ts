// Nothing personal reaches a recorded file unless asked for by name: e-mail addresses, names and IP
// addresses are planted everywhere the operations can show them (properties, nested ones, distinct
// ids, free text, URLs, recordings' viewers, playlist names and saved filters, activity logs), and
// the file, the report and the output are searched for them and for every original address and name
// of the source. The key never appears anywhere either.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { runRecordCommand } from '../src/record/cli.ts'
import { createMock, type Mock } from '../src/testing/mock.ts'

const KEY = 'phx_planted_recording_key_5b1c0e7d9a'
const NOW = '2026-11-01T00:00:00Z'

const PLANTED = {
  emails: [
    'zebulon.quartermaine@example.org',
    'ops.lead@quartermaine.example.net',
    'zq@work.example.net',
    'new.address@quartermaine.example.net',
  ],
  names: ['Zebulon Quartermaine', 'Zebulon', 'Quartermaine', 'Ottoline Vexworth', 'Ottoline', 'Vexworth'],
  ips: ['203.0.113.77', '2001:db8::7:1', '198.51.100.23'],
  other: ['+1 555 0199 7781', 'shop.example.org', 's3cr3t', 'zq-device-7781'],
  // Issue 50's two leaks: an address under a harmless key ($browser, $utm_source and their $initial_
  // forms were kept before their shape was looked at), and five dash-joined words taken for a UUID.
  regressions: ['someone@company.io', 'zelda-quixote-victim-corp-1985', 'jane-doe-lives-in-leeds', 'Zebulon Firefox'],
}

let mock: Mock
let dir: string

async function plant(): Promise<void> {
  await mock.store.addApiKey({
    id: 'key-recorder',
    value: KEY,
    label: 'recorder',
    user_id: 1,
    scopes: ['*'],
    scoped_teams: [],
    scoped_organizations: [],
  })
  const person = await mock.create.person({
    distinct_ids: ['zebulon.quartermaine@example.org', 'zq-device-7781'],
    properties: {
      email: 'zebulon.quartermaine@example.org',
      name: 'Zebulon Quartermaine',
      first_name: 'Zebulon',
      last_name: 'Quartermaine',
      $ip: '203.0.113.77',
      last_ip: '2001:db8::7:1',
      $current_url: 'https://shop.example.org/account/zebulon-quartermaine?token=s3cr3t',
      note: 'Call Zebulon at ops.lead@quartermaine.example.net from 198.51.100.23',
      phone: '+1 555 0199 7781',
      profile: { work_email: 'zq@work.example.net', partner: 'Ottoline Vexworth' },
      plan: 'enterprise',
      $browser: 'Firefox',
      $initial_utm_source: 'someone@company.io',
      $initial_os: 'zelda-quixote-victim-corp-1985',
      referrer_code: 'jane-doe-lives-in-leeds',
      $initial_browser: 'Zebulon Firefox',
    },
  })
  await mock.create.recording({
    distinct_id: 'zq-device-7781',
    viewers: mock.store.users.all().map((u) => u.email),
    start_url: 'https://shop.example.org/u/zebulon',
  })
  await mock.create.playlist({
    name: 'Zebulon Quartermaine sessions',
    description: 'ask ops.lead@quartermaine.example.net or 198.51.100.23',
    type: 'filters',
    filters: {
      properties: [{ key: 'email', value: 'zebulon.quartermaine@example.org', operator: 'exact', type: 'person' }],
    },
  })
  const patched = await mock.fetch(`/api/environments/1/persons/${person.id}/`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ properties: { email: 'new.address@quartermaine.example.net', $ip: '198.51.100.23' } }),
  })
  expect(patched.status).toBe(200)
}

async function recordTo(name: string, extra: string[] = []): Promise<{ code: number; file: string; output: string }> {
  const file = join(dir, name)
  const lines: string[] = []
  const code = await runRecordCommand(
    [
      '--base-url',
      'http://deployment.test',
      '--project',
      '1',
      '--out',
      file,
      '--report',
      `${file}.report.json`,
      ...extra,
    ],
    {
      out: (t) => lines.push(t),
      err: (t) => lines.push(t),
      env: { ANALYTICS_MOCK_API_KEY: KEY },
      progress: { isTTY: false, write: (t: string) => lines.push(t) },
      fetch: mock.app.fetch,
      // A fixed salt: the same fakes every run. With a random one, a fake full name drawn from faker's
      // lists now and then equalled a name the source holds outside the recorded project (its project 2,
      // users never shown), which the search below cannot tell from a leak; fakes equal to the recorded
      // data's own values are drawn again by the redactor itself.
      salt: 'record-redaction-test',
    },
  )
  return { code, file, output: lines.join('\n') }
}

/** Every address and name the source holds: the planted ones, every person's, every user's. */
function originals(): string[] {
  const out = new Set<string>([
    ...PLANTED.emails,
    ...PLANTED.names,
    ...PLANTED.ips,
    ...PLANTED.other,
    ...PLANTED.regressions,
  ])
  for (const p of mock.store.persons.all()) {
    for (const key of ['email', 'name'])
      if (typeof p.properties[key] === 'string' && p.properties[key]) out.add(p.properties[key] as string)
    for (const id of p.distinct_ids) if (id.includes('@')) out.add(id)
  }
  for (const u of mock.store.users.all()) {
    out.add(u.email)
    out.add(`${u.first_name} ${u.last_name}`)
    out.add(u.distinct_id)
  }
  return [...out]
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'analytics-mock-redaction-'))
  mock = await createMock({ now: NOW })
  await plant()
})

describe('a recorded file holds nothing personal from the source', () => {
  it('no planted or original address, name or IP in the file, the report or the output; nor the key', async () => {
    const { code, file, output } = await recordTo('redacted.json')
    expect(code, output).toBe(0)
    const texts = { file: readFileSync(file, 'utf8'), report: readFileSync(`${file}.report.json`, 'utf8'), output }
    const searched = originals()
    expect(searched.length).toBeGreaterThan(400)
    for (const [where, text] of Object.entries(texts)) {
      const lower = text.toLowerCase()
      const found = searched.filter((s) => lower.includes(s.toLowerCase()))
      expect(found, `originals in the ${where}`).toEqual([])
      expect(text, `the key in the ${where}`).not.toContain(KEY)
    }
    // The planted person is there, under fakes that still join: its e-mail distinct id, e-mail property and
    // the playlist's filter value are one fake; the recording is still its.
    const scenario = JSON.parse(texts.file)
    const planted = scenario.persons.find((p: any) => p.person.properties.profile)
    expect(planted).toBeDefined()
    const props = planted.person.properties
    expect(props.$browser).toBe('Firefox')
    // Under a harmless key only the values it takes are kept; shaped like an address, redacted as one.
    expect(props.$initial_utm_source).toMatch(/@example\.com$/)
    expect(props.$initial_os).not.toBe('zelda-quixote-victim-corp-1985')
    // ... in the timeline too (each point holds the person's properties of its stretch).
    expect(planted.timeline.length).toBeGreaterThan(1)
    for (const point of planted.timeline) expect(point.properties.$initial_utm_source).toBe(props.$initial_utm_source)
    expect(props.email).toMatch(/@example\.com$/)
    expect(props.$ip).toMatch(/^10\.\d+\.\d+\.\d+$/)
    expect(props.last_ip).toMatch(/^fd00:/)
    const filtersPlaylist = scenario.playlists.find(
      (p: any) => p.playlist.type === 'filters' && p.playlist.filters.properties,
    )
    const filterValue = filtersPlaylist.playlist.filters.properties[0].value
    expect(filterValue).toMatch(/@example\.com$/)
    expect(planted.person.distinct_ids).toContain(filterValue)
    const recording = scenario.recordings.find((r: any) => planted.person.distinct_ids.includes(r.distinct_id))
    expect(recording).toBeDefined()
    // Users' addresses are one fake wherever they appear: every user viewed the planted recording, so
    // each recorded user's (a playlist author's, the key's) address is among its viewers.
    expect(recording.viewers).toHaveLength(mock.store.users.count())
    for (const user of scenario.users) expect(recording.viewers).toContain(user.email)
    // The person's activity log is recorded; as in the real service it names the field that changed
    // (properties), never the values, so none of the planted values can reach the file through it.
    const changes = planted.activity.flatMap((e: any) => e.detail.changes ?? [])
    expect(changes.length).toBeGreaterThan(0)
    expect(changes.filter((c: any) => c.field === 'properties').map((c: any) => [c.before, c.after])).toContainEqual([
      null,
      null,
    ])
    expect(changes.every((c: any) => c.before == null && c.after == null)).toBe(true)
  })

  it('the report names what was redacted by label, with counts by kind', async () => {
    const report = JSON.parse(readFileSync(join(dir, 'redacted.json.report.json'), 'utf8'))
    const byLabel = new Map(report.redacted.map((e: any) => [e.label, e]))
    expect(byLabel.get('email')).toMatchObject({ where: 'person property', kinds: { email: expect.any(Number) } })
    expect(byLabel.get('$ip')).toMatchObject({ kinds: { ip: 2 } })
    expect(byLabel.get('distinct_id')).toMatchObject({ where: 'field' })
    expect(byLabel.get('user.email')).toMatchObject({ kinds: { email: mock.store.users.count() } })
    expect(report.unchanged).toContain('$browser')
    expect(report.kept).toEqual([])
  })

  it('--keep lets exactly the named property through (so the search above can find a leak)', async () => {
    const { code, file, output } = await recordTo('kept.json', ['--keep', 'email,plan'])
    expect(code, output).toBe(0)
    const text = readFileSync(file, 'utf8')
    const has = (needle: string) => text.includes(needle)
    expect(has('"email":"new.address@quartermaine.example.net"')).toBe(true)
    expect(has('"plan":"enterprise"')).toBe(true)
    // Only those: the same address as a distinct id (another label), and everything else, is still redacted.
    const scenario = JSON.parse(text)
    const distinctIds = scenario.persons.flatMap((p: any) => p.person.distinct_ids)
    expect(distinctIds).not.toContain('zebulon.quartermaine@example.org')
    expect(has('Zebulon Quartermaine')).toBe(false)
    expect(has('203.0.113.77')).toBe(false)
    expect(output).toContain('kept as recorded (--keep): email, plan')
  })

  it('takes the key from the environment only, and says so when it is given on the command line', async () => {
    const lines: string[] = []
    const io = { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t), env: {}, fetch: mock.app.fetch }
    expect(
      await runRecordCommand(
        ['--base-url', 'http://d.test', '--project', '1', '--out', join(dir, 'x.json'), '--api-key', KEY],
        io,
      ),
    ).toBe(2)
    expect(lines.join('\n')).toContain('never from the command line')
    expect(lines.join('\n')).not.toContain(KEY)
    expect(
      await runRecordCommand(['--base-url', 'http://d.test', '--project', '1', '--out', join(dir, 'x.json')], io),
    ).toBe(2)
    expect(lines.at(-1)).toContain('no key: set $ANALYTICS_MOCK_API_KEY')
    const wrong = await runRecordCommand(
      ['--base-url', 'http://d.test', '--project', '1', '--out', join(dir, 'x.json')],
      { ...io, env: { ANALYTICS_MOCK_API_KEY: 'phx_wrong' } },
    )
    expect(wrong).toBe(1)
    expect(lines.at(-1)).toMatch(/cannot read .*401.*is the key right\?\)\. Nothing was written\./)
  })
})
