// One journal entry as a curl command line that sends it again (POSIX shell quoting). The key is never
// written out: where the request presented one, the line reads it from $POSTHOG_PERSONAL_API_KEY (in
// the Authorization header, or where the request had it: the `personal_api_key` query parameter or
// body field). Other secret-named values stay [redacted], as the journal shows them.
import { REDACTED, type JournalEntryDetail } from './journal.ts'

/** The environment variable the command line reads the key from. */
const KEY_VARIABLE = 'POSTHOG_PERSONAL_API_KEY'
const KEY_FIELD = 'personal_api_key'

/** A shell word: pieces of literal text, and the key's variable between them. */
type Word = Array<string | typeof KEY>
const KEY = Symbol('key')

/** Stands for the key inside JSON text until the text is cut into a word (a NUL never reaches the journal: such a body is refused). */
const SENTINEL = '\u0000key\u0000'
const SENTINEL_JSON = JSON.stringify(SENTINEL).slice(1, -1)

const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`

function render(word: Word): string {
  return word.map((piece) => (piece === KEY ? `"$${KEY_VARIABLE}"` : piece === '' ? '' : quote(piece))).join('') || "''"
}

/** `text` as a word, the sentinel replaced by the key's variable. */
function withKey(text: string, sentinel: string): Word {
  return text.split(sentinel).flatMap((piece, i) => (i === 0 ? [piece] : [KEY, piece]))
}

export function journalCurl(
  entry: Pick<JournalEntryDetail, 'method' | 'path' | 'query' | 'request_body' | 'key'>,
  origin: string,
): string {
  let keyPlaced = false
  const pairs: string[] = []
  for (const [name, values] of Object.entries(entry.query)) {
    for (const value of Array.isArray(values) ? values : [values]) {
      const holdsKey = name === KEY_FIELD && value === REDACTED && entry.key !== null
      keyPlaced ||= holdsKey
      pairs.push(`${encodeURIComponent(name)}=${holdsKey ? SENTINEL : encodeURIComponent(String(value))}`)
    }
  }
  const url = withKey(`${origin}${entry.path}${pairs.length ? `?${pairs.join('&')}` : ''}`, SENTINEL)

  let body: Word | undefined
  const sent = entry.request_body
  if (sent !== undefined) {
    if (typeof sent === 'string') body = [sent]
    else {
      const holdsKey =
        sent !== null &&
        typeof sent === 'object' &&
        !Array.isArray(sent) &&
        (sent as Record<string, unknown>)[KEY_FIELD] === REDACTED &&
        entry.key !== null
      keyPlaced ||= holdsKey
      body = withKey(JSON.stringify(holdsKey ? { ...(sent as object), [KEY_FIELD]: SENTINEL } : sent), SENTINEL_JSON)
    }
  }

  const words: Word[] = [['curl']]
  if (entry.method === 'HEAD') words.push(['--head'])
  else if (entry.method !== 'GET' || body !== undefined) words.push(['-X'], [entry.method])
  if (entry.key !== null && !keyPlaced) words.push(['-H'], ['Authorization: Bearer ', KEY])
  if (body !== undefined)
    words.push(
      ['-H'],
      [`Content-Type: ${typeof sent === 'string' ? 'text/plain' : 'application/json'}`],
      ['--data-raw'],
      body,
    )
  words.push(url)
  return words
    .map((word) =>
      word.length === 1 && typeof word[0] === 'string' && /^[\w./:=@-]+$/.test(word[0]) ? word[0] : render(word),
    )
    .join(' ')
}
