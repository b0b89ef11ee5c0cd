// "Send again", the dashboard's replay of a journaled request: POST /_mock/ui/send {id, method?,
// target?, body_text?} sends entry `id`'s request to the mock again, as it was or changed, with the key
// it presented (which never leaves the server: the page only ever sees it masked), and answers with the
// new journal entry (its answer, key masked, secrets redacted). The new request is an ordinary one: it
// is journaled, changes state, and is made durable as any other.
//
// It is the dashboard's own call, not the control API's: a request handled from inside another
// request's turn would wait for that turn to end (src/core/serial.ts), so it is sent from the server
// face, outside any turn. Same rules as the page's files (Host and Origin checked before it is reached)
// and a JSON body only, so no form of another page can post one.
import type { App } from '../app.ts'
import { ApiError } from '../core/drf/exceptions.ts'
import { SAFE_METHODS, serialize, type MockRequest } from '../core/http.ts'
import { isOmittedBody, isSecretName, REDACTED, type JournalRecord } from '../core/journal.ts'
import { refusal as uiRefusal, UI_HEADERS, UI_PATH, type UiAnswer } from './assets.ts'

/** Where the page posts what to send again. */
export const SEND_PATH = `${UI_PATH}/send`

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
const MAX_TARGET = 16 * 1024

export interface SendAgain {
  /** The journal entry whose request is sent. */
  id: number
  /** Another method (default the entry's). */
  method?: string
  /** Another path and query, on the same origin (default the entry's). A secret-named query value left [redacted] is sent as it was. */
  target?: string
  /** Another body, as text ('' for none; default the entry's). A top-level secret-named field left [redacted] is sent as it was. */
  body_text?: string
}

const refusal = (status: number, code: string, detail: string, attr: string | null = null) =>
  new ApiError(status, 'invalid_request', code, detail, attr)

function asked(raw: string | Uint8Array | undefined, contentType: string | undefined): SendAgain {
  if (!/^application\/json\s*(;|$)/i.test(contentType ?? ''))
    throw refusal(415, 'unsupported_media_type', 'Send again takes a JSON body (Content-Type: application/json).')
  let value: unknown
  try {
    value = JSON.parse(
      typeof raw === 'string' ? raw : new TextDecoder('utf-8', { fatal: true }).decode(raw ?? new Uint8Array()),
    )
  } catch {
    throw refusal(400, 'parse_error', 'The body is not JSON.')
  }
  const ask = value as Partial<Record<keyof SendAgain, unknown>>
  if (!ask || typeof ask !== 'object' || !Number.isSafeInteger(ask.id) || (ask.id as number) < 1)
    throw refusal(400, 'invalid_input', 'id: a journal entry number is required.', 'id')
  if (ask.method !== undefined && !(typeof ask.method === 'string' && METHODS.has(ask.method)))
    throw refusal(400, 'invalid_input', `method: one of ${[...METHODS].join(', ')}.`, 'method')
  if (
    ask.target !== undefined &&
    !(typeof ask.target === 'string' && /^\/(?![/\\])/.test(ask.target) && ask.target.length <= MAX_TARGET)
  ) {
    throw refusal(400, 'invalid_input', 'target: a path on this server, starting with one /.', 'target')
  }
  if (ask.body_text !== undefined && typeof ask.body_text !== 'string')
    throw refusal(400, 'invalid_input', 'body_text: the body as text.', 'body_text')
  return ask as SendAgain
}

/** The body to send: the entry's, or the one given with the entry's secrets where it left them [redacted]. */
function bodyOf(ask: SendAgain, record: Readonly<JournalRecord>): string | undefined {
  const original = record.request_body
  // A body the journal let go of is a note of its size: sending the note would be another request.
  if (isOmittedBody(original) && ask.body_text === undefined) {
    throw refusal(
      409,
      'conflict',
      `Entry ${ask.id}'s request body was not kept (${original._omitted}, ${original.bytes} bytes): send it again with the whole body in body_text.`,
      'body_text',
    )
  }
  if (ask.body_text === undefined)
    return original === undefined ? undefined : typeof original === 'string' ? original : JSON.stringify(original)
  if (ask.body_text === '') return undefined
  let changed: unknown
  try {
    changed = JSON.parse(ask.body_text)
  } catch {
    return ask.body_text // sent as typed: a body that is not JSON is the mock's to refuse
  }
  if (!isObject(changed) || !isObject(original)) return ask.body_text
  let restored = false
  for (const [name, value] of Object.entries(changed)) {
    if (value === REDACTED && isSecretName(name) && original[name] !== undefined) {
      changed[name] = original[name]
      restored = true
    }
  }
  return restored ? JSON.stringify(changed) : ask.body_text
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The request to send: entry `record`'s, changed as asked. */
function requestOf(ask: SendAgain, record: Readonly<JournalRecord>): MockRequest {
  const url = new URL(ask.target ?? `${record.url.pathname}${record.url.search}`, record.url.origin)
  if (url.origin !== record.url.origin) throw refusal(400, 'invalid_input', 'target: a path on this server.', 'target')
  if (ask.target !== undefined) {
    for (const [name, value] of [...url.searchParams]) {
      const was = record.url.searchParams.get(name)
      if (value === REDACTED && isSecretName(name) && was !== null) url.searchParams.set(name, was)
    }
  }
  const method = ask.method ?? record.method
  const body = SAFE_METHODS.has(method) && ask.body_text === undefined ? undefined : bodyOf(ask, record)
  const headers: Record<string, string | undefined> = { accept: 'application/json' }
  if (record.authorization !== undefined) headers.authorization = record.authorization
  if (body !== undefined) headers['content-type'] = 'application/json'
  return { method, url, headers, body }
}

function answer(status: number, value: unknown): UiAnswer {
  const { body, headers } = serialize({ status, headers: {}, json: value })
  return { status, headers: { ...headers, ...UI_HEADERS }, body }
}

/** The answer to a POST of SEND_PATH: the new journal entry (`entry` null when the journal keeps none). */
export async function sendAgain(
  app: App,
  raw: string | Uint8Array | undefined,
  contentType: string | undefined,
  /** The server's own refusal of the request to send, if it has one (a heap over its ceiling). */
  admit: (req: MockRequest) => ApiError | undefined = () => undefined,
): Promise<UiAnswer> {
  try {
    const ask = asked(raw, contentType)
    const record = app.journal.request(ask.id)
    if (!record)
      throw refusal(
        404,
        'not_found',
        `No journal entry ${ask.id}: the journal keeps the newest entries only, and a reset or clear empties it.`,
      )
    const req = requestOf(ask, record)
    const refused = admit(req)
    if (refused) throw refused
    const res = await app.handle(req)
    const id = app.journal.idOf(req.url) ?? null
    return answer(200, { id, status: res.status, entry: id === null ? null : (app.journal.get(id) ?? null) })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return uiRefusal(error)
  }
}
