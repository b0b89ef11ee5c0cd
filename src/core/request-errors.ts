// Turns ajv's request-validation errors into the real service's 400 bodies (DRF field errors as
// drf-exceptions-hog renders them: the first error only, `attr` the field path joined with "__").
import type { ErrorObject } from 'ajv'
import { ApiError, validationError } from './drf/exceptions.ts'

const typeMessages: Record<string, string> = {
  integer: 'A valid integer is required.',
  number: 'A valid number is required.',
  boolean: 'Must be a valid boolean.',
  string: 'Not a valid string.',
}

function jsonTypeName(value: unknown): string {
  if (value === null) return 'NoneType'
  if (Array.isArray(value)) return 'list'
  if (typeof value === 'object') return 'dict'
  if (typeof value === 'string') return 'str'
  if (typeof value === 'boolean') return 'bool'
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float'
  return typeof value
}

function valueAt(root: unknown, pointer: string): unknown {
  let node: any = root
  for (const part of pointer.split('/').slice(1)) {
    if (node == null) return undefined
    // Query parameters declared with content: application/json arrive as their raw JSON text.
    if (typeof node === 'string') {
      try {
        node = JSON.parse(node)
      } catch {
        return undefined
      }
    }
    node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')]
  }
  return node
}

/**
 * @param errors ajv errors for the combined {path, query, header, cookie, requestBody} object
 * @param input  that combined object, to quote the offending value
 */
export function requestValidationError(errors: ErrorObject[], input: unknown): ApiError {
  // Prefer errors that name a field over the combinators' summary errors.
  const first = errors.find((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf' && e.keyword !== 'if') ?? errors[0]!
  const segments = first.instancePath.split('/').slice(1)
  const location = segments.shift() // requestBody | query | path | header
  let fieldPath = segments
  if (first.keyword === 'required') fieldPath = [...segments, String(first.params.missingProperty)]
  const attr = fieldPath.length ? fieldPath.join('__') : null
  const value = valueAt(input, first.instancePath)

  if (first.keyword === 'parse') return validationError(`Invalid JSON in query parameter: ${first.message}`, attr)
  // DRF refuses null for a field that does not allow it before looking at its type or choices
  // (rest_framework/fields.py: Field.validate_empty_values, default_error_messages 'null').
  if (
    value === null &&
    location === 'requestBody' &&
    segments.length > 0 &&
    (first.keyword === 'type' || first.keyword === 'enum')
  ) {
    return validationError('This field may not be null.', attr, 'null')
  }
  switch (first.keyword) {
    case 'required':
      return validationError('This field is required.', attr, 'required')
    case 'enum':
      return validationError(
        `"${typeof value === 'object' ? JSON.stringify(value) : String(value)}" is not a valid choice.`,
        attr,
        'invalid_choice',
      )
    case 'maxLength':
      return validationError(`Ensure this field has no more than ${first.params.limit} characters.`, attr, 'max_length')
    case 'minLength':
      return first.params.limit === 1
        ? validationError('This field may not be blank.', attr, 'blank')
        : validationError(`Ensure this field has at least ${first.params.limit} characters.`, attr, 'min_length')
    case 'minimum':
      return validationError(`Ensure this value is greater than or equal to ${first.params.limit}.`, attr, 'min_value')
    case 'maximum':
      return validationError(`Ensure this value is less than or equal to ${first.params.limit}.`, attr, 'max_value')
    case 'format':
      if (first.params.format === 'date-time') {
        return validationError(
          'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
          attr,
        )
      }
      return validationError(`Enter a valid ${first.params.format}.`, attr)
    case 'type': {
      const expected = String(first.params.type).split(',')
      if (location === 'requestBody' && segments.length === 0) {
        return validationError(`Invalid data. Expected a dictionary, but got ${jsonTypeName(value)}.`, null)
      }
      if (expected.includes('object')) {
        return validationError(`Expected a dictionary of items but got type "${jsonTypeName(value)}".`, attr)
      }
      if (expected.includes('array')) {
        return validationError(`Expected a list of items but got type "${jsonTypeName(value)}".`, attr)
      }
      return validationError(typeMessages[expected[0]!] ?? `Invalid value: ${first.message}.`, attr)
    }
    case 'minProperties':
      return validationError(`Give at least ${first.params.limit} of the fields.`, attr, 'required')
    default:
      return validationError(`Invalid value: ${first.message ?? first.keyword}.`, attr)
  }
}
