// The journal as a HAR 1.2 file (http://www.softwareishard.com/blog/har-12-spec/), the format browsers'
// network panels import and export. It is made from the entries as the journal shows them: the key
// masked (`Bearer phx_...abcd`), secret-named query values and body fields [redacted]. The journal
// keeps no request headers but the key's and no cookies; an answer's body is there for the newest
// entries only (the others say so in a comment). Times are the mock's clock.
import type { JournalEntryDetail } from './journal.ts'
import { bodyText } from './journal-query.ts'

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  417: 'Expectation Failed',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

/** The one page the entries belong to (Firefox's importer reads `log.pages`). */
const PAGE = 'journal'

type NameValue = { name: string; value: string }

const utf8Length = (text: string) => new TextEncoder().encode(text).length

function mimeOf(body: unknown, headers: Record<string, string> = {}): string {
  return headers['content-type'] ?? (typeof body === 'string' ? 'text/plain' : 'application/json')
}

function harEntry(entry: JournalEntryDetail, origin: string) {
  const queryString: NameValue[] = Object.entries(entry.query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => ({ name, value: String(v) })),
  )
  const search = new URLSearchParams(queryString.map(({ name, value }) => [name, value])).toString()
  const sent = entry.request_body === undefined ? undefined : bodyText(entry.request_body)
  const requestHeaders: NameValue[] = []
  if (entry.key) requestHeaders.push({ name: 'Authorization', value: `Bearer ${entry.key}` })
  if (sent !== undefined) requestHeaders.push({ name: 'Content-Type', value: mimeOf(entry.request_body) })
  const res = entry.response
  const answered = res.body_kept && res.body !== null ? bodyText(res.body) : undefined
  const started = Date.parse(entry.at) - entry.duration_ms
  return {
    startedDateTime: new Date(Number.isFinite(started) ? started : Date.parse(entry.at)).toISOString(),
    time: entry.duration_ms,
    request: {
      method: entry.method,
      url: `${origin}${entry.path}${search ? `?${search}` : ''}`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: requestHeaders,
      queryString,
      ...(sent === undefined ? {} : { postData: { mimeType: mimeOf(entry.request_body), params: [], text: sent } }),
      headersSize: -1,
      bodySize: sent === undefined ? 0 : utf8Length(sent),
    },
    response: {
      status: res.status,
      statusText: REASONS[res.status] ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: Object.entries(res.headers).map(([name, value]) => ({ name, value })),
      content: {
        size: answered === undefined ? 0 : utf8Length(answered),
        mimeType: mimeOf(res.body, res.headers),
        ...(answered === undefined ? {} : { text: answered }),
        ...(res.body_kept ? {} : { comment: 'not kept: the journal keeps the answers of its newest entries only' }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: answered === undefined ? -1 : utf8Length(answered),
    },
    cache: {},
    timings: { send: 0, wait: entry.duration_ms, receive: 0 },
    pageref: PAGE,
    comment: `journal entry #${entry.id}; operation ${entry.operation_id ?? '(none)'}; contract ${entry.validation}${entry.violation ? `: ${entry.violation}` : ''}`,
  }
}

/** A HAR log of `entries` (oldest first), their URLs on `origin` (`http://127.0.0.1:8010`). */
export function journalHar(entries: readonly JournalEntryDetail[], origin: string, version: string, now: string) {
  const logged = entries.map((entry) => harEntry(entry, origin))
  return {
    log: {
      version: '1.2',
      creator: { name: 'analytics-mock', version },
      pages: [
        {
          startedDateTime: logged[0]?.startedDateTime ?? now,
          id: PAGE,
          title: `analytics-mock journal at ${origin}`,
          pageTimings: { onContentLoad: -1, onLoad: -1 },
        },
      ],
      entries: logged,
    },
  }
}
