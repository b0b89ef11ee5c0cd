// Contract violations seen by the apps the tests make (testApp/testClient in support.ts, or any app given
// `onViolation: (v) => contractViolations.push(v)`). test/setup.ts asserts after every test that there
// were none. A module of its own, so the set-up every test file runs does not import the app.
import type { ContractViolation } from '../src/core/response-validation.ts'

export const contractViolations: ContractViolation[] = []
