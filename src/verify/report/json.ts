// The JSON report: the structured result as it is (already masked).
import type { VerifyResult } from '../types.ts'

export function toJson(result: VerifyResult): string {
  return JSON.stringify({ tool: 'analytics-mock verify', ...result }, null, 2) + '\n'
}
