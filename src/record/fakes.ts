// Fake values for redaction, each a function of (a secret salt, the kind, the original value): the same
// original always gives the same fake within one recording (so an email that is also a distinct id, a
// viewer, a playlist author's address stays one value everywhere), and nothing in a fake can be turned
// back into the original without the salt, which is never written. Fakes are plainly fake: names from
// faker's lists, addresses at example.com, hosts under .example (RFC 2606), IPs in private ranges.
import { createHmac, randomBytes } from 'node:crypto'
import type { Faker } from '@faker-js/faker'
import { faker as englishFaker } from '@faker-js/faker/locale/en'

export type NamePart = 'first' | 'last' | 'full'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export class Fakes {
  readonly #salt: Buffer
  readonly #faker: Faker
  readonly #memo = new Map<string, string>()
  /** Texts a fake must not be (lower-cased): the source's own values. */
  readonly #avoid: ReadonlySet<string>

  /**
   * @param salt keys the mapping; random (and forgotten) unless given.
   * @param avoid the source's values, lower-cased: a fake drawn from faker's lists can be one of them (a
   * seeded person's real-looking name), which reads as a leak; such a fake is drawn again.
   */
  constructor(salt?: string, avoid: ReadonlySet<string> = new Set()) {
    this.#avoid = avoid
    this.#salt = salt === undefined ? randomBytes(32) : Buffer.from(salt, 'utf8')
    this.#faker = new (englishFaker.constructor as typeof Faker)({ locale: englishFaker.rawDefinitions })
  }

  /** The keyed digest of one value of one kind. */
  #digest(kind: string, value: string): Buffer {
    return createHmac('sha256', this.#salt).update(kind).update('\u0000').update(value).digest()
  }

  /** Memoized: a fake made once per (kind, value), with faker seeded from the value's digest. */
  #make(kind: string, value: string, build: (faker: Faker, digest: Buffer) => string): string {
    const key = `${kind}\u0000${value}`
    let out = this.#memo.get(key)
    if (out === undefined) {
      // Drawn again (a further digest of the same value) while it is one of the source's values; a few
      // tries at most (faker's lists make a collision rare).
      for (let attempt = 0; ; attempt++) {
        const digest = this.#digest(attempt === 0 ? kind : `${kind}\u0000${attempt}`, value)
        this.#faker.seed([0, 4, 8, 12].map((at) => digest.readUInt32BE(at)))
        out = build(this.#faker, digest)
        if (!this.#avoid.has(out.toLowerCase()) || attempt >= 16) break
      }
      this.#memo.set(key, out)
    }
    return out
  }

  email(value: string): string {
    return this.#make('email', value, (f, d) => {
      const local = `${f.person.firstName()}.${f.person.lastName()}`.toLowerCase().replace(/[^a-z0-9.]/g, '')
      return `${local}.${hex(d, 16, 3)}@example.com`
    })
  }

  /** A person's name: a first name, a last name, or (for a value of several words) a full name. */
  name(value: string, part: NamePart): string {
    const shape = part === 'full' && !/\s/.test(value.trim()) ? 'first' : part
    return this.#make(`name:${shape}`, value, (f) =>
      shape === 'first'
        ? f.person.firstName()
        : shape === 'last'
          ? f.person.lastName()
          : `${f.person.firstName()} ${f.person.lastName()}`,
    )
  }

  ip(value: string): string {
    return this.#make('ip', value, (_, d) =>
      value.includes(':')
        ? `fd00:${hex(d, 0, 2)}:${hex(d, 2, 2)}:${hex(d, 4, 2)}::${hex(d, 6, 2)}`
        : `10.${d[0]}.${d[1]}.${d[2]}`,
    )
  }

  /** A URL: its host and each path segment faked on their own (one page, one fake); query and fragment replaced. */
  url(value: string): string {
    let url: URL
    try {
      url = new URL(value)
    } catch {
      return this.text(value)
    }
    const path = url.pathname === '/' ? '/' : this.path(url.pathname)
    const query = url.search ? `?q=${this.#make('query', url.search, (_, d) => hex(d, 0, 4))}` : ''
    const fragment = url.hash ? `#${this.#make('fragment', url.hash, (_, d) => hex(d, 0, 4))}` : ''
    return `${url.protocol}//${this.host(url.host)}${path}${query}${fragment}`
  }

  host(value: string): string {
    return this.#make('host', value, (f, d) => `${f.internet.domainWord()}-${hex(d, 16, 2)}.example`)
  }

  path(value: string): string {
    return value
      .split('/')
      .map((segment) =>
        segment === '' ? '' : this.#make('segment', segment, (f, d) => `${f.lorem.word()}-${hex(d, 16, 2)}`),
      )
      .join('/')
  }

  /** Free text: as many words as the original (up to 12), and a tag that keeps two originals apart. */
  text(value: string): string {
    return this.#make('text', value, (f, d) => {
      const words = Math.min(12, value.trim().split(/\s+/).length)
      const tag = hex(d, 16, 2)
      return words <= 1 ? `${f.lorem.word()}-${tag}` : `${f.lorem.words(words)} ${tag}`
    })
  }

  /**
   * Each digit replaced by a digit and each letter by a letter of the same case (separators and length
   * kept): phone numbers, postcodes (SW1A 1AA), dates of birth.
   */
  digits(value: string): string {
    return this.#make('digits', value, (_, d) => {
      let i = 0
      const next = () => d[i++ % d.length]!
      return value.replace(/[0-9A-Za-z]/g, (c) =>
        /\d/.test(c) ? String(next() % 10) : String.fromCharCode((c <= 'Z' ? 65 : 97) + (next() % 26)),
      )
    })
  }

  /** A number with as many digits as the original, and its sign and decimals. */
  number(value: number): number {
    if (!Number.isFinite(value)) return value
    const text = String(value)
    if (!/^-?[\d.]+$/.test(text)) return value > 0 ? 1 : value < 0 ? -1 : 0 // 1e+21: too large to be a phone or a postcode
    return Number(this.digits(text).replace(/^(-?)0+(?=\d)/, '$1'))
  }
}

function hex(digest: Buffer, from: number, bytes: number): string {
  return digest.subarray(from, from + bytes).toString('hex')
}

/** Looks like an e-mail address. */
export const isEmail = (value: string): boolean => EMAIL.test(value)
