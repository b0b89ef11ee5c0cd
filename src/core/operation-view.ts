// An operation as a profile sees it. Apart from contract.ts, which loads the contract (its document,
// openapi-backend, ajv): the modules that only read operations need none of that, and a browser bundle
// loads the contract as a chunk of its own (src/app.ts imports it when an app is created).
import type { OperationInfo, OperationView } from './contract.ts'
import type { Profile } from '../contract/profiles.ts'

/** The operation as a profile sees it. */
export const viewOf = (op: OperationInfo, profile: Profile): OperationView =>
  profile === 'observed' ? op.observed : op
