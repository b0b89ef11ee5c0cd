// What the insight tool makes from a project's events, kept per app while the event log's version (its
// stamp) holds: the vocabulary the planner reads (event names, most frequent first), the plans made with
// it, the earliest event, and each query's result per window (insight-query.ts `insightWindow`: all a
// result takes from the clock). A question asked again while no event came or went answers from here
// instead of scanning every event of the project; an event added or deleted changes the stamp and
// empties the cache, so nothing stale is read.
//
// Bound: 256 plans and 256 results (each a few kB at most: the buckets of one question). Needed by the
// bench row "POST max_tools create_and_query_insight" (a POST: the answer memo never keeps it).
import { BoundedCache } from '../core/bounded-cache.ts'
import type { EventLog } from '../store/event-log.ts'
import type { EventRecord } from '../store/models.ts'
import { planInsight, type EventVocabulary, type InsightPlan, type InsightType } from './insight-plan.ts'
import { earliestOf, insightWindow, runInsightQueryWithin, type InsightResult } from './insight-query.ts'

const BOUND = 256

/** The project's event names, most frequent first (ties by name), for the planner. */
function vocabularyOf(events: Iterable<EventRecord>): EventVocabulary {
  const counts = new Map<string, number>()
  for (const e of events) counts.set(e.event, (counts.get(e.event) ?? 0) + 1)
  const names = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)! || (a < b ? -1 : a > b ? 1 : 0))
  return { names }
}

interface ProjectFacts {
  vocabulary?: EventVocabulary
  earliest?: number
}

/** One app's insight plans and results, valid for one version of its event log. */
export class InsightCache {
  #stamp = Number.NaN
  #facts = new Map<number, ProjectFacts>()
  #plans = new BoundedCache<string, InsightPlan>(BOUND)
  #results = new BoundedCache<string, InsightResult>(BOUND)
  /** The part of a result's key that names a plan's query, written once per plan (plans are kept). */
  #queryKeys = new WeakMap<InsightPlan, string>()

  /** Empties the cache when the log has changed since it was filled. */
  #current(log: EventLog): void {
    if (log.stamp === this.#stamp) return
    this.#stamp = log.stamp
    this.#facts = new Map()
    this.#plans = new BoundedCache(BOUND)
    this.#results = new BoundedCache(BOUND)
  }

  #factsOf(projectId: number): ProjectFacts {
    let found = this.#facts.get(projectId)
    if (!found) this.#facts.set(projectId, (found = {}))
    return found
  }

  /** The plan for a question over the project's events (planInsight with the project's vocabulary). */
  plan(log: EventLog, projectId: number, question: string, insightType: InsightType): InsightPlan {
    this.#current(log)
    const key = `${projectId}:${insightType}:${question}`
    let plan = this.#plans.get(key)
    if (!plan) {
      const facts = this.#factsOf(projectId)
      facts.vocabulary ??= vocabularyOf(log.forProject(projectId))
      this.#plans.set(key, (plan = planInsight(question, insightType, facts.vocabulary)))
    }
    return plan
  }

  /** The plan's result over the project's events at `now` (what runInsightQuery answers). */
  result(log: EventLog, projectId: number, plan: InsightPlan, now: number): InsightResult {
    this.#current(log)
    const facts = this.#factsOf(projectId)
    // "all" reaches back to the first event; the earliest is kept without the clock (min with now per call).
    const window = insightWindow(plan, now, () =>
      Math.min((facts.earliest ??= earliestOf(log.forProject(projectId), Infinity)), now),
    )
    let queryKey = this.#queryKeys.get(plan)
    if (queryKey === undefined)
      this.#queryKeys.set(plan, (queryKey = `${JSON.stringify(plan.query)}:${JSON.stringify(plan.sql ?? null)}`))
    const key = `${projectId}:${window.from}:${window.to}:${queryKey}`
    let result = this.#results.get(key)
    if (!result) this.#results.set(key, (result = runInsightQueryWithin(plan, log.forProject(projectId), window)))
    return result
  }
}
