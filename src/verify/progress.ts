// Progress of a long run (a recording's stages, a verify run's checks): a bar redrawn in place on a
// terminal, plain lines otherwise (CI logs); each with the stage's ETA when it is known (etaMs: one
// estimate for both tools), and a line when the rate limits make it wait a while.
import { formatDuration, waitText, type Pacer } from './pacer.ts'

export interface Progress {
  /** What is being counted (`person details`, `checks`). */
  stage: string
  done: number
  /** Unknown when the deployment does not count (the real persons and recordings lists do not). */
  total?: number
  /** About how long the stage has left (ms), from its pace so far and the rate limits; with a total only. */
  etaMs?: number
}

/**
 * A client's progress by stage, each with the ETA: the longer of the stage's pace so far (time per item)
 * and what the budget allows for the requests its items have taken so far per item (the pacer's estimate
 * for the stage's operation, or the one `report` names). No ETA without a total, before the first item,
 * or once done.
 */
export function stageProgress(
  client: { requests: number; pacer: Pacer },
  now: () => number,
  report: (progress: Progress) => void = () => {},
) {
  const stages = new Map<string, { at: number; requests: number; operationId: string | null }>()
  return {
    start(stage: string, operationId: string | null = null) {
      stages.set(stage, { at: now(), requests: client.requests, operationId })
    },
    report(p: Progress, operationId?: string) {
      const started = stages.get(p.stage)
      if (!started || p.total === undefined || p.done === 0 || p.done >= p.total) return report(p)
      const left = p.total - p.done
      const byPace = ((now() - started.at) / p.done) * left
      const requestsLeft = Math.ceil(((client.requests - started.requests) / p.done) * left)
      const byBudget = client.pacer.estimateMs(requestsLeft, operationId ?? started.operationId)
      report({ ...p, etaMs: Math.max(byPace, byBudget) })
    },
  }
}

export interface ProgressStream {
  isTTY?: boolean
  columns?: number
  write(text: string): unknown
}

/** Waits shorter than this are not worth a line. */
const WAIT_LINE_MS = 10_000

const BAR = 24
/** Plain mode prints a stage's count every `every` items (default 100), before a long wait, and when the stage ends. */
export function progressReporter(stream: ProgressStream, { every = 100 } = {}) {
  let last: Progress | undefined
  let printed: Progress | undefined
  let lastDraw = 0
  const text = (p: Progress) =>
    `${p.stage}: ${p.done}${p.total === undefined ? '' : `/${p.total}`}${p.etaMs === undefined || p.done === p.total ? '' : `, ETA ${formatDuration(p.etaMs)}`}`
  const line = (p: Progress) => {
    if (printed && printed.stage === p.stage && printed.done === p.done && printed.total === p.total) return
    printed = p // before writing: a line the stream refused is not tried again
    stream.write(`${text(p)}\n`)
  }
  const draw = (p: Progress, force = false) => {
    const now = Date.now()
    if (!force && now - lastDraw < 80) return
    lastDraw = now
    const bar = p.total ? `[${'#'.repeat(Math.round((BAR * p.done) / p.total)).padEnd(BAR, '.')}] ` : ''
    stream.write(`\r\u001b[K${bar}${text(p)}`.slice(0, (stream.columns ?? 200) + 4))
  }
  /** A terminal's bar is redrawn in place; elsewhere, plain lines. */
  const end = (p: Progress) => (stream.isTTY ? (draw(p, true), stream.write('\n')) : line(p))
  return {
    update(p: Progress) {
      if (last && last.stage !== p.stage) end(last)
      last = p
      if (stream.isTTY) draw(p)
      else if (p.done % every === 0) line(p)
    },
    /** Ends the current stage's line. */
    done() {
      if (last) end(last)
      last = undefined
    },
    /** A wait of `ms` for the rate limits (`reason`: the throttle class, or Retry-After). */
    wait(ms: number, reason: string) {
      if (ms < WAIT_LINE_MS) return
      if (stream.isTTY) {
        stream.write(`\r\u001b[K${waitText(ms, reason)}`)
        lastDraw = 0
      } else {
        if (last) line(last)
        stream.write(`${waitText(ms, reason)}\n`)
      }
    },
  }
}
