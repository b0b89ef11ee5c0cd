// The contract's types for callers (msw handler users, the test helper, frontend code): request and
// response bodies by operationId, derived from the generated types, never restated by hand.
import type { components, operations, paths } from './types.gen.ts'

export type { components, operations, paths }

/** Every operationId in the contract. */
export type OperationId = keyof operations

/** A named schema, e.g. `Schema<'Person'>`, `Schema<'SessionRecordingPlaylist'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name]

type JsonContent<R> = R extends { content: { 'application/json': infer Body } } ? Body : never

/** The JSON body an operation answers with for a status (default 200), e.g. `ResponseBody<'persons_list'>`. */
export type ResponseBody<
  Op extends OperationId,
  Status extends keyof operations[Op]['responses'] = 200 & keyof operations[Op]['responses'],
> = JsonContent<operations[Op]['responses'][Status]>

/** The JSON body an operation takes, e.g. `RequestBody<'persons_partial_update'>` is `{ properties: {...} }`. */
export type RequestBody<Op extends OperationId> = operations[Op] extends { requestBody?: infer R }
  ? JsonContent<NonNullable<R>>
  : never

/** Query parameters of an operation. */
export type QueryParams<Op extends OperationId> = NonNullable<operations[Op]['parameters']['query']>

/** Path parameters of an operation. */
export type PathParams<Op extends OperationId> = NonNullable<operations[Op]['parameters']['path']>

/** The error body every 4xx/5xx carries: `{type, code, detail, attr}`. */
export type ApiErrorBody = Schema<'Error'>
