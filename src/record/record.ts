// The library entry: record({ baseUrl, projectId, apiKey, fetch, ... }) reads a deployment and returns
// the redacted scenario (not yet written) with the redaction report. The CLI (cli.ts) writes it.
import type { RecordedScenario } from '../seed/scenario-format.ts'
import { crawl, type CrawlOptions } from './crawl.ts'
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
  const redaction = new Redaction({ keep: options.keep, salt: options.salt, avoid: stringsOf(crawled) })
  const scenario = buildScenario(crawled, {
    baseUrl: options.baseUrl,
    projectId: options.projectId,
    recordedAt,
    redaction,
    keep: options.keep ?? [],
  })
  return { scenario, report: redaction.report(), warnings: crawled.warnings, requests: crawled.requests }
}

/** Every string in `value` (values, not keys), lower-cased: what the source holds. */
function stringsOf(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') out.add(value.toLowerCase())
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out)
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, out)
  return out
}
