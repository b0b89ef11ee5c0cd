// What the insight tool makes from a project's events, kept per version of the event log (its stamp):
// the vocabulary the planner reads (event names, most frequent first) and the plans made with it, the
// earliest event, and each query's result per window (insight-query.ts `insightWindow`: all a result
// takes from the clock). A question asked again while no event came or went answers from here instead
// of scanning every event of the project; any event added or deleted changes the stamp, so nothing
// stale is ever read. Bounded.
import { BoundedCache } from '../core/bounded-cache.ts'
import type { EventLog } from '../store/event-log.ts'
import type { EventRecord } from '../store/models.ts'
import { planInsight, type EventVocabulary, type InsightPlan, type InsightType } from './insight-plan.ts'
import { earliestOf, insightWindow, runInsightQueryWithin, type InsightResult } from './insight-query.ts'

/** Results kept (each a few kB at most: the buckets of one question). */
const RESULTS = 256

interface ProjectFacts {
  vocabulary?: EventVocabulary
  earliest?: number
  /** Plans by insight type and question (planning reads only the question and the vocabulary). */
  plans?: BoundedCache<string, InsightPlan>
}

/** The project's event names, most frequent first (ties by name), for the planner. */
function vocabularyOf(events: Iterable<EventRecord>): EventVocabulary {
  const counts = new Map<string, number>()
  for (const e of events) counts.set(e.event, (counts.get(e.event) ?? 0) + 1)
  const names = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)! || (a < b ? -1 : a > b ? 1 : 0))
  return { names }
}

// Stamps are never reused in the process (store/stamp.ts), so one cache serves every app.
const facts = new BoundedCache<string, ProjectFacts>(64)
const results = new BoundedCache<string, InsightResult>(RESULTS)

function factsOf(log: EventLog, projectId: number): ProjectFacts {
  const key = `${projectId}:${log.stamp}`
  let found = facts.get(key)
  if (!found) facts.set(key, (found = {}))
  return found
}

/** The plan for a question over the project's events (planInsight with the project's vocabulary). */
export function projectPlan(log: EventLog, projectId: number, question: string, insightType: InsightType): InsightPlan {
  const known = factsOf(log, projectId)
  const key = `${insightType}:${question}`
  const plans = (known.plans ??= new BoundedCache(RESULTS))
  let plan = plans.get(key)
  if (!plan) plans.set(key, (plan = planInsight(question, insightType, (known.vocabulary ??= vocabularyOf(log.forProject(projectId))))))
  return plan
}

/** The plan's result over the project's events at `now` (what runInsightQuery answers). */
export function projectInsight(log: EventLog, projectId: number, plan: InsightPlan, now: number): InsightResult {
  const known = factsOf(log, projectId)
  const events = log.forProject(projectId)
  // "all" reaches back to the first event; the earliest is kept without the clock (min with now per call).
  const window = insightWindow(plan, now, () => Math.min((known.earliest ??= earliestOf(events, Infinity)), now))
  const key = `${projectId}:${log.stamp}:${window.from}:${window.to}:${JSON.stringify(plan.query)}:${JSON.stringify(plan.sql ?? null)}`
  let result = results.get(key)
  if (!result) results.set(key, (result = runInsightQueryWithin(plan, events, window)))
  return result
}
