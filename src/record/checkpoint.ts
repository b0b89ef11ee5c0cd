// What a recording has read so far, kept beside its output (`<out>.partial`) so that the same command,
// run again after an interruption (Ctrl-C, kill, a lost network), continues where it stopped: every
// answer already read is taken from the file instead of the deployment, and the recording goes on from
// the first one it does not hold. The crawl is a function of its answers, so the resumed run reads the
// same data, redacts it with the same salt and writes the same file as an uninterrupted one.
//
// The file holds answers before redaction, so each answer is encrypted (AES-256-GCM) under a key derived
// from the salt (`--salt-file`), which is why resuming needs one: without the salt file, the partial file
// tells nothing. Its first line names the run (its instant, and a keyed digest of the deployment, the
// project, the limits and the API key): a partial file of another run is not used, and is replaced. The
// first line is written whole (a temporary file renamed); then one line is appended per answer, in a
// single write each, so a kill leaves at most a torn last line, which is dropped on reading. The file is
// readable by its owner only, and removed once the scenario is written.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'
import { chmodSync, closeSync, ftruncateSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { writeFileAtomically } from '../cli/write-file.ts'
import type { FetchLike } from '../verify/types.ts'

const FORMAT = 'analytics-mock-record-progress'
const VERSION = 1

/** What makes two runs the same recording (the API key included: another key may see other data). */
export interface RunIdentity {
  baseUrl: string
  projectId: number
  apiKey: string
  maxPersons?: number
  maxRecordings?: number
}

interface Header {
  format: typeof FORMAT
  version: number
  recorded_at: string
  run: string
}

interface Answer {
  url: string
  status: number
  type: string | null
  body: string
}

export interface Checkpoint {
  /** The recording's instant: the first run's, when resumed. */
  recordedAt: Date
  /** Answers the file held when opened (0: a new recording). */
  resumed: number
  /** Answers given from the file so far (requests not sent). */
  hits: number
  /** Does the file hold this request's answer (then `wrap`'s fetch answers it, with no request sent)? */
  holds(request: Request): boolean
  /** `fetch` answering from the file, and keeping each new final answer in it. */
  wrap(fetch: FetchLike): FetchLike
  /** Closes the file (kept for the next run). */
  close(): void
  /** Closes and removes the file (the scenario is written). */
  remove(): void
}

/** The path of the progress file of a recording written to `out`. */
export const checkpointPath = (out: string): string => `${out}.partial`

/** An answer worth keeping: what the deployment would answer again (not a 429, a 5xx, a refused key). */
const isFinal = (status: number) => (status >= 200 && status < 300) || status === 403 || status === 404

/**
 * Opens the progress file at `path` for the run `identity` with this salt: the answers it holds when it
 * belongs to this run, else a new file (`replaced` says why the old one was not used).
 */
export async function openCheckpoint(
  path: string,
  salt: string,
  identity: RunIdentity,
  now: Date = new Date(),
): Promise<Checkpoint & { replaced: boolean }> {
  const key = createHmac('sha256', salt).update(`${FORMAT} key`).digest()
  const run = createHmac('sha256', key)
    .update(
      JSON.stringify([
        new URL(identity.baseUrl).href,
        identity.projectId,
        identity.apiKey,
        identity.maxPersons ?? null,
        identity.maxRecordings ?? null,
      ]),
    )
    .digest('hex')
  const answers = new Map<string, Answer>()
  let recordedAt = now
  let replaced = false
  let keepBytes = -1

  let text: string | undefined
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    // No progress yet.
  }
  if (text !== undefined) {
    const header = parseHeader(text.slice(0, text.indexOf('\n') + 1))
    if (header && header.run === run) {
      recordedAt = new Date(header.recorded_at)
      keepBytes = Buffer.byteLength(text.slice(0, text.indexOf('\n') + 1))
      for (const line of text.slice(text.indexOf('\n') + 1).split('\n')) {
        const answer = line.length > 0 ? decrypt(key, line) : undefined
        if (!answer) break // a torn last line: dropped, and written again
        answers.set(answer.url, answer)
        keepBytes += Buffer.byteLength(line) + 1
      }
    } else replaced = true
  }
  if (keepBytes < 0) {
    const header = `${JSON.stringify({ format: FORMAT, version: VERSION, recorded_at: recordedAt.toISOString(), run } satisfies Header)}\n`
    await writeFileAtomically(path, header)
    chmodSync(path, 0o600)
    keepBytes = Buffer.byteLength(header)
  }
  const fd = openSync(path, 'r+')
  ftruncateSync(fd, keepBytes)
  let position = keepBytes
  let open = true

  const checkpoint = {
    recordedAt,
    resumed: answers.size,
    hits: 0,
    replaced,
    holds: (request: Request) => request.method === 'GET' && answers.has(request.url),
    wrap(fetch: FetchLike): FetchLike {
      return async (request) => {
        const kept = checkpoint.holds(request) ? answers.get(request.url) : undefined
        if (kept) {
          checkpoint.hits++
          return new Response(kept.body, {
            status: kept.status,
            headers: kept.type ? { 'content-type': kept.type } : {},
          })
        }
        const response = await fetch(request)
        if (request.method !== 'GET' || !isFinal(response.status) || !open) return response
        const answer: Answer = {
          url: request.url,
          status: response.status,
          type: response.headers.get('content-type'),
          body: await response.text(),
        }
        answers.set(answer.url, answer)
        const line = Buffer.from(`${encrypt(key, answer)}\n`)
        writeSync(fd, line, 0, line.length, position)
        position += line.length
        return new Response(answer.body, { status: answer.status, headers: response.headers })
      }
    },
    close() {
      if (!open) return
      open = false
      closeSync(fd)
    },
    remove() {
      checkpoint.close()
      try {
        unlinkSync(path)
      } catch {
        // Already gone.
      }
    },
  }
  return checkpoint
}

function parseHeader(line: string): Header | undefined {
  try {
    const header = JSON.parse(line) as Header
    return header.format === FORMAT &&
      header.version === VERSION &&
      typeof header.run === 'string' &&
      !Number.isNaN(Date.parse(header.recorded_at))
      ? header
      : undefined
  } catch {
    return undefined
  }
}

/** One answer as a line: base64 of the IV, the GCM tag and the ciphertext. */
function encrypt(key: Buffer, answer: Answer): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const data = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')
}

/** The answer a line holds, or undefined (a torn or foreign line). */
function decrypt(key: Buffer, line: string): Answer | undefined {
  try {
    const bytes = Buffer.from(line, 'base64')
    if (bytes.length < 29) return undefined
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12))
    decipher.setAuthTag(bytes.subarray(12, 28))
    return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')) as Answer
  } catch {
    return undefined
  }
}
