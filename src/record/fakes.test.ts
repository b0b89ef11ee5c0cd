import { describe, expect, it } from 'vitest'
import { Fakes } from './fakes.ts'

describe('fakes', () => {
  it('are drawn again when one would be a value the source holds, and stay the same for one original', () => {
    const plain = new Fakes('salt')
    const first = plain.name('Ada Lovelace', 'full')
    expect(plain.name('Ada Lovelace', 'full')).toBe(first)
    // The same salt, but the first draw is one of the source's own values: another fake instead.
    const avoiding = new Fakes('salt', new Set([first.toLowerCase()]))
    const other = avoiding.name('Ada Lovelace', 'full')
    expect(other).not.toBe(first)
    expect(other).toMatch(/^\S+ \S+/)
    expect(avoiding.name('Ada Lovelace', 'full')).toBe(other)
    // Other originals are untouched by it.
    expect(avoiding.name('Grace Hopper', 'full')).toBe(plain.name('Grace Hopper', 'full'))
  })
})
