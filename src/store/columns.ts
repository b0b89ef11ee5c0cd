// The store's columnar kind, for big data that is appended and then mostly read: the events, and the
// session recordings of a big generated dataset. A row is one number in each column (typed arrays, so a
// row of a million-row table costs bytes, not an object); what rows repeat (a project id, an event name,
// a properties object) is kept once in a table beside them and a row holds its position there.

/** Bytes a value takes in a column: 1, 2 or 4 (unsigned integers) or 8 (a float64). */
export type Width = 1 | 2 | 4 | 8
type Column = Uint8Array | Uint16Array | Uint32Array | Float64Array

const KIND = { 1: Uint8Array, 2: Uint16Array, 4: Uint32Array, 8: Float64Array } as const

/**
 * Memory for big arrays of numbers that live as long as the data (columns, the tables' indexes): shared
 * memory where the platform has it. V8 counts an ArrayBuffer's bytes against the heap that holds it, and
 * each 64 MB past the count at the last full collection sets off another: with big columns, full
 * collections of a heap of long-lived objects that free nothing. Shared memory is not counted (so it is
 * not for what is soon garbage: nothing hurries its collection).
 */
export const outsideHeap = (bytes: number) =>
  (typeof SharedArrayBuffer === 'function' ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes)) as ArrayBuffer

/** The narrowest width that holds integers up to `max`. */
export const widthFor = (max: number): Width => (max < 0x100 ? 1 : max < 0x10000 ? 2 : 4)

export class Columns<K extends string> {
  length = 0
  readonly of = {} as Record<K, Column>
  /** The largest value each column holds as it is (wider takes a copy: `widen`). */
  readonly limit = {} as Record<K, number>
  #capacity: number

  /**
   * Room for `capacity` rows (more double it). Memory not written to is never touched, so a capacity
   * above what is written costs no resident memory (`done` cuts the columns to their rows).
   */
  constructor(capacity: number, widths: Record<K, Width>) {
    this.#capacity = Math.max(capacity, 16)
    for (const k in widths) {
      const length = this.#capacity
      this.of[k] = new KIND[widths[k]](outsideHeap(length * widths[k]))
      this.limit[k] = widths[k] === 8 ? Infinity : 2 ** (8 * widths[k]) - 1
    }
  }

  /** A new row, at the end; its index. Writers then write each column's value (`of[k][row] = value`). */
  add(): number {
    if (this.length === this.#capacity) {
      this.#capacity *= 2
      for (const k in this.of)
        this.of[k] = copy(this.of[k], this.of[k].constructor as new (n: number) => Column, this.#capacity)
    }
    return this.length++
  }

  /** Makes column `k` wide enough for `value` (a copy, made once per width) before a writer writes it. */
  widen(k: K, value: number): void {
    if (value <= this.limit[k]) return
    const width = widthFor(value)
    this.of[k] = copy(this.of[k], KIND[width], this.of[k].length)
    this.limit[k] = 2 ** (8 * width) - 1
  }

  /** Writes `value` in row `row` of column `k`, widening the column when it does not fit. */
  set(k: K, row: number, value: number): void {
    if (value > this.limit[k]) this.widen(k, value)
    this.of[k][row] = value
  }

  /** The columns cut to their rows (views of the same memory: nothing copied). */
  done(): this {
    for (const k in this.of) this.of[k] = this.of[k].subarray(0, this.length)
    return this
  }
}

function copy(column: Column, Kind: new (n: number) => Column, length: number): Column {
  const out = new Kind(length)
  out.set(column)
  return out
}

/** Values kept once each (strings by value, objects by identity), by position. */
export class Interner<T> {
  readonly values: T[] = []
  readonly #index = new Map<T, number>()

  /** Appends a value the caller knows is new, without indexing it (no map entry for a value only its maker refers to). */
  add(value: T): number {
    return this.values.push(value) - 1
  }

  /** The value's position, added when it is not there yet. */
  ref(value: T): number {
    let i = this.#index.get(value)
    if (i === undefined) this.#index.set(value, (i = this.add(value)))
    return i
  }
}
