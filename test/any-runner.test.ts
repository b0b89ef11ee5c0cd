// The test helper does not depend on vitest: the node:test example suite passes under `node --test`.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

it('runs the node:test example suite with node --test', () => {
  const suite = fileURLToPath(new URL('../examples/node-test/persons.test.mts', import.meta.url))
  const run = spawnSync(
    process.execPath,
    ['--conditions=analytics-mock-source', '--import', 'tsx', '--test', '--test-reporter=spec', suite],
    {
      encoding: 'utf8',
      timeout: 120_000,
    },
  )
  expect(run.stderr + run.stdout).toMatch(/ℹ pass 3\b/)
  expect(run.stdout).toMatch(/ℹ fail 0\b/)
  expect(run.status).toBe(0)
})
