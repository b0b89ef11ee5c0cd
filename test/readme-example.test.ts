// The README's copy-paste example is examples/readme.test.ts, which runs; this keeps the two identical.
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { fencedBlock } from './markdown.ts'

it('the README copy-paste example is the one examples/readme.test.ts runs', () => {
  const block = fencedBlock('README.md', 'In frontend tests (msw)', 'ts').code
  const example = readFileSync(new URL('../examples/readme.test.ts', import.meta.url), 'utf8')
  const body = example.slice(example.indexOf('\n') + 1) // without its first comment line
  expect(block.trim()).toBe(body.trim())
})
