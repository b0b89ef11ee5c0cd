// Runs around every test: a contract violation anywhere in a test fails that test, so every response
// the suites see has passed the contract validator (tests of the validator pass their own onViolation).
import { afterEach, expect } from 'vitest'
import { contractViolations } from './contract-violations.ts'

afterEach(() => {
  const seen = contractViolations.splice(0)
  expect(seen, 'responses that violate the contract').toEqual([])
})
