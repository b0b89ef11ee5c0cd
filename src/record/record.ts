// The library entry: record({ baseUrl, projectId, apiKey, fetch, ... }) reads a deployment and returns
// the redacted scenario (not yet written) with the redaction report. The CLI (cli.ts) writes it.
import type { RecordedScenario } from '../seed/scenario-format.ts'
import { crawl, type Crawled, type CrawlOptions } from './crawl.ts'
import { Redaction, type RedactionOptions, type RedactionReport } from './redact.ts'
import { buildScenario } from './scenario.ts'

export interface RecordOptions extends CrawlOptions, RedactionOptions {
  /** The recording's instant (default: now): the scenario's anchor. */
  recordedAt?: Date
}

export interface RecordResult {
  scenario: RecordedScenario
  report: RedactionReport
  warnings: string[]
  requests: number
}

export async function record(options: RecordOptions): Promise<RecordResult> {
  const recordedAt = options.recordedAt ?? new Date()
  const crawled = await crawl(options)
  return {
    ...redactedScenario(crawled, { ...options, recordedAt }),
    warnings: crawled.warnings,
    requests: crawled.requests,
  }
}

/** What was read, redacted into a scenario (nothing read here, nothing written). */
export function redactedScenario(
  crawled: Crawled,
  options: Pick<RecordOptions, 'baseUrl' | 'projectId' | 'keep' | 'salt'> & { recordedAt: Date },
): Pick<RecordResult, 'scenario' | 'report'> {
  const redaction = new Redaction({ keep: options.keep, salt: options.salt, avoid: stringsOf(crawled) })
  const scenario = buildScenario(crawled, {
    baseUrl: options.baseUrl,
    projectId: options.projectId,
    recordedAt: options.recordedAt,
    redaction,
    keep: options.keep ?? [],
  })
  return { scenario, report: redaction.report() }
}

/** Every string in `value` (values, not keys), lower-cased: what the source holds. */
function stringsOf(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') out.add(value.toLowerCase())
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out)
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, out)
  return out
}
