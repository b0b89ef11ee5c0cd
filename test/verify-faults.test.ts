// The kit's own mutation suite: every rule it checks has a mutant, the mock behind a loopback proxy that
// breaks that one rule on the wire, and the kit must report the failure in the check that is about it
// (read-only for the rules a read can see, --writes for the rest). Without a mutant the same proxy
// passes every check, in both profiles and with --strict: the mutant is the only cause.
import { describe, expect, it } from 'vitest'
import type { VerifyOptions } from '../src/verify/types.ts'
import { verify } from '../src/verify/index.ts'
import { KEYS } from './support.ts'
import { appWith, behindProxy, find, outcomes, type Mutant, type ProxiedRequest } from './verify-support.ts'

const API = '/api/environments/1'
/** Whether the request is `method` on the project's path `path` (a pattern, matched whole). */
const on = (req: ProxiedRequest, method: string, path: string) =>
  req.method === method && new RegExp(`^${API}${path}$`).test(req.url.pathname)
const error = (status: number, detail: string) => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: '',
  json: { type: 'invalid_request', code: 'error', detail, attr: null },
})
const personFields = (p: any): string[] => [p.properties?.email, p.properties?.name, p.uuid]

interface Case {
  /** The rule the mutant breaks. */
  rule: string
  mutant: Mutant
  options: Partial<VerifyOptions>
  /** The checks that must fail, and how they say it. */
  catches: Array<[operationId: string, check: string, message: RegExp]>
}

const CASES: Case[] = [
  {
    rule: 'page size within limit: the recordings list ignores limit',
    mutant: { request: (req) => void (on(req, 'GET', '/session_recordings/') && req.url.searchParams.delete('limit')) },
    options: { operations: ['session_recordings_list'] },
    catches: [['session_recordings_list', 'pagination walk', /has \d+ items, more than limit=1/]],
  },
  {
    rule: 'page size within limit: a person activity page larger than limit',
    mutant: {
      response(req, res) {
        // Two entries whatever the page size (the default data has no activity yet).
        const entry = (n: number) => ({ ...res.json.results[0], id: `00000000-0000-4000-8000-00000000000${n}` })
        if (on(req, 'GET', '/persons/\\d+/activity/') && res.json?.results) res.json.results = [entry(1), entry(2)]
      },
    },
    options: { operations: ['persons_activity_retrieve'] },
    catches: [['persons_activity_retrieve', 'pagination walk', /more than limit=1/]],
  },
  {
    rule: 'list order: recordings oldest first',
    mutant: { response: (req, res) => void (on(req, 'GET', '/session_recordings/') && res.json?.results?.reverse()) },
    options: { operations: ['session_recordings_list'] },
    catches: [['session_recordings_list', 'list order -start_time', /out of the order -start_time/]],
  },
  {
    rule: 'search: case-sensitive',
    mutant: {
      response(req, res) {
        const term = req.url.searchParams.get('search')
        if (on(req, 'GET', '/persons/') && term)
          res.json.results = res.json.results.filter((p: any) =>
            [...personFields(p), ...p.distinct_ids].some((v) => typeof v === 'string' && v.includes(term)),
          )
      },
    },
    options: { operations: ['persons_list'] },
    catches: [['persons_list', 'filter search', /in another case.*is missing/]],
  },
  {
    rule: 'search: does not reach the distinct ids',
    mutant: {
      response(req, res) {
        const term = req.url.searchParams.get('search')?.toLowerCase()
        if (on(req, 'GET', '/persons/') && term)
          res.json.results = res.json.results.filter((p: any) =>
            personFields(p).some((v) => typeof v === 'string' && v.toLowerCase().includes(term)),
          )
      },
    },
    options: { operations: ['persons_list'] },
    catches: [['persons_list', 'filter search', /part of distinct_ids in another case.*is missing/]],
  },
  {
    rule: 'exact match: the email filter matches substrings',
    mutant: {
      request(req) {
        const email = req.url.searchParams.get('email')
        if (!on(req, 'GET', '/persons/') || email === null) return
        req.url.searchParams.delete('email')
        req.url.searchParams.set('search', email)
      },
    },
    options: { operations: ['persons_list'] },
    catches: [['persons_list', 'filter email', /less its last character\): \d+ of \d+ results do not match/]],
  },
  {
    rule: 'a filter that ignores its value: distinct_id',
    mutant: { request: (req) => void (on(req, 'GET', '/persons/') && req.url.searchParams.delete('distinct_id')) },
    options: { operations: ['persons_list'] },
    catches: [['persons_list', 'filter distinct_id', /^distinct_id=.*results do not match/]],
  },
  {
    rule: "project isolation: another project's person in the list",
    mutant: {
      async response(req, res, send) {
        if (!on(req, 'GET', '/persons/') || !res.json?.results) return
        const url = new URL(req.url.href.replace(`${API}/`, '/api/environments/2/'))
        url.search = '?limit=1'
        const other = await send({ ...req, url })
        res.json.results.unshift(other.json.results[0])
      },
    },
    options: { operations: ['persons_list'] },
    catches: [['persons_list', 'project isolation', /is listed in project 1 and in project 2/]],
  },
  {
    rule: 'scopes: a read key allowed a write (not the first write there is)',
    mutant: {
      request(req) {
        if (on(req, 'PATCH', '/session_recordings/[^/]+/') && req.headers.authorization === `Bearer ${KEYS.read}`)
          req.headers.authorization = `Bearer ${KEYS.all}`
      },
    },
    options: { writes: true, operations: ['session_recordings_partial_update'] },
    catches: [['session_recordings_partial_update', 'missing scope is 403', /^expected 403, got 404$/]],
  },
  {
    rule: 'no key and an unknown key are 401: a deployment that lets them through',
    mutant: {
      request(req) {
        if (on(req, 'GET', '/session_recordings/') && req.headers.authorization !== `Bearer ${KEYS.all}`)
          req.headers.authorization = `Bearer ${KEYS.all}`
      },
    },
    options: { operations: ['session_recordings_list'] },
    catches: [
      ['session_recordings_list', 'no key is 401', /^expected 401, got 200$/],
      ['session_recordings_list', 'unknown key is 401', /^expected 401, got 200$/],
    ],
  },
  {
    rule: 'trailing slash: a playlist without its trailing slash is a 404',
    mutant: {
      request: (req) => (on(req, 'GET', '/session_recording_playlists/[^/]+') ? error(404, 'Not found.') : undefined),
    },
    options: { operations: ['session_recording_playlists_retrieve'] },
    catches: [['session_recording_playlists_retrieve', 'other path forms answer alike', /answered 404, not 200/]],
  },
  {
    rule: 'formats: format=csv ignored',
    mutant: { request: (req) => void (on(req, 'GET', '/persons/') && req.url.searchParams.delete('format')) },
    options: { operations: ['persons_list'] },
    catches: [
      ['persons_list', 'each format answers its media type', /format=csv answered application\/json, not text\/csv/],
    ],
  },
  {
    rule: 'effects: viewed never set by its PATCH',
    mutant: {
      request: (req) => void (on(req, 'PATCH', '/session_recordings/[^/]+/') && (req.body = '{"analyzed": true}')),
    },
    options: { writes: true, operations: ['session_recordings_partial_update'] },
    catches: [['session_recordings_partial_update', 'viewed shows on retrieve', /does not show \{"viewed":true\}/]],
  },
  {
    rule: 'effects: delete_events=true queueing nothing',
    mutant: {
      request: (req) => void (on(req, 'DELETE', '/persons/\\d+/') && req.url.searchParams.delete('delete_events')),
    },
    options: { writes: true, operations: ['persons_destroy'] },
    catches: [['persons_destroy', 'delete removes the person', /mock_tasks_list after the DELETE lists no new item/]],
  },
  {
    rule: 'effects: a soft delete that keeps the playlist listed',
    mutant: {
      request(req) {
        if (on(req, 'PATCH', '/session_recording_playlists/[^/]+/') && JSON.parse(req.body || '{}').deleted === true)
          req.body = '{}'
      },
    },
    options: { writes: true, operations: ['session_recording_playlists_partial_update'] },
    catches: [
      [
        'session_recording_playlists_partial_update',
        'soft delete: 404 after, gone from the list',
        /does not show \{"deleted":true\}/,
      ],
    ],
  },
  {
    rule: 'effects: a recording added answers success and is not in the playlist',
    mutant: {
      request: (req) =>
        on(req, 'POST', '/session_recording_playlists/[^/]+/recordings/[^/]+/')
          ? { status: 200, headers: { 'content-type': 'application/json' }, body: '', json: { success: true } }
          : undefined,
    },
    options: { writes: true, operations: ['session_recording_playlists_recordings_create'] },
    catches: [
      ['session_recording_playlists_recordings_create', 'add recording shows it in the playlist', /does not list/],
    ],
  },
  {
    rule: 'effects: a person DELETE that does not remove it',
    mutant: {
      request: (req) => (on(req, 'DELETE', '/persons/\\d+/') ? { status: 204, headers: {}, body: '' } : undefined),
    },
    options: { writes: true, operations: ['persons_destroy'] },
    catches: [
      ['persons_destroy', 'delete removes the person', /persons_retrieve after the DELETE answered 200, not 404/],
    ],
  },
  {
    rule: 'effects: a playlist DELETE that removes it while answering 405',
    mutant: {
      async request(req, send) {
        if (!on(req, 'DELETE', '/session_recording_playlists/[^/]+/')) return
        await send({
          ...req,
          method: 'PATCH',
          body: '{"deleted": true}',
          headers: { ...req.headers, 'content-type': 'application/json' },
        })
        return { status: 405, headers: {}, body: '' }
      },
    },
    options: { writes: true, operations: ['session_recording_playlists_destroy'] },
    catches: [
      [
        'session_recording_playlists_destroy',
        'DELETE is 405 with an empty body and keeps the playlist',
        /session_recording_playlists_retrieve after the DELETE answered 404, not 200/,
      ],
    ],
  },
  {
    rule: 'statuses: retrieve answers 201',
    mutant: {
      response: (req, res) =>
        void (on(req, 'GET', '/persons/\\d+/') && res.status === 200 && res.json && (res.status = 201)),
    },
    options: { operations: ['persons_retrieve'] },
    catches: [
      ['persons_retrieve', 'responses conform to the contract', /status 201 is not documented for persons_retrieve/],
      ['persons_retrieve', 'retrieve matches the list item', /^expected 200, got 201$/],
    ],
  },
  {
    rule: 'schemas: persons in the list lose their uuid',
    mutant: {
      response(req, res) {
        if (on(req, 'GET', '/persons/') && res.json?.results)
          res.json.results = res.json.results.map(({ uuid: _uuid, ...rest }: any) => rest)
      },
    },
    options: { operations: ['persons_list'] },
    catches: [['persons_list', 'responses conform to the contract', /\/results\/0 must have required property 'uuid'/]],
  },
  {
    rule: "pagination: each page starts with the previous page's last person",
    mutant: {
      request(req) {
        const offset = Number(req.url.searchParams.get('offset') ?? 0)
        if (on(req, 'GET', '/persons/') && offset > 0) req.url.searchParams.set('offset', String(offset - 1))
      },
    },
    options: { operations: ['persons_list'] },
    catches: [['persons_list', 'pagination walk', /^id \d+ appears on page 1 and again on page 2$/]],
  },
  {
    rule: 'negative input: a malformed person id is a 500',
    mutant: {
      request: (req) =>
        req.method === 'GET' &&
        /^\/api\/environments\/1\/persons\/[^/]*[^0-9/][^/]*\/$/.test(req.url.pathname) &&
        !/^[0-9a-f-]{36}$/.test(req.url.pathname.split('/')[5]!) &&
        req.url.pathname !== `${API}/persons/activity/`
          ? {
              ...error(500, 'A server error occurred.'),
              json: { type: 'server_error', code: 'error', detail: 'A server error occurred.', attr: null },
            }
          : undefined,
    },
    options: { operations: ['persons_retrieve'] },
    catches: [['persons_retrieve', 'negative input', /\(path id\); first: id=.* -> 500 \(a server error\)/]],
  },
  {
    rule: 'undocumented fields: --strict fails on a field the contract does not name',
    mutant: {
      response: (req, res) =>
        void (on(req, 'GET', '/persons/\\d+/') && res.json?.uuid && (res.json.is_identified = true)),
    },
    options: { strict: true, operations: ['persons_retrieve'] },
    catches: [
      [
        'persons_retrieve',
        'responses conform to the contract',
        /fields the contract does not name \(a failure with --strict\)/,
      ],
    ],
  },
]

async function verifyBehind(mutant: Mutant | undefined, options: Partial<VerifyOptions>, appOptions = {}) {
  const proxy = await behindProxy(await appWith({ clock: { frozen: false }, ...appOptions }), mutant)
  try {
    return await verify({ baseUrl: proxy.url, apiKey: KEYS.all, projectId: 1, seed: 1, ...options })
  } finally {
    await proxy.close()
  }
}

describe('the kit catches a mutant of every rule, behind a loopback proxy', () => {
  it.each(CASES.map((c) => [c.rule, c] as const))(
    '%s',
    async (_rule, { mutant, options, catches }) => {
      const result = await verifyBehind(mutant, options)
      for (const [operationId, check, message] of catches) {
        expect(find(result, operationId, check), `${operationId} / ${check}`).toMatchObject({
          outcome: 'failed',
          message: expect.stringMatching(message),
        })
      }
      expect(result.ok).toBe(false)
    },
    60_000,
  )

  it('without the mutant the same selections pass: each mutant above is the only cause', async () => {
    const operations = [...new Set(CASES.flatMap((c) => c.options.operations ?? []))]
    const result = await verifyBehind(undefined, { writes: true, strict: true, operations })
    expect(outcomes(result, 'failed')).toEqual([])
    expect(outcomes(result, 'skipped')).toEqual([])
  }, 120_000)

  it.each([
    ['seed', KEYS.all],
    ['observed', KEYS.legacy],
  ] as const)(
    'a correct server passes every check behind the proxy: the %s profile, with --writes and --strict',
    async (profile, apiKey) => {
      const result = await verifyBehind(undefined, { writes: true, strict: true, profile, apiKey }, { profile })
      expect(outcomes(result, 'failed')).toEqual([])
      expect(outcomes(result, 'skipped')).toEqual([])
      expect(result.summary.drift).toBe(0)
    },
    180_000,
  )

  it('the strict mutant passes without --strict, the field noted', async () => {
    const strict = CASES.find((c) => c.options.strict)!
    const result = await verifyBehind(strict.mutant, { operations: ['persons_retrieve'] })
    expect(find(result, 'persons_retrieve', 'responses conform to the contract')).toMatchObject({
      outcome: 'passed',
      notes: ['fields the contract does not name: /is_identified'],
    })
  }, 60_000)
})
