// The snapshot file of `serve --state FILE`: the whole store as JSON, and how far into the write-ahead
// log (wal.ts) it goes. Read at start; written (compaction, see durable-state.ts) in slices that let
// requests run in between, to a temporary file that is flushed to disk and then renamed over FILE, so
// FILE is always a whole snapshot. A file that cannot be used (damaged, another format version, written
// for another seed or scenario) stops the start with a message saying why, and is left exactly as it was.
import { constants } from 'node:buffer'
import { getHeapStatistics } from 'node:v8'
import { open, rename, unlink } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { App } from '../app.ts'
import { jsonChunks } from '../core/http.ts'
import {
  decodeSnapshot,
  pooledEvents,
  SnapshotFormatError,
  type EventPools,
  type StoreSnapshot,
} from '../store/snapshot.ts'
import { parseJsonBuffer } from './json-buffer.ts'
import { pumpSliced } from '../core/slices.ts'

export const STATE_FORMAT = 'analytics-mock-state'
/**
 * Bump when what a state file holds changes shape; older files are then refused, not misread.
 * 2: the activity log is a table of its own (`store.activity`), no longer `store.collections.activity`.
 * 3: a write-ahead log beside the file; `log_seq` says which of its records the snapshot holds.
 * 4: the events' properties objects are pooled (`event_properties`, indexes in the events), as their person
 *    properties are, so equal objects are written once and read back shared. Versions 2 and 3 are read.
 */
export const STATE_VERSION = 4
/** Versions this one reads (a version 2 file is a snapshot with no log after it). */
const READABLE_VERSIONS = [2, 3, 4]

export class StateFileError extends Error {}

/**
 * The largest state file written or read: a quarter of V8's heap limit (~1 GiB by default here; raise it
 * with NODE_OPTIONS=--max-old-space-size=MB), and at most what one buffer holds. Reading one back takes
 * several times its size in memory, so a bigger file would end the start in "heap out of memory" instead
 * of a message.
 */
export const MAX_STATE_FILE_BYTES = Math.min(constants.MAX_LENGTH, Math.floor(getHeapStatistics().heap_size_limit / 4))

/** What a state file over `max` bytes is told. */
const tooBig = (what: string, max: number) =>
  `${what} more than ${max} bytes, the most this process writes or reads back as a state file (a quarter of its heap limit: ` +
  'raise it with NODE_OPTIONS=--max-old-space-size=MB), or serve fewer persons, or without --state'
/** A read of the state file takes at most this much at a time. */
const READ_BYTES = 256 * 1024 * 1024

export interface StateOrigin {
  /** The seed and scenario the server was started with (a recorded scenario's is its identity, `recorded:<hash>`). */
  seed: number
  fixtures: string
  /** The recorded scenario's file, when started with --scenario (for messages; the identity is in `fixtures`). */
  scenario?: string
}

/** The options a server with this origin was started with, as a message names them. */
const startedWith = (o: Partial<StateOrigin>) =>
  `--seed ${o.seed} ${o.scenario ? `--scenario ${o.scenario} (${o.fixtures})` : `--fixtures ${o.fixtures}`}`

/**
 * Reads FILE into the app. Returns the sequence number of the last log record the snapshot holds
 * (0 for none), or null when FILE does not exist (the app keeps its seeded data).
 */
export async function loadStateFile(
  app: App,
  path: string,
  origin: StateOrigin,
  maxBytes = MAX_STATE_FILE_BYTES,
): Promise<number | null> {
  let bytes: Buffer
  try {
    bytes = await readWhole(path, maxBytes)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    if (error instanceof StateFileError) throw error
    throw new StateFileError(`cannot read it (${(error as Error).message})`)
  }
  let data: any
  try {
    // From the buffer, not one string: a file longer than V8's longest string could not be read at all.
    data = parseJsonBuffer(bytes)
  } catch (error) {
    throw new StateFileError(`it is not valid JSON, so it is damaged or not a state file (${(error as Error).message})`)
  }
  if (typeof data !== 'object' || data === null || data.format !== STATE_FORMAT) {
    throw new StateFileError(`it is not an analytics-mock state file (no "format": "${STATE_FORMAT}")`)
  }
  if (!READABLE_VERSIONS.includes(data.version)) {
    throw new StateFileError(
      `it has format version ${JSON.stringify(data.version)}; this analytics-mock reads versions ${READABLE_VERSIONS.slice(0, -1).join(', ')} and ${READABLE_VERSIONS.at(-1)}`,
    )
  }
  const from = data.started_with ?? {}
  if (from.seed !== origin.seed || from.fixtures !== origin.fixtures) {
    throw new StateFileError(
      `it holds the state of a server started with ${startedWith(from)}, not ${startedWith(origin)}; ` +
        'start with those options, or use another --state file',
    )
  }
  const seq = data.log_seq ?? 0
  if (!Number.isSafeInteger(seq) || seq < 0)
    throw new StateFileError(`its log position ${JSON.stringify(data.log_seq)} is damaged`)
  try {
    await app.restore(decodeSnapshot(data.store))
  } catch (error) {
    if (error instanceof SnapshotFormatError)
      throw new StateFileError(`it is damaged or from an incompatible version: ${error.message}`)
    throw error
  }
  return seq
}

/** The whole file, as one buffer (readFile stops at 2 GiB), unless it is over `maxBytes`. */
async function readWhole(path: string, maxBytes: number): Promise<Buffer> {
  const handle = await open(path, 'r')
  try {
    const { size } = await handle.stat()
    if (size > maxBytes) throw new StateFileError(tooBig(`it is ${size} bytes,`, maxBytes))
    const data = Buffer.allocUnsafe(size)
    let read = 0
    while (read < size) {
      const { bytesRead } = await handle.read(data, read, Math.min(size - read, READ_BYTES), read)
      if (bytesRead === 0) throw new StateFileError('it became shorter while it was read')
      read += bytesRead
    }
    return data
  } finally {
    await handle.close()
  }
}

/** The snapshot file's text, in pieces. */
function* stateText(snapshot: StoreSnapshot, origin: StateOrigin, seq: number): Generator<string, void, undefined> {
  yield (
    `{"format":${JSON.stringify(STATE_FORMAT)},"version":${STATE_VERSION},"started_with":${JSON.stringify(origin)},` +
    `"saved_at":${JSON.stringify(new Date().toISOString())},"log_seq":${seq},"store":{`
  )
  const { events, ...rest } = snapshot
  for (const [key, value] of Object.entries(rest)) {
    yield `${JSON.stringify(key)}:`
    yield* jsonChunks(value)
    yield ','
  }
  // Events share their properties and person-properties objects: each written once, in a pool, referred to by index.
  const pools: EventPools = { properties: [], personProperties: [] }
  yield '"events":['
  let first = true
  for (const event of pooledEvents(events, pools)) {
    yield (first ? '' : ',') + JSON.stringify(event)
    first = false
  }
  yield '],"event_properties":'
  yield* jsonChunks(pools.properties)
  yield ',"person_properties":'
  yield* jsonChunks(pools.personProperties)
  yield '}}'
}

/** Flushes a directory, so a file created or renamed in it survives a crash (where the platform allows it). */
export async function syncDirectory(path: string): Promise<void> {
  let handle
  try {
    handle = await open(path, 'r')
    await handle.sync()
  } catch {
    // Not every platform opens or flushes directories (Windows); the rename is then as durable as it gets.
  } finally {
    await handle?.close().catch(() => {})
  }
}

/**
 * Writes the snapshot (holding the log up to `seq`) to `path`: into `tempPath` in slices, flushed to
 * disk, renamed over `path`, the directory flushed. Returns the bytes written. A snapshot over
 * `maxBytes` (what loadStateFile can read back) is not written: a StateFileError, `path` as it was.
 */
export async function writeStateFile(
  path: string,
  tempPath: string,
  snapshot: StoreSnapshot,
  origin: StateOrigin,
  seq: number,
  maxBytes = MAX_STATE_FILE_BYTES,
): Promise<number> {
  let bytes = 0
  try {
    const handle = await open(tempPath, 'w')
    try {
      await pumpSliced(stateText(snapshot, origin, seq), async (batch) => {
        const data = Buffer.from(batch, 'utf8')
        if (bytes + data.length > maxBytes) {
          throw new StateFileError(tooBig('the data would take', maxBytes))
        }
        let written = 0
        while (written < data.length) written += (await handle.write(data, written, data.length - written)).bytesWritten
        bytes += data.length
      })
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(tempPath, path)
  } catch (error) {
    await unlink(tempPath).catch(() => {})
    throw error
  }
  await syncDirectory(dirname(path))
  return bytes
}
