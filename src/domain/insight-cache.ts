// What the insight tool makes from a project's events, kept per version of the event log (its stamp):
// the vocabulary the planner reads (event names, most frequent first) and the plans made with it, the
// earliest event, and each query's result per window (insight-query.ts `insightWindow`: all a result
// takes from the clock). A question asked again while no event came or went answers from here instead
// of scanning every event of the project; any event added or deleted changes the stamp, so nothing
// stale is ever read. Bounded. A result's tool message text is kept with it for the second it names.
import { BoundedCache } from '../core/bounded-cache.ts'
import type { EventLog } from '../store/event-log.ts'
import type { EventRecord } from '../store/models.ts'
import { planInsight, type EventVocabulary, type InsightPlan, type InsightType } from './insight-plan.ts'
import { formatToolContent } from './insight-format.ts'
import { earliestOf, insightWindow, runInsightQueryWithin, type InsightResult } from './insight-query.ts'

/** Results kept (each a few kB at most: the buckets of one question). */
const RESULTS = 256

interface ProjectFacts {
  vocabulary?: EventVocabulary
  earliest?: number
  /** Plans by insight type, then question (planning reads only the question and the vocabulary). */
  plans?: Map<InsightType, BoundedCache<string, InsightPlan>>
}

/** The project's event names, most frequent first (ties by name), for the planner. */
function vocabularyOf(events: Iterable<EventRecord>): EventVocabulary {
  const counts = new Map<string, number>()
  for (const e of events) counts.set(e.event, (counts.get(e.event) ?? 0) + 1)
  const names = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)! || (a < b ? -1 : a > b ? 1 : 0))
  return { names }
}

// Stamps are never reused in the process (store/stamp.ts), so one cache serves every app: by stamp,
// then project (numbers: no key written per request).
const facts = new BoundedCache<number, Map<number, ProjectFacts>>(64)
const results = new BoundedCache<string, InsightResult>(RESULTS)

function factsOf(log: EventLog, projectId: number): ProjectFacts {
  let ofStamp = facts.get(log.stamp)
  if (!ofStamp) facts.set(log.stamp, (ofStamp = new Map()))
  let found = ofStamp.get(projectId)
  if (!found) ofStamp.set(projectId, (found = {}))
  return found
}

/** The plan for a question over the project's events (planInsight with the project's vocabulary). */
export function projectPlan(log: EventLog, projectId: number, question: string, insightType: InsightType): InsightPlan {
  const known = factsOf(log, projectId)
  known.plans ??= new Map()
  let plans = known.plans.get(insightType)
  if (!plans) known.plans.set(insightType, (plans = new BoundedCache(RESULTS)))
  let plan = plans.get(question)
  if (!plan)
    plans.set(
      question,
      (plan = planInsight(question, insightType, (known.vocabulary ??= vocabularyOf(log.forProject(projectId))))),
    )
  return plan
}

/** The part of a result's key that names the plan's query (plans are kept, so it is written once each). */
const queryKeys = new WeakMap<InsightPlan, string>()

function queryKeyOf(plan: InsightPlan): string {
  let key = queryKeys.get(plan)
  if (key === undefined)
    queryKeys.set(plan, (key = `${JSON.stringify(plan.query)}:${JSON.stringify(plan.sql ?? null)}`))
  return key
}

/** A plan's last result, with what it was made from besides the plan (and the clock reading it was asked at). */
interface LastResult {
  projectId: number
  stamp: number
  now: number
  from: number
  to: number
  result: InsightResult
}
/** Each plan's last result: the same question again finds it without writing the results cache's key. */
const lastResults = new WeakMap<InsightPlan, LastResult>()

/** The plan's result over the project's events at `now` (what runInsightQuery answers). */
export function projectInsight(log: EventLog, projectId: number, plan: InsightPlan, now: number): InsightResult {
  const stamp = log.stamp
  const kept = lastResults.get(plan)
  const last = kept !== undefined && kept.projectId === projectId && kept.stamp === stamp ? kept : undefined
  // Asked again at the same reading of the clock (a busy client asks many times a millisecond): the same window.
  if (last?.now === now) return last.result
  const known = factsOf(log, projectId)
  // "all" reaches back to the first event; the earliest is kept without the clock (min with now per call).
  const window = insightWindow(plan, now, () =>
    Math.min((known.earliest ??= earliestOf(log.forProject(projectId), Infinity)), now),
  )
  if (last !== undefined && last.from === window.from && last.to === window.to) {
    last.now = now
    return last.result
  }
  const key = `${projectId}:${stamp}:${window.from}:${window.to}:${queryKeyOf(plan)}`
  let result = results.get(key)
  if (!result) results.set(key, (result = runInsightQueryWithin(plan, log.forProject(projectId), window)))
  lastResults.set(plan, { projectId, stamp, now, from: window.from, to: window.to, result })
  return result
}

/** The tool message's text. */
export interface ToolContent {
  text: string
}

/** `formatToolContent(result, now, timeZone)`: the text names the time to the second. */
export function toolContent(result: InsightResult, now: number, timeZone: string): ToolContent {
  return { text: formatToolContent(result, now, timeZone) }
}
