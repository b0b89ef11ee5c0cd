// The answer's way out: checked against the contract (a violation is a 500), held until the changes it
// may show are durable (a change that could not be saved is a 500), then written to the request journal.
import type { Profile } from '../contract/profiles.ts'
import type { ChangeFeed } from './changes.ts'
import type { Clock } from './clock.ts'
import { viewOf } from './operation-view.ts'
import { serverError } from './drf/exceptions.ts'
import type { MockRequest, MockResponse } from './http.ts'
import type { Journal, JournalValidation } from './journal.ts'
import { checkResponse, type ContractViolation } from './response-validation.ts'
import type { Outcome } from './turn.ts'

export interface JournalingOptions {
  journal: Journal
  clock: Clock
  profile: Profile
  changes: ChangeFeed
  /** Validate every response against the contract. */
  validateResponses: boolean
  /** Called for each contract violation (the response is a 500 either way). */
  onViolation: (violation: ContractViolation) => void
}

/** The answer checked, its change made durable (or waited for), journaled; `started` is when the request came in (performance.now()). */
export type Finish = (req: MockRequest, outcome: Outcome, started: number) => MockResponse | Promise<MockResponse>

export function createFinish(options: JournalingOptions): Finish {
  const { journal, clock, profile, changes, validateResponses, onViolation } = options

  function finish(req: MockRequest, outcome: Outcome, started: number): MockResponse | Promise<MockResponse> {
    let { res } = outcome
    const { op } = outcome
    // The answer is checked against the contract while its change is being made durable (the check
    // needs nothing from the disk): under --state the flush's wait overlaps this work instead of adding to it.
    let validation: JournalValidation = 'skipped'
    let violated: string | undefined
    if (validateResponses && op && res.status < 500) {
      const violation = checkResponse(viewOf(op, profile), res)
      validation = violation ? 'failed' : 'passed'
      if (violation) {
        onViolation(violation)
        violated = `${violation.operationId} ${violation.status}: ${violation.message}`
        res = serverError(`Response violates the contract: ${violated}`, 'contract_violation').toResponse()
      }
    }
    if (outcome.durable) {
      return outcome.durable.then(
        () => journaled(req, outcome, started, res, validation, violated),
        (error) =>
          journaled(
            req,
            outcome,
            started,
            serverError(
              `The change was made but could not be saved, so it may be lost at a restart: ${(error as Error).message ?? error}`,
              'state_not_saved',
            ).toResponse(),
            'skipped',
            undefined,
          ),
      )
    }
    const pending = changes.pending
    if (pending) {
      // This answer may show changes not yet durable: it waits for them (their failure is theirs to report).
      const answered = res
      return pending.then(
        () => journaled(req, outcome, started, answered, validation, violated),
        () => journaled(req, outcome, started, answered, validation, violated),
      )
    }
    return journaled(req, outcome, started, res, validation, violated)
  }

  function journaled(
    req: MockRequest,
    outcome: Outcome,
    started: number,
    res: MockResponse,
    validation: JournalValidation,
    violated: string | undefined,
  ): MockResponse {
    const { op, named } = outcome
    // Reads of the mock's own state (x-observer) are not journaled: watching the mock leaves no trace.
    if (named?.observer) return res
    journal.record(
      {
        method: req.method,
        // References only (shaped, masked and redacted when read): the URL, the key's header, the answer.
        url: req.url,
        operation_id: (named ?? op)?.operationId ?? null,
        status: res.status,
        request_body: outcome.body,
        authorization: req.headers.authorization,
        response: res,
        validation,
        violation: violated,
      },
      outcome.at ?? clock.now(),
      Math.round((performance.now() - started) * 1000) / 1000,
    )
    return res
  }

  return finish
}
