// Every list and retrieve answer of a fixed session of reads and writes (test/answers/session.ts), under
// both profiles, is byte for byte what it was before the render caches and search index: the hashes in
// test/answers/answers.json were taken on that code. `UPDATE_ANSWERS=1` rewrites them, for a change
// that means to change answers (say why in its commit).
import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PROFILES } from '../src/contract/profiles.ts'
import { answerSession } from './answers/session.ts'

const FILE = new URL('./answers/answers.json', import.meta.url)

describe('answers stay byte-identical', () => {
  for (const profile of PROFILES) {
    it(`${profile} profile: every answer of the session hashes as recorded`, { timeout: 120_000 }, async () => {
      const answers = await answerSession(profile)
      const recorded: Record<string, Record<string, string>> = JSON.parse(readFileSync(FILE, 'utf8'))
      if (process.env.UPDATE_ANSWERS) {
        recorded[profile] = Object.fromEntries(answers.map((a) => [a.key, a.hash]))
        writeFileSync(FILE, JSON.stringify(recorded, null, 1) + '\n')
      }
      const expected = recorded[profile] ?? {}
      expect(answers.map((a) => a.key)).toEqual(Object.keys(expected))
      const changed = answers.filter((a) => expected[a.key] !== a.hash).map((a) => a.key)
      expect(changed).toEqual([])
    })
  }
})
