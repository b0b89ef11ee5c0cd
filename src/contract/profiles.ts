// The contract's two profiles, read from one source: the operations as written (the seed, the default)
// and as the real service answers them (observed), which the operations' `x-observed` notes describe.
// The mock's core and the verify kit both derive the observed profile here, from the same notes.
//
// A note changes the observed profile when it says so in a field the profile can use:
// - `real_scopes`: the scopes the real service checks; `[]` means the action declares none, so a scoped
//   personal API key is refused there (a legacy key without scopes is not).
// - `real_status` in 2xx, and/or `real_schema` without `real_status`: the operation's success answer.
//   A `real_status` without a `real_schema` means no body; a `real_schema` alone replaces the JSON body
//   of the success status (other media types stay).
// - `real_formats`: the formats the real view renders. A `format` query parameter naming another is
//   a 404 `Not found.` before the key is read, as DRF's content negotiation answers
//   (rest_framework/negotiation.py, DefaultContentNegotiation.filter_renderers).
// Notes with an error `real_status` (say the real 500 where the mock answers 400 on purpose) describe
// the real service for the verify kit only: no profile answers 5xx for a client's mistake.

export const PROFILES = ['seed', 'observed'] as const
export type Profile = (typeof PROFILES)[number]

export function isProfile(value: unknown): value is Profile {
  return typeof value === 'string' && (PROFILES as readonly string[]).includes(value)
}

/** An `x-observed` note as the document writes it (schemas may be `$ref`s or, dereferenced, schemas). */
export interface ObservedNoteDoc {
  id: string
  what?: string
  seed?: string
  real?: string
  real_status?: number
  real_schema?: unknown
  real_scopes?: string[]
  real_formats?: string[]
}

/** The parts of an operation object the profiles read. */
export interface OperationDoc {
  operationId?: string
  responses?: Record<string, any>
  'x-observed'?: ObservedNoteDoc[]
}

export function observedNotes(operation: OperationDoc): ObservedNoteDoc[] {
  return operation['x-observed'] ?? []
}

const isSuccess = (status: number | undefined) => status !== undefined && status >= 200 && status < 300

/** The note that changes the success answer in the observed profile (an operation has at most one). */
export function answerNote(operation: OperationDoc): ObservedNoteDoc | undefined {
  const notes = observedNotes(operation).filter(
    (n) =>
      n.real_scopes === undefined &&
      (isSuccess(n.real_status) || (n.real_status === undefined && n.real_schema !== undefined)),
  )
  if (notes.length > 1) {
    throw new Error(
      `${operation.operationId}: x-observed notes ${notes.map((n) => n.id).join(', ')} all change the success answer; one may`,
    )
  }
  return notes[0]
}

/** The note that changes the scopes in the observed profile, if any. */
export function scopesNote(operation: OperationDoc): ObservedNoteDoc | undefined {
  return observedNotes(operation).find((n) => n.real_scopes !== undefined)
}

/** The formats the operation renders under a profile (null: the `format` parameter is left to the contract). */
export function profileFormats(operation: OperationDoc, profile: Profile): string[] | null {
  if (profile !== 'observed') return null
  return observedNotes(operation).find((n) => n.real_formats !== undefined)?.real_formats ?? null
}

/** The lowest success status the operation documents (its answer when nothing goes wrong). */
export function primarySuccess(responses: Record<string, unknown>): string | undefined {
  return Object.keys(responses)
    .filter((s) => isSuccess(Number(s)))
    .sort()[0]
}

/** The responses the operation documents under a profile (status -> response object). */
export function profileResponses(operation: OperationDoc, profile: Profile): Record<string, any> {
  const responses = operation.responses ?? {}
  const note = profile === 'observed' ? answerNote(operation) : undefined
  if (!note) return responses
  const primary = primarySuccess(responses)
  const status = String(note.real_status ?? primary)
  if (primary === undefined)
    throw new Error(
      `${operation.operationId}: x-observed ${note.id} changes a success answer the operation does not document`,
    )
  const out: Record<string, any> = { ...responses }
  if (status !== primary) delete out[primary]
  const description = note.real ?? `as the real service answers (${note.id})`
  if (note.real_schema === undefined) {
    out[status] = { description }
  } else {
    const kept = status === primary ? (responses[primary]?.content ?? {}) : {}
    out[status] = { description, content: { ...kept, 'application/json': { schema: note.real_schema } } }
  }
  return out
}

export interface ProfileScopes {
  /** Scopes to check; null: no key at all (the control API); []: any valid key. */
  scopes: string[] | null
  /** The action declares no scope: scoped personal API keys are refused (observed profile only). */
  noneDeclared: boolean
}

/** The scopes the operation needs under a profile, given the ones its `security` lists. */
export function profileScopes(operation: OperationDoc, documented: string[] | null, profile: Profile): ProfileScopes {
  const note = profile === 'observed' && documented !== null ? scopesNote(operation) : undefined
  if (!note) return { scopes: documented, noneDeclared: false }
  return { scopes: [...note.real_scopes!], noneDeclared: note.real_scopes!.length === 0 }
}
