// `serve --state FILE`: the store survives a restart. At start the file is read and restored (a
// missing file means the seeded data); after each change the store is written again, soon (the writes
// are coalesced) and atomically (a temporary file, flushed to disk, then renamed over FILE); and once
// more on shutdown. A file that cannot be used (damaged, another format version, written for another
// seed or scenario) stops the start with a message saying why, and is left exactly as it was.
import { open, readFile, rename, unlink } from 'node:fs/promises'
import type { App } from '../app.ts'
import { decodeSnapshot, encodeSnapshot, SnapshotFormatError } from '../store/snapshot.ts'

export const STATE_FORMAT = 'analytics-mock-state'
/**
 * Bump when what a state file holds changes shape; older files are then refused, not misread.
 * 2: the activity log is a table of its own (`store.activity`), no longer `store.collections.activity`.
 */
export const STATE_VERSION = 2

export class StateFileError extends Error {}

export interface StateOrigin {
  /** The seed and scenario the server was started with (a recorded scenario's is its identity, `recorded:<hash>`). */
  seed: number
  fixtures: string
  /** The recorded scenario's file, when started with --scenario (for messages; the identity is in `fixtures`). */
  scenario?: string
}

/** The options a server with this origin was started with, as a message names them. */
const startedWith = (o: Partial<StateOrigin>) => `--seed ${o.seed} ${o.scenario ? `--scenario ${o.scenario} (${o.fixtures})` : `--fixtures ${o.fixtures}`}`

export interface StateFileOptions {
  /** Milliseconds between a change and the write (default 100). Writes of a big store are spaced further apart. */
  flushDelayMs?: number
}

/** Reads FILE into the app. Returns false when FILE does not exist (the app keeps its seeded data). */
export async function loadStateFile(app: App, path: string, origin: StateOrigin): Promise<boolean> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw new StateFileError(`cannot read it (${(error as Error).message})`)
  }
  let data: any
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new StateFileError(`it is not valid JSON, so it is damaged or not a state file (${(error as Error).message})`)
  }
  if (typeof data !== 'object' || data === null || data.format !== STATE_FORMAT) {
    throw new StateFileError(`it is not an analytics-mock state file (no "format": "${STATE_FORMAT}")`)
  }
  if (data.version !== STATE_VERSION) {
    throw new StateFileError(`it has format version ${JSON.stringify(data.version)}; this analytics-mock reads version ${STATE_VERSION}`)
  }
  const from = data.started_with ?? {}
  if (from.seed !== origin.seed || from.fixtures !== origin.fixtures) {
    throw new StateFileError(
      `it holds the state of a server started with ${startedWith(from)}, not ${startedWith(origin)}; ` +
        'start with those options, or use another --state file',
    )
  }
  try {
    await app.restore(decodeSnapshot(data.store))
  } catch (error) {
    if (error instanceof SnapshotFormatError) throw new StateFileError(`it is damaged or from an incompatible version: ${error.message}`)
    throw error
  }
  return true
}

/** Writes the app's store to `path` after changes, coalescing them; `close()` writes what is left. */
export class StateWriter {
  #timer: NodeJS.Timeout | undefined
  #writing: Promise<void> | undefined
  #dirty = false
  #closed = false
  #lastWriteMs = 0
  #unsubscribe: () => void
  /** Completed writes (for tests and logs). */
  writes = 0

  constructor(
    readonly app: App,
    readonly path: string,
    readonly origin: StateOrigin,
    readonly options: StateFileOptions = {},
  ) {
    this.#unsubscribe = app.onChange(() => this.markDirty())
  }

  markDirty(): void {
    this.#dirty = true
    if (this.#timer || this.#writing || this.#closed) return
    // A big store takes a while to serialize: keep writes at most a fifth of the time.
    const delay = Math.max(this.options.flushDelayMs ?? 100, this.#lastWriteMs * 4)
    this.#timer = setTimeout(() => {
      this.#timer = undefined
      void this.flush()
    }, delay)
  }

  /** Writes now if anything changed since the last write (waits for a write in progress first). */
  async flush(): Promise<void> {
    while (this.#writing) await this.#writing
    if (!this.#dirty) return
    this.#dirty = false
    this.#writing = this.#write().finally(() => {
      this.#writing = undefined
      if (this.#dirty && !this.#closed) this.markDirty()
    })
    await this.#writing
  }

  /** Final write; no more writes after it. */
  async close(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = undefined
    this.#unsubscribe()
    await this.flush()
    this.#closed = true
  }

  async #write(): Promise<void> {
    const started = performance.now()
    // The snapshot is taken and serialized in one go, so it is consistent.
    const text = JSON.stringify({
      format: STATE_FORMAT,
      version: STATE_VERSION,
      started_with: this.origin,
      saved_at: new Date().toISOString(),
      store: encodeSnapshot(this.app.snapshot()),
    })
    const temp = `${this.path}.${process.pid}.tmp`
    try {
      const handle = await open(temp, 'w')
      try {
        await handle.writeFile(text, 'utf8')
        await handle.sync()
      } finally {
        await handle.close()
      }
      await rename(temp, this.path)
      this.writes++
    } catch (error) {
      this.#dirty = true // try again with the next change or at close
      console.error(`[analytics-mock] could not write the state file ${this.path}: ${(error as Error).message}`)
      await unlink(temp).catch(() => {})
    }
    this.#lastWriteMs = performance.now() - started
  }
}
