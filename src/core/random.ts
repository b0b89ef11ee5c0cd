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
    let out = ''
    for (let i = 0; i < length; i++) out += alphabet[this.int(alphabet.length)]
    return out
  }

  /** RFC 4122 version 4 layout. */
  uuid(): string {
    // 32 hex digits drawn in order, then the variant digit: the sequence the generator has always made.
    const digits: string[] = new Array(32)
    for (let i = 0; i < 32; i++) digits[i] = HEX[this.int(16)]!
    digits[12] = '4'
    digits[16] = '89ab'[this.int(4)]!
    let out = ''
    for (let i = 0; i < 32; i++) out += (i === 8 || i === 12 || i === 16 || i === 20 ? '-' : '') + digits[i]
    return out
  }
}

const HEX = '0123456789abcdef'

export const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
