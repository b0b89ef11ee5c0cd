// A small seeded generator for values made at run time (short ids, uuids), so two runs with one seed
// create the same ids in the same order.

export class SeededRandom {
  #state: number

  constructor(seed: number) {
    this.#state = (seed ^ 0x9e3779b9) >>> 0 || 1
  }

  /** The generator's position, so a saved store resumes the same sequence (see snapshot.ts). */
  get state(): number {
    return this.#state
  }

  set state(value: number) {
    this.#state = value >>> 0 || 1
  }

  /** mulberry32 */
  next(): number {
    let t = (this.#state = (this.#state + 0x6d2b79f5) >>> 0)
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive)
  }

  string(length: number, alphabet: string): string {
    // Char codes made into one string at once: appending a character at a time built a chain of
    // partial strings (garbage on every short id).
    let out = ''
    for (let start = 0; start < length; start += CHUNK) {
      const codes = new Array<number>(Math.min(CHUNK, length - start))
      for (let i = 0; i < codes.length; i++) codes[i] = alphabet.charCodeAt(this.int(alphabet.length))
      out += String.fromCharCode.apply(null, codes)
    }
    return out
  }

  /** RFC 4122 version 4 layout. */
  uuid(): string {
    // 32 hex digits drawn in order, then the variant digit: the sequence the generator has always made.
    // Written as char codes into their places (dashes at 8, 13, 18, 23), then made a string at once.
    // The draws are next()'s, inlined on a local state (a digit is floor(next() * 16): the draw's top 4
    // bits, exactly), a third of what 33 calls of int() cost.
    const codes = UUID_CODES
    let state = this.#state
    for (let i = 0; i < 33; i++) {
      let t = (state = (state + 0x6d2b79f5) >>> 0)
      t = Math.imul(t ^ (t >>> 15), t | 1)
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
      const draw = (t ^ (t >>> 14)) >>> 0
      // The 33rd draw is the variant digit's: floor(next() * 4), its top 2 bits.
      if (i < 32) codes[UUID_PLACE[i]!] = HEX_CODES[draw >>> 28]!
      else codes[UUID_PLACE[16]!] = VARIANT_CODES[draw >>> 30]!
    }
    this.#state = state
    codes[UUID_PLACE[12]!] = 0x34 // '4'
    return String.fromCharCode.apply(null, codes)
  }
}

const HEX_CODES = Array.from('0123456789abcdef', (c) => c.charCodeAt(0))
const VARIANT_CODES = Array.from('89ab', (c) => c.charCodeAt(0))
/** Where hex digit i of a uuid goes in its text (after the dashes before it). */
const UUID_PLACE = Array.from(
  { length: 32 },
  (_, i) => i + (i >= 8 ? 1 : 0) + (i >= 12 ? 1 : 0) + (i >= 16 ? 1 : 0) + (i >= 20 ? 1 : 0),
)
/** A uuid's text as char codes, its dashes in place; the digits are written over on each call. */
const UUID_CODES = Array.from('00000000-0000-0000-0000-000000000000', (c) => c.charCodeAt(0))
/** Char codes made into a string per call of fromCharCode (its arguments are bounded). */
const CHUNK = 4096

export const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
