// Faults a test can switch on (the peers' users keep asking for them): latency added to every API
// request, and a share of API requests answered with an error instead of running. Settable at start
// (app option, `serve --latency`) and at run time (`/_mock/faults`). The control API is never slowed
// or failed, so a test can always switch faults off again. Not store state: a reset keeps them.
import { SeededRandom } from './random.ts'
import { ApiError, serverError } from './drf/exceptions.ts'

export interface FaultSettings {
  /** Added to every API request before it is handled, in milliseconds. */
  latency_ms: number
  /** A further random delay of up to this many milliseconds (seeded, so runs repeat). */
  jitter_ms: number
  /** Share of API requests (0..1) answered with `error_status` instead of running. */
  error_rate: number
  error_status: 429 | 500 | 502 | 503
  /** operationIds the faults apply to; null: every API operation. */
  operations: string[] | null
}

const NO_FAULTS: Readonly<FaultSettings> = Object.freeze({
  latency_ms: 0,
  jitter_ms: 0,
  error_rate: 0,
  error_status: 503,
  operations: null,
})

export class Faults {
  #settings: FaultSettings = { ...NO_FAULTS }
  #random = new SeededRandom(0x5eed)
  /** Whether any latency or failure is set: without, the pipeline never calls in here. */
  active = false

  constructor(initial: Partial<FaultSettings> = {}) {
    this.update(initial)
  }

  get settings(): Readonly<FaultSettings> {
    return this.#settings
  }

  /** Changes the given settings and keeps the others (names that are not settings are ignored). */
  update(partial: Partial<FaultSettings>): void {
    const next = { ...this.#settings }
    for (const [key, value] of Object.entries(partial))
      if (value !== undefined && key in NO_FAULTS) (next as any)[key] = value
    this.#settings = next
    this.#random = new SeededRandom(0x5eed)
    this.active = next.latency_ms > 0 || next.jitter_ms > 0 || next.error_rate > 0
  }

  clear(): void {
    this.update(NO_FAULTS)
  }

  #applies(operationId: string): boolean {
    return this.#settings.operations === null || this.#settings.operations.includes(operationId)
  }

  /** Milliseconds to hold this request back (0 when no latency is set). */
  delayFor(operationId: string): number {
    const { latency_ms, jitter_ms } = this.#settings
    if ((latency_ms === 0 && jitter_ms === 0) || !this.#applies(operationId)) return 0
    return latency_ms + (jitter_ms > 0 ? this.#random.int(jitter_ms + 1) : 0)
  }

  /** The error to answer instead of running the handler, or null. */
  failureFor(operationId: string): ApiError | null {
    const { error_rate, error_status } = this.#settings
    if (error_rate <= 0 || !this.#applies(operationId) || this.#random.next() >= error_rate) return null
    switch (error_status) {
      case 429:
        return new ApiError(
          429,
          'throttled_error',
          'throttled',
          'Request was throttled. Expected available in 1 second.',
          null,
          { 'retry-after': '1' },
        )
      case 502:
        return new ApiError(502, 'server_error', 'bad_gateway', 'Bad gateway (fault injected by analytics-mock).')
      case 503:
        return new ApiError(
          503,
          'server_error',
          'service_unavailable',
          'Service unavailable (fault injected by analytics-mock).',
        )
      default:
        return serverError()
    }
  }
}
