// JSON.parse of a document held in a Buffer, for documents longer than V8's longest string
// (`buffer.constants.MAX_STRING_LENGTH`). A big project's state file can be longer than that: read as one
// string it could not be read back at all ("Invalid string length"), so its state could not be restored.
//
// A document up to `sliceBytes` is parsed whole (one string, one JSON.parse). A longer one is
// walked: its objects member by member, each member that fits in `sliceBytes` parsed natively from its
// own slice of the bytes, and its arrays in runs of items up to `sliceBytes` (one JSON.parse a run: a
// table of a million records is a few dozen calls); a member or item longer than that is walked in turn.
// The result is what JSON.parse gives (same values, same key order, the last of duplicate keys winning,
// a "__proto__" key an own property); malformed text is a SyntaxError naming the byte where it goes wrong.

/** A slice this long or shorter is handed to JSON.parse whole. */
export const SLICE_BYTES = 32 * 1024 * 1024

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const COLON = 0x3a
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09

export function parseJsonBuffer(data: Buffer, sliceBytes = SLICE_BYTES): unknown {
  if (data.length <= sliceBytes) return JSON.parse(data.toString('utf8'))
  return new Walker(data, sliceBytes).document()
}

class Walker {
  #at = 0

  constructor(
    readonly data: Buffer,
    readonly sliceBytes: number,
  ) {}

  document(): unknown {
    const value = this.#value()
    this.#space()
    if (this.#at < this.data.length) this.#fail('Unexpected data after the JSON value')
    return value
  }

  #fail(message: string): never {
    throw new SyntaxError(`${message} at byte ${this.#at}`)
  }

  #space(): void {
    const data = this.data
    while (this.#at < data.length && isSpace(data[this.#at]!)) this.#at++
  }

  #expect(byte: number, what: string): void {
    this.#space()
    if (this.data[this.#at] !== byte) this.#fail(`Expected ${what}`)
    this.#at++
  }

  /** The value at the cursor: parsed from its slice when it fits, else walked. */
  #value(): unknown {
    this.#space()
    const start = this.#at
    const end = this.#endWithin(start, start + this.sliceBytes)
    if (end >= 0) {
      this.#at = end
      return this.#parse(start, end)
    }
    return this.#walk(start)
  }

  /** The value at `start` (the cursor), known to be longer than a slice. */
  #walk(start: number): unknown {
    const first = this.data[start]
    if (first === OPEN_OBJECT) return this.#object()
    if (first === OPEN_ARRAY) return this.#array()
    // A string (or a number) longer than a slice: parsed alone, however long.
    this.#at = this.#endWithin(start, this.data.length)
    return this.#parse(start, this.#at)
  }

  /** JSON.parse of the bytes from `start` to `end`, between `before` and `after`. */
  #parse(start: number, end: number, before = '', after = ''): unknown {
    try {
      return JSON.parse(before + this.data.toString('utf8', start, end) + after)
    } catch (error) {
      throw new SyntaxError(`${(error as Error).message} (in the value at bytes ${start}-${end})`, { cause: error })
    }
  }

  #object(): Record<string, unknown> {
    const out: Record<string, unknown> = {}
    this.#at++ // {
    this.#space()
    if (this.data[this.#at] === CLOSE_OBJECT) {
      this.#at++
      return out
    }
    for (;;) {
      this.#space()
      if (this.data[this.#at] !== QUOTE) this.#fail('Expected a string key')
      const keyStart = this.#at
      this.#at = this.#endWithin(keyStart, this.data.length)
      const key = this.#parse(keyStart, this.#at) as string
      this.#expect(COLON, "':' after a key")
      const value = this.#value()
      // As JSON.parse makes it: an own property, even for "__proto__".
      if (key === '__proto__')
        Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true })
      else out[key] = value
      this.#space()
      const next = this.data[this.#at++]
      if (next === CLOSE_OBJECT) return out
      if (next !== COMMA) {
        this.#at--
        this.#fail("Expected ',' or '}' in an object")
      }
    }
  }

  #array(): unknown[] {
    const out: unknown[] = []
    this.#at++ // [
    this.#space()
    if (this.data[this.#at] === CLOSE_ARRAY) {
      this.#at++
      return out
    }
    // Items gathered into a run (from the first's start to the last's end, commas between) parsed as one
    // array when the run is as long as a slice, the array ends, or an item too long for a run comes.
    let runStart = -1
    let runEnd = -1
    const flush = () => {
      if (runStart < 0) return
      const items = this.#parse(runStart, runEnd, '[', ']') as unknown[]
      for (let i = 0; i < items.length; i++) out.push(items[i])
      runStart = -1
    }
    for (;;) {
      this.#space()
      const start = this.#at
      const end = this.#endWithin(start, start + this.sliceBytes)
      if (end < 0) {
        flush()
        out.push(this.#walk(start))
      } else {
        if (runStart >= 0 && end - runStart > this.sliceBytes) flush()
        if (runStart < 0) runStart = start
        runEnd = this.#at = end
      }
      this.#space()
      const next = this.data[this.#at++]
      if (next === CLOSE_ARRAY) {
        flush()
        return out
      }
      if (next !== COMMA) {
        this.#at--
        this.#fail("Expected ',' or ']' in an array")
      }
    }
  }

  /**
   * The end of the value starting at `start` (just after it), found by its brackets and strings only
   * (JSON.parse of the slice checks the rest), or -1 when it runs past `limit`. The end of the data ends
   * a value that is not closed, for JSON.parse to refuse.
   */
  #endWithin(start: number, limit: number): number {
    const data = this.data
    const stop = Math.min(limit, data.length)
    const first = data[start]
    if (first !== OPEN_OBJECT && first !== OPEN_ARRAY) {
      if (first === QUOTE) {
        for (let i = start + 1; i < stop; i++) {
          const c = data[i]!
          if (c === BACKSLASH) i++
          else if (c === QUOTE) return i + 1
        }
        return stop === data.length ? data.length : -1
      }
      // A number, true, false or null: up to the next delimiter.
      let i = start
      while (i < stop) {
        const c = data[i]!
        if (c === COMMA || c === CLOSE_OBJECT || c === CLOSE_ARRAY || isSpace(c)) break
        i++
      }
      return i < stop || stop === data.length ? i : -1
    }
    let depth = 0
    for (let i = start; i < stop; i++) {
      const c = data[i]!
      if (c === QUOTE) {
        for (i++; i < stop; i++) {
          const d = data[i]!
          if (d === BACKSLASH) i++
          else if (d === QUOTE) break
        }
      } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++
      else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        if (--depth === 0) return i + 1
      }
    }
    return stop === data.length ? data.length : -1
  }
}
