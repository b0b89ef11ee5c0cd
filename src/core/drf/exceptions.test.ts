// Cases read in PostHog/drf-exceptions-hog, exceptions_hog/handler.py: exception_handler (one error when
// multiple-exception mode is off: the first normalized one), NormalizedException.attr (the keys joined
// with "__", None for "", "__all__" and non_field_errors), .code (the first code, `invalid` renamed
// `invalid_input`), .detail (the first message) and _get_error_type (the type by the exception's class).
import { describe, expect, it } from 'vitest'
import {
  methodNotAllowed,
  notFound,
  parseError,
  permissionDenied,
  validationErrors,
  type FieldError,
} from './exceptions.ts'

const shown = (errors: FieldError[]) => {
  const e = validationErrors(errors)
  return { status: e.status, type: e.type, code: e.code, detail: e.detail, attr: e.attr }
}
const err = (path: string[], message = 'This field is required.', code = 'required'): FieldError => ({
  path,
  message,
  code,
})

describe("the exception handler's choice of error (exceptions_hog/handler.py)", () => {
  it.each([
    ['a flat field error', [err(['name'])], 'name', 'required', 'This field is required.'],
    [
      'the first of several fields, in the order collected',
      [err(['pinned'], 'Must be a valid boolean.', 'invalid'), err(['name'])],
      'pinned',
      'invalid_input',
      'Must be a valid boolean.',
    ],
    [
      'a nested field: its keys joined with __',
      [err(['filters', 'date_from'], 'Not a valid string.', 'invalid')],
      'filters__date_from',
      'invalid_input',
      'Not a valid string.',
    ],
    [
      'a list item: its index as a key',
      [err(['distinct_ids_to_split', '0'], 'Not a valid string.', 'invalid')],
      'distinct_ids_to_split__0',
      'invalid_input',
      'Not a valid string.',
    ],
    [
      'non_field_errors: no attr',
      [err(['non_field_errors'], 'You cannot create a collection with filters', 'invalid')],
      null,
      'invalid_input',
      'You cannot create a collection with filters',
    ],
    ['__all__: no attr', [err(['__all__'], 'Already exists.', 'unique')], null, 'unique', 'Already exists.'],
    [
      'a plain ValidationError (no key): no attr',
      [err([], 'must be a list', 'invalid')],
      null,
      'invalid_input',
      'must be a list',
    ],
    [
      'non_field_errors nested under a field keeps its path',
      [err(['form', 'non_field_errors'], 'Bad.', 'invalid')],
      'form__non_field_errors',
      'invalid_input',
      'Bad.',
    ],
    [
      'a code other than invalid is kept',
      [err(['name'], 'Ensure this field has no more than 400 characters.', 'max_length')],
      'name',
      'max_length',
      'Ensure this field has no more than 400 characters.',
    ],
  ] as const)('%s', (_what, errors, attr, code, detail) => {
    expect(shown([...errors])).toEqual({ status: 400, type: 'validation_error', code, detail, attr })
  })

  it('gives each exception class its type (_get_error_type)', () => {
    const typeOf = (e: { status: number; type: string; code: string }) => [e.status, e.type, e.code]
    expect(typeOf(notFound())).toEqual([404, 'invalid_request', 'not_found'])
    expect(typeOf(methodNotAllowed('PUT', ['GET']))).toEqual([405, 'invalid_request', 'method_not_allowed'])
    expect(typeOf(parseError('JSON parse error'))).toEqual([400, 'invalid_request', 'parse_error'])
    expect(typeOf(permissionDenied('no'))).toEqual([403, 'authentication_error', 'permission_denied'])
  })
})
