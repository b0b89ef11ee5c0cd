// The contract-test kit's public face: verify() and its reporters.
export { verify, summaryLine, VerifyUnreachableError, VerifyUsageError } from './verify.ts'
export { formatHuman } from './report/human.ts'
export { toJUnit } from './report/junit.ts'
export { toJson } from './report/json.ts'
export type {
  CheckResult,
  ExchangeBrief,
  FetchLike,
  Outcome,
  VerifyOptions,
  VerifyResult,
  VerifySummary,
} from './types.ts'
