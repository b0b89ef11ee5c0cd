// The mock owns its clock (global fake timers hang msw): every "now" in the core comes from here.
// Frozen: stays at an instant until set or advanced. Running: wall time plus an offset.
import { iso } from './datetime.ts'

export interface ClockOptions {
  /** Start instant (ISO 8601 or epoch ms). */
  now?: string | number
  /** Stop the clock at `now` (default true when `now` is given, else false). */
  frozen?: boolean
  /** Wall-time source, for tests of the running mode. */
  wall?: () => number
}

export type ClockListener = (now: number) => void

/** What the clock is set to (frozen at an instant, or running at an offset from wall time). */
export interface ClockState {
  frozenAt: number | null
  offset: number
}

/** The instants the clock may show: every date the API renders stays a plain ISO 8601 year (1900-9998). */
export const MIN_INSTANT = Date.UTC(1900, 0, 1)
export const MAX_INSTANT = Date.UTC(9999, 0, 1) - 1

export const inClockRange = (ms: number): boolean => Number.isFinite(ms) && ms >= MIN_INSTANT && ms <= MAX_INSTANT

export class Clock {
  #wall: () => number
  #frozenAt: number | null
  #offset = 0
  /** While a request runs, the wall time it started at (see `pin`). */
  #pinnedWall: number | null = null
  #pins = 0
  #listeners = new Set<ClockListener>()
  /** Until when the readings made since `observe` began hold. */
  #holds = Infinity

  constructor(options: ClockOptions = {}) {
    this.#wall = options.wall ?? Date.now
    const start = options.now === undefined ? this.#wall() : parseInstant(options.now)
    const frozen = options.frozen ?? options.now !== undefined
    this.#frozenAt = frozen ? start : null
    if (!frozen) this.#offset = start - this.#wall()
  }

  #readWall(): number {
    return this.#pinnedWall ?? this.#wall()
  }

  now(): number {
    if (this.#frozenAt !== null) return this.#frozenAt
    const now = this.#readWall() + this.#offset
    // Read while observed: what is made of it holds at this instant only.
    if (now + 1 < this.#holds) this.#holds = now + 1
    return now
  }

  /**
   * `now()`, for what holds until the instant `until(now)` (after it, it would come out otherwise): a
   * date rounded to its day holds until the next midnight. Reads of a frozen clock hold until it is set.
   */
  nowUntil(until: (now: number) => number): number {
    if (this.#frozenAt !== null) return this.#frozenAt
    const now = this.#readWall() + this.#offset
    const end = Math.max(until(now), now + 1)
    if (end < this.#holds) this.#holds = end
    return now
  }

  /**
   * Runs `task` (synchronous), answering its value and until when what it read of the clock holds
   * (Infinity: it read nothing that time changes, or the clock is frozen). The answer memo keeps an
   * answer that long (answer-memo.ts).
   */
  observe<T>(task: () => T): { value: T; holds: number } {
    this.#holds = Infinity
    const value = task()
    return { value, holds: this.#holds }
  }

  /**
   * Holds wall time still until `unpin()`: a running clock then reads the same instant on every call,
   * so one request sees one "now" and can be replayed exactly from it. Setting, advancing, freezing
   * and unfreezing still work while pinned. Pins nest (reads that run side by side share one); the
   * last `unpin()` lets wall time run again. Returns the instant.
   */
  pin(): number {
    // Reads that overlap share the instant the first of them pinned.
    if (this.#pins++ === 0) this.#pinnedWall = this.#wall()
    return this.now()
  }

  unpin(): void {
    if (this.#pins > 0 && --this.#pins === 0) this.#pinnedWall = null
  }

  /** The clock's setting, to put back with `restoreState` (e.g. around a replay of logged requests). */
  saveState(): ClockState {
    return { frozenAt: this.#frozenAt, offset: this.#offset }
  }

  restoreState(state: ClockState): void {
    this.#frozenAt = state.frozenAt
    this.#offset = state.offset
  }

  iso(): string {
    return iso(this.now())
  }

  get frozen(): boolean {
    return this.#frozenAt !== null
  }

  set(instant: string | number): void {
    const ms = parseInstant(instant)
    if (!inClockRange(ms)) throw new RangeError(`the clock cannot show ${new Date(ms).toISOString?.() ?? ms}`)
    if (this.#frozenAt !== null) this.#frozenAt = ms
    else this.#offset = ms - this.#readWall()
    this.#emit()
  }

  advance(by: number | string): void {
    const ms = typeof by === 'number' ? by : parseDuration(by)
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`cannot advance the clock by ${by}`)
    this.set(this.now() + ms)
  }

  freeze(): void {
    this.#frozenAt = this.now()
  }

  unfreeze(): void {
    if (this.#frozenAt === null) return
    this.#offset = this.#frozenAt - this.#readWall()
    this.#frozenAt = null
  }

  onChange(listener: ClockListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #emit(): void {
    const now = this.now()
    for (const listener of this.#listeners) listener(now)
  }
}

export function parseInstant(value: string | number): number {
  const ms = typeof value === 'number' ? value : Date.parse(value)
  if (!Number.isFinite(ms)) throw new RangeError(`not an instant: ${value}`)
  return ms
}

const DURATION =
  /^P(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/

/** ISO 8601 duration (weeks, days, hours, minutes, seconds; no months or years) to milliseconds. */
export function parseDuration(value: string): number {
  const m = DURATION.exec(value)
  if (!m || value === 'P' || value.endsWith('T')) throw new RangeError(`not an ISO 8601 duration: ${value}`)
  const [, w, d, h, min, s] = m.map((x) => (x === undefined ? 0 : Number(x)))
  return ((((w! * 7 + d!) * 24 + h!) * 60 + min!) * 60 + s!) * 1000
}
