// The mock's own control API under /_mock/ (no key): reset, clock, tasks, capture standing in for the
// event-capture interface, the rate limits in force and their buckets (see core/drf/throttling.ts), and
// the mock describing itself: whether it is up (health) and what it serves (routes). The journal is
// journal.ts; the fault settings, faults.ts; the data as stored, mock-data.ts.
import { inClockRange, MAX_INSTANT, MIN_INSTANT, parseDuration, parseInstant } from '../core/clock.ts'
import type { HandlerContext, HandlerMap } from './context.ts'
import { controlProject } from './lookup.ts'
import { validationError } from '../core/drf/exceptions.ts'
import { empty, json } from '../core/http.ts'
import { formatRate, REAL_RATES, THROTTLE_CLASSES } from '../contract/rate-limits.ts'
import { capture } from '../domain/capture.ts'
import { createRecording } from '../domain/recording.ts'
import { toPerson } from '../serializers/person.ts'
import { toRecording } from '../serializers/recording.ts'
import { iso, isoOrNull } from '../core/datetime.ts'
import { UnknownFixturesError } from '../store/dataset.ts'
import type { TaskRecord } from '../store/models.ts'

export const toTask = (t: TaskRecord) => ({
  id: t.id,
  kind: t.kind,
  project_id: t.project_id,
  target: t.target,
  created_at: iso(t.created_at),
  scheduled_for: iso(t.scheduled_for),
  state: t.state,
  ran_at: isoOrNull(t.ran_at),
  result: t.result,
})

function clockState(ctx: HandlerContext, ran: TaskRecord[] = []) {
  const { clock } = ctx.services
  return { now: clock.iso(), frozen: clock.frozen, ran: ran.map(toTask) }
}

export const controlHandlers: HandlerMap = {
  async mock_reset(ctx) {
    const body = ctx.body ?? {}
    try {
      await ctx.services.reset({ seed: body.seed, fixtures: body.fixtures })
    } catch (error) {
      if (error instanceof UnknownFixturesError) throw validationError(error.message, 'fixtures')
      throw error
    }
    const { store, clock } = ctx.services
    return json(200, {
      seed: store.dataset.seed,
      fixtures: store.dataset.fixtures,
      now: clock.iso(),
      counts: store.counts(),
    })
  },

  mock_clock_retrieve(ctx) {
    return json(200, clockState(ctx))
  },

  async mock_clock_update(ctx) {
    const { clock } = ctx.services
    const body = ctx.body ?? {}
    if (body.now === undefined && body.advance === undefined && body.freeze === undefined) {
      throw validationError('Provide now, advance or freeze.')
    }
    let advanceMs: number | undefined
    if (body.advance !== undefined) {
      try {
        advanceMs = typeof body.advance === 'number' ? body.advance : parseDuration(body.advance)
      } catch {
        throw validationError(`"${body.advance}" is not a number of milliseconds or an ISO 8601 duration.`, 'advance')
      }
      if (!Number.isFinite(advanceMs) || advanceMs! < 0)
        throw validationError('advance must not be negative.', 'advance')
    }
    // Checked before anything changes: a refused request leaves the clock where it was.
    const target = (body.now !== undefined ? parseInstant(body.now) : clock.now()) + (advanceMs ?? 0)
    if (!inClockRange(target)) {
      throw validationError(
        `The clock must stay between ${iso(MIN_INSTANT)} and ${iso(MAX_INSTANT)}.`,
        body.advance !== undefined ? 'advance' : 'now',
      )
    }
    if (body.now !== undefined) clock.set(parseInstant(body.now))
    if (advanceMs !== undefined) clock.advance(advanceMs)
    if (body.freeze === true) clock.freeze()
    if (body.freeze === false) clock.unfreeze()
    const ran = (await ctx.services.runDueTasks()) as TaskRecord[]
    return json(200, clockState(ctx, ran))
  },

  mock_tasks_list(ctx) {
    const tasks = ctx.services.store.tasks.all().sort((a, b) => a.id - b.id)
    return json(200, { results: tasks.map(toTask) })
  },

  mock_events_capture(ctx) {
    const projectId = controlProject(ctx)
    const { store, clock } = ctx.services
    const body = ctx.body
    const result = capture(
      store,
      projectId,
      {
        event: body.event,
        distinct_id: body.distinct_id,
        timestamp: body.timestamp === undefined ? undefined : parseInstant(body.timestamp),
        properties: body.properties,
      },
      clock.now(),
    )
    const event = result.event
    return json(201, {
      event: {
        event: event.event,
        distinct_id: event.distinct_id,
        timestamp: iso(event.timestamp),
        properties: event.properties,
      },
      person: store.persons.get(result.person.id) ? toPerson(result.person) : null,
    })
  },

  mock_session_recordings_create(ctx) {
    const projectId = controlProject(ctx)
    const { store, clock } = ctx.services
    const b = ctx.body ?? {}
    const duration = ((b.active_seconds ?? 60) + (b.inactive_seconds ?? 0)) * 1000
    const start = b.start_time === undefined ? clock.now() - duration : parseInstant(b.start_time)
    if (!inClockRange(start) || !inClockRange(start + duration)) {
      throw validationError('The recording must start and end between 1900 and 9998.', 'start_time')
    }
    const recording = createRecording(store, projectId, { ...b, start_time: start }, clock.now())
    return json(
      201,
      toRecording(recording, store.persons, clock.now(), ctx.profile === 'observed' ? 'array' : 'string'),
    )
  },

  mock_rate_limits_retrieve(ctx) {
    const throttle = ctx.services.throttle
    if (!throttle) return json(200, { enabled: false, classes: [], buckets: [] })
    const classes = THROTTLE_CLASSES.map((c) => ({
      class: c.name,
      scope: c.scope,
      kind: c.kind,
      ident: c.ident,
      rate: formatRate(throttle.rates[c.scope]!),
      real_rate: formatRate(REAL_RATES[c.scope]!),
    }))
    const buckets = throttle.buckets().map((b) => ({ ...b, frees_at: iso(b.frees_at!) }))
    return json(200, { enabled: true, classes, buckets })
  },

  mock_rate_limits_clear(ctx) {
    ctx.services.throttle?.clear()
    return empty(204)
  },

  mock_health_retrieve(ctx) {
    const { store, startedAt, contract } = ctx.services
    return json(200, {
      status: 'ok',
      version: contract.document.info.version,
      scenario: store.dataset.fixtures,
      seed: store.dataset.seed,
      uptime_s: Math.round(Math.max(0, performance.now() - startedAt)) / 1000,
    })
  },

  mock_routes_list(ctx) {
    const results = ctx.services.contract.operations
      .map((op) => ({
        operation_id: op.operationId,
        method: op.method,
        paths: op.templates,
        scopes: op.scopes,
        tags: op.tags,
      }))
      .sort((a, b) => a.paths[0]!.localeCompare(b.paths[0]!) || a.method.localeCompare(b.method))
    return json(200, { count: results.length, results })
  },
}
