// Progress of a recording: a bar redrawn in place on a terminal, plain lines otherwise (CI logs); each
// with the stage's ETA when it is known, and a line when the rate limits make it wait a while.
import type { Progress } from './crawl.ts'
import { formatDuration, waitText } from '../verify/pacer.ts'

export interface ProgressStream {
  isTTY?: boolean
  columns?: number
  write(text: string): unknown
}

export interface ProgressReporter {
  update(progress: Progress): void
  /** Ends the current stage's line. */
  done(): void
  /** A wait of `ms` for the rate limits (`reason`: the throttle class, or Retry-After). */
  wait(ms: number, reason: string): void
}

/** Waits shorter than this are not worth a line. */
const WAIT_LINE_MS = 10_000



const BAR = 24
/** Plain mode prints a stage's count every this many items (and when the stage ends). */
const LINE_EVERY = 100

export function progressReporter(stream: ProgressStream): ProgressReporter {
  let last: Progress | undefined
  let printed: Progress | undefined
  const text = (p: Progress) =>
    `${p.stage}: ${p.done}${p.total === undefined ? '' : `/${p.total}`}${p.etaMs === undefined || p.done === p.total ? '' : `, ETA ${formatDuration(p.etaMs)}`}`
  const line = (p: Progress) => {
    if (printed && printed.stage === p.stage && printed.done === p.done) return
    stream.write(`${text(p)}\n`)
    printed = p
  }
  if (stream.isTTY) {
    let lastDraw = 0
    const draw = (p: Progress, force = false) => {
      const now = Date.now()
      if (!force && now - lastDraw < 80) return
      lastDraw = now
      const bar =
        p.total === undefined || p.total === 0
          ? ''
          : `[${'#'.repeat(Math.round((BAR * p.done) / p.total)).padEnd(BAR, '.')}] `
      stream.write(`\r\u001b[K${bar}${text(p)}`.slice(0, (stream.columns ?? 200) + 4))
    }
    return {
      update(p) {
        if (last && last.stage !== p.stage) {
          draw(last, true)
          stream.write('\n')
        }
        last = p
        draw(p)
      },
      done() {
        if (!last) return
        draw(last, true)
        stream.write('\n')
        last = undefined
      },
      wait(ms, reason) {
        if (ms < WAIT_LINE_MS) return
        stream.write(`\r\u001b[K${waitText(ms, reason)}`)
        lastDraw = 0
      },
    }
  }
  return {
    update(p) {
      if (last && last.stage !== p.stage) line(last)
      last = p
      if (p.done % LINE_EVERY === 0) line(p)
    },
    done() {
      if (last) line(last)
      last = undefined
    },
    wait(ms, reason) {
      if (ms < WAIT_LINE_MS) return
      if (last) line(last)
      stream.write(`${waitText(ms, reason)}\n`)
    },
  }
}
