// Errors in the real service's shape, as its exception handler writes them (PostHog/drf-exceptions-hog,
// exceptions_hog/handler.py exception_handler; multiple-exception mode is off): {type, code, detail,
// attr}, one error only. `type` by the exception's class; for a ValidationError the first of its errors
// (a serializer's are in its field order), `attr` that error's field path joined with `__` (null for a
// non-field error: non_field_errors, __all__), `code` its code with `invalid` renamed `invalid_input`.
import { json, type MockResponse } from '../http.ts'

export type ErrorType =
  'validation_error' | 'authentication_error' | 'invalid_request' | 'throttled_error' | 'server_error'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    readonly code: string,
    readonly detail: string,
    readonly attr: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail)
  }

  toResponse(): MockResponse {
    return json(this.status, { type: this.type, code: this.code, detail: this.detail, attr: this.attr }, this.headers)
  }
}

export const notFound = (detail = 'Not found.') => new ApiError(404, 'invalid_request', 'not_found', detail)

export const validationError = (detail: string, attr: string | null = null, code = 'invalid_input') =>
  new ApiError(400, 'validation_error', code === 'invalid' ? 'invalid_input' : code, detail, attr)

/** One error of a ValidationError: its field path ([] or non_field_errors for none), message and code. */
export interface FieldError {
  path: readonly string[]
  message: string
  code: string
}

const NON_FIELD = new Set(['non_field_errors', '__all__'])

/** The exception handler's answer to a ValidationError holding `errors` (in the order DRF collected them). */
export function validationErrors(errors: readonly FieldError[]): ApiError {
  const { path, message, code } = errors[0]!
  const attr = path.length === 0 || (path.length === 1 && NON_FIELD.has(path[0]!)) ? null : path.join('__')
  return validationError(message, attr, code)
}

export const permissionDenied = (detail: string) =>
  new ApiError(403, 'authentication_error', 'permission_denied', detail)

export const methodNotAllowed = (method: string, allow: string[]) =>
  new ApiError(405, 'invalid_request', 'method_not_allowed', `Method "${method}" not allowed.`, null, {
    allow: allow.join(', '),
  })

/** An endpoint the real service has and the mock does not serve (the contract's x-not-mocked). */
export const notMocked = (method: string, path: string) =>
  new ApiError(
    501,
    'server_error',
    'not_mocked',
    `${method} ${path} exists in the real service, but analytics-mock does not mock it.`,
  )

export const parseError = (detail: string) => new ApiError(400, 'invalid_request', 'parse_error', detail)

export const serverError = (detail = 'A server error occurred.', code = 'error') =>
  new ApiError(500, 'server_error', code, detail)
