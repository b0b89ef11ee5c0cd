// Generated requests for one operation of the contract: valid ones (built from its parameter and body
// schemas, addressing records that exist) and broken ones (wrong types, huge numbers, unicode, empty or
// repeated parameters, wrong methods and content types, bodies that are not JSON or too large, path
// tricks). Used by the fuzz suite; every request is a plain description, so a failure prints as curl.
import type { OperationInfo } from '../../src/core/contract.ts'
import type { SeededRandom } from '../../src/core/random.ts'
import { anyValue, invalidValue, NASTY_STRINGS, pick, validValue } from './schema-values.ts'

export interface FuzzRequest {
  method: string
  /** Path and query, as sent (percent-encoded where it must be). */
  path: string
  headers: Record<string, string>
  body?: string
  /** What was done to it, for the failure report. */
  tricks: string[]
}

/** Identifiers the generator addresses: ones that exist in project 1, ones from project 2, and made-up ones. */
export interface FuzzWorld {
  personIds: string[]
  otherProjectPersonIds: string[]
  shortIds: string[]
  otherProjectShortIds: string[]
  recordingIds: string[]
  otherProjectRecordingIds: string[]
  /** Ids of the journal's newest entries (the control API's journal/{id} paths). */
  journalIds: string[]
  keys: { all: string; read: string; otherProject: string }
}

const SAFE = /^[A-Za-z0-9\-._~]$/

/** Percent-encodes a path segment or query value (lone surrogates become an invalid %ED byte sequence). */
export function encode(value: string): string {
  let out = ''
  for (const ch of value) {
    if (SAFE.test(ch)) out += ch
    else {
      const code = ch.codePointAt(0)!
      if (code >= 0xd800 && code <= 0xdfff) out += '%ED%A0%80'
      else
        for (const byte of new TextEncoder().encode(ch)) out += '%' + byte.toString(16).toUpperCase().padStart(2, '0')
    }
  }
  return out
}

const WRONG_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'PROPFIND']
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  '',
]
const BAD_BODIES = [
  '',
  ' ',
  '{',
  '}',
  '[',
  'null',
  'true',
  '"text"',
  '42',
  '[]',
  '[{}]',
  'name=x&pinned=true',
  '<a/>',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '\u0000',
  '\ufeff{}',
]
const ODD_IDS = [
  '0',
  '-1',
  '1.0',
  '01',
  '1e3',
  ' 1',
  'abc',
  '9'.repeat(20),
  '9007199254740993',
  'null',
  '%2F',
  'a%2Fb',
  '..',
  '.',
  '%00',
  'é',
  '😀',
  'synthetic-watch-history',
]

function segmentValue(name: string, rng: SeededRandom, world: FuzzWorld, tricks: string[]): string {
  const r = rng.next()
  const odd = (): string => {
    const v =
      rng.next() < 0.1 ? 'x'.repeat(1000 + rng.int(20_000)) : pick(rng, [...ODD_IDS, ...NASTY_STRINGS.slice(10, 22)])
    tricks.push(`odd ${name}=${v.length > 40 ? v.slice(0, 20) + `…(${v.length})` : v}`)
    return v
  }
  if (name === 'project_id') {
    if (r < 0.85) return '1'
    if (r < 0.92) {
      tricks.push('project 2')
      return '2'
    }
    return odd()
  }
  const own =
    name === 'journal_id'
      ? world.journalIds
      : name === 'id'
        ? world.personIds
        : name === 'short_id'
          ? world.shortIds
          : world.recordingIds
  const other =
    name === 'id'
      ? world.otherProjectPersonIds
      : name === 'short_id'
        ? world.otherProjectShortIds
        : world.otherProjectRecordingIds
  if (r < 0.7 && own.length) return pick(rng, own)
  if (r < 0.8 && other.length) {
    tricks.push(`other project's ${name}`)
    return pick(rng, other)
  }
  if (r < 0.85) return name === 'id' ? String(100_000 + rng.int(1000)) : rng.uuid()
  return odd()
}

function queryValue(param: any, rng: SeededRandom, valid: boolean): string {
  const json = param.content?.['application/json']?.schema
  if (json) {
    if (valid) return JSON.stringify(validValue(json, rng))
    return rng.next() < 0.5
      ? pick(rng, ['[{', '{}', 'null', '[1]', '"x"', '[{"key":1}]', '['.repeat(2000)])
      : JSON.stringify(invalidValue(json, rng))
  }
  const value = valid ? validValue(param.schema, rng) : invalidValue(param.schema, rng)
  if (typeof value === 'string') return value
  if (!valid && rng.next() < 0.3)
    return pick(rng, [
      '',
      'abc',
      '1.5',
      '-1',
      '1e3',
      '0x10',
      ' 5',
      'NaN',
      'Infinity',
      '99999999999999999999999',
      'true',
      'é',
    ])
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/**
 * One request for `op`. `validity` is the chance each part is built to fit the contract; the rest of the
 * time that part is broken in one of the ways above.
 */
export function generateRequest(op: OperationInfo, rng: SeededRandom, world: FuzzWorld, validity = 0.6): FuzzRequest {
  const tricks: string[] = []
  const ok = () => rng.next() < validity
  const operation = op.operation as any
  const params: any[] = operation.parameters ?? []

  // Path: a template (canonical or alias) with its parameters filled in.
  let template = op.templates[0]!
  if (op.templates.length > 1 && rng.next() < 0.25) {
    template = pick(rng, op.templates.slice(1))
    tricks.push('alias prefix')
  }
  // An `id` names what its path holds: a journal entry, a recording, else a person.
  const idOf = template.startsWith('/_mock/journal/')
    ? 'journal_id'
    : /\/session_recordings\/\{id\}/.test(template)
      ? 'session_recording_id'
      : 'id'
  let path = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encode(segmentValue(name === 'id' ? idOf : name, rng, world, tricks)),
  )

  // Query: the documented parameters, some broken, some repeated or empty, sometimes an unknown one.
  const query: string[] = []
  for (const p of params.filter((p) => p.in === 'query')) {
    if (rng.next() < 0.6) continue
    const valid = ok()
    if (!valid) tricks.push(`bad query ${p.name}`)
    const value = queryValue(p, rng, valid)
    const r = rng.next()
    if (r < 0.05) {
      query.push(`${encode(p.name)}=`)
      tricks.push(`empty ${p.name}`)
    } else {
      query.push(`${encode(p.name)}=${encode(value)}`)
      if (r < 0.12) {
        query.push(`${encode(p.name)}=${encode(queryValue(p, rng, ok()))}`)
        tricks.push(`repeated ${p.name}`)
      }
    }
  }
  if (rng.next() < 0.08) {
    query.push(
      pick(rng, [
        'foo=bar',
        '%00=1',
        'limit[]=1',
        '=',
        '&&',
        'a=%ZZ',
        'offset=1&offset=',
        `personal_api_key=${world.keys.read}`,
        'include_total',
        'format=csv',
      ]),
    )
    tricks.push('odd query')
  }
  if (query.length) path += '?' + query.join('&')

  // Path tricks.
  const r = rng.next()
  if (r < 0.05) {
    path = path.replace(/\/(\?|$)/, '$1')
    tricks.push('no trailing slash')
  } else if (r < 0.08) {
    path = path.replace(/^(\/[^/?]+)\//, '$1//')
    tricks.push('double slash')
  } else if (r < 0.11) {
    path = path.replace(/^(\/[^/?]+\/)/, '$1x/../')
    tricks.push('dot segments')
  } else if (r < 0.13) {
    path = path.replace(/^([^?]*)/, (p) => p.toUpperCase())
    tricks.push('upper case')
  } else if (r < 0.15) {
    path = path.replace(/\/(\?|$)/, '/extra/$1')
    tricks.push('extra segment')
  } else if (r < 0.16) {
    path = path.replace(/\/(\?|$)/, '%2F$1')
    tricks.push('encoded trailing slash')
  }

  // Method.
  let method = op.method
  if (rng.next() < 0.08) {
    method = pick(
      rng,
      WRONG_METHODS.filter((m) => m !== op.method),
    )
    tricks.push(`method ${method}`)
  }

  // Headers.
  const headers: Record<string, string> = {}
  const a = rng.next()
  if (a < 0.9) headers.authorization = `Bearer ${world.keys.all}`
  else if (a < 0.93) headers.authorization = `Bearer ${world.keys.read}`
  else if (a < 0.95) headers.authorization = `Bearer ${world.keys.otherProject}`
  else {
    const auth = pick(rng, [
      '',
      'Bearer',
      'Bearer ',
      'Basic YTpi',
      'bearer phx_mock_all',
      `Bearer ${world.keys.all} extra`,
      'Bearer phx_unknown',
      `Bearer ${'k'.repeat(5000)}`,
    ])
    if (auth) headers.authorization = auth
    tricks.push(`authorization "${auth.slice(0, 30)}"`)
  }
  if (rng.next() < 0.05) {
    headers.accept = pick(rng, ['text/csv', 'text/html', '*/*', 'application/xml'])
    tricks.push(`accept ${headers.accept}`)
  }

  // Body.
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema
  let body: string | undefined
  const b = rng.next()
  if (bodySchema || b < 0.05) {
    if (b < 0.02) {
      body = '{"name":"' + 'x'.repeat(1024 * 1024) + '"}'
      tricks.push('body over 1 MiB')
    } else if (b < 0.04) {
      const depth = 1000 + rng.int(60_000)
      body = `{"filters":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`
      tricks.push(`body nested ${depth} deep`)
    } else if (b < 0.06) {
      const depth = 1000 + rng.int(200_000)
      body = '['.repeat(depth) + ']'.repeat(depth)
      tricks.push(`array nested ${depth} deep`)
    } else if (b < 0.15) {
      body = pick(rng, BAD_BODIES)
      tricks.push('body not a JSON object')
    } else if (b < 0.2) {
      body = JSON.stringify(anyValue(rng))
      tricks.push('body any JSON')
    } else if (ok()) {
      body = JSON.stringify(validValue(bodySchema, rng))
    } else {
      body = JSON.stringify(invalidValue(bodySchema, rng))
      tricks.push('invalid body')
    }
    if (body !== undefined && rng.next() < 0.05) {
      body = undefined
      tricks.push('no body')
    }
  }
  if (body !== undefined) {
    const ct = rng.next() < 0.85 ? 'application/json' : pick(rng, CONTENT_TYPES)
    if (ct) headers['content-type'] = ct
    if (ct !== 'application/json') tricks.push(`content-type "${ct}"`)
  }
  return { method, path, headers, body, tricks }
}

/** The request as a curl command line (bodies over 200 characters are cut). */
export function toCurl(req: FuzzRequest, origin: string): string {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`
  const parts = [
    'curl',
    '-X',
    req.method,
    quote(origin + (req.path.length > 300 ? req.path.slice(0, 300) + '…' : req.path)),
  ]
  for (const [k, v] of Object.entries(req.headers))
    parts.push('-H', quote(`${k}: ${v.length > 100 ? v.slice(0, 100) + '…' : v}`))
  if (req.body !== undefined)
    parts.push(
      '--data-raw',
      quote(req.body.length > 200 ? req.body.slice(0, 200) + `…(${req.body.length} chars)` : req.body),
    )
  return parts.join(' ')
}
