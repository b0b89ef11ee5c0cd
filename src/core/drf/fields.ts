// Django REST framework's serializer fields, as the contract declares them: each writable field of a
// request body carries an `x-drf` entry ({field, required, allow_null, allow_blank, max_length,
// min_length, trim_whitespace, choices, min_value, max_value}) beside its schema. Serializer.to_internal_value
// (rest_framework/serializers.py) runs them in the serializer's field order, collects every field's
// error and raises them together (the exception handler shows the first: exceptions.ts); the validated data
// holds the fields that were given, as the fields made them. Per field (rest_framework/fields.py):
// - get_value: a missing field is `empty`; form input (core/drf/parsers.ts) reads the last value, a missing
//   BooleanField as false unless the update is partial, '' as null or empty where the field allows;
// - validate_empty_values: `empty` is skipped in a partial update, else `required` or skipped; null is
//   `null` unless allow_null;
// - CharField: blank (after trimming) is `blank` unless allow_blank; a number becomes its text (Python's
//   str), booleans and composites are `invalid`; trimmed; then max_length / min_length (code points),
//   null characters and surrogates;
// - BooleanField: its TRUE_VALUES and FALSE_VALUES (and NULL_VALUES with allow_null), else `invalid`;
// - ChoiceField: the choice whose text is str(input), else `invalid_choice` '"<input>" is not a valid choice.';
// - JSONField: any JSON (form input is parsed as JSON text); IntegerField and FloatField as DRF reads numbers.
import { validationErrors, type FieldError } from './exceptions.ts'
import { isHtmlInput } from './parsers.ts'
import { pythonStr } from '../python-text.ts'

export interface DrfField {
  field: 'CharField' | 'BooleanField' | 'ChoiceField' | 'JSONField' | 'IntegerField' | 'FloatField'
  required?: boolean
  allow_null?: boolean
  allow_blank?: boolean
  trim_whitespace?: boolean
  max_length?: number
  min_length?: number
  choices?: Array<string | number>
  min_value?: number
  max_value?: number
}

/** A serializer: its writable fields in order. */
export type Serializer = ReadonlyArray<readonly [string, DrfField]>

/** The fields a request body schema declares with x-drf (null when it declares none). */
export function serializerOf(schema: { properties?: Record<string, any> } | undefined): Serializer | null {
  const fields = Object.entries(schema?.properties ?? {}).filter(([, s]) => s?.['x-drf'])
  return fields.length ? fields.map(([name, s]) => [name, s['x-drf'] as DrfField] as const) : null
}

const EMPTY = Symbol('empty')
const SKIP = Symbol('skip')

class Fail {
  constructor(
    readonly code: string,
    readonly message: string,
  ) {}
}

const MESSAGES: Record<string, string> = {
  required: 'This field is required.',
  null: 'This field may not be null.',
  blank: 'This field may not be blank.',
  CharField: 'Not a valid string.',
  BooleanField: 'Must be a valid boolean.',
  JSONField: 'Value must be valid JSON.',
  IntegerField: 'A valid integer is required.',
  FloatField: 'A valid number is required.',
}
const fail = (code: string, message = MESSAGES[code]!): never => {
  throw new Fail(code, message)
}
/** The field's `invalid` error (its own words). */
const invalid = (field: DrfField['field']): never => fail('invalid', MESSAGES[field])

const TRUE_VALUES = new Set<unknown>([
  't',
  'T',
  'y',
  'Y',
  'yes',
  'YES',
  'true',
  'True',
  'TRUE',
  'on',
  'On',
  'ON',
  '1',
  1,
  true,
])
const FALSE_VALUES = new Set<unknown>([
  'f',
  'F',
  'n',
  'N',
  'no',
  'NO',
  'false',
  'False',
  'FALSE',
  'off',
  'Off',
  'OFF',
  '0',
  0,
  false,
])
const NULL_VALUES = new Set<unknown>(['null', 'Null', 'NULL', '', null])
// Python's str.strip() (str.isspace), which differs from JavaScript's trim() at \x1c-\x1f, \x85 and \ufeff.
const PY_SPACE = '[\\t\\n\\v\\f\\r \\x1c-\\x1f\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]'
const STRIP = new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, 'g')
const pyStrip = (s: string) => s.replace(STRIP, '')
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** Field.get_value. */
function getValue(spec: DrfField, data: Record<string, unknown>, name: string, html: boolean, partial: boolean) {
  if (!html || spec.field === 'JSONField') return name in data ? data[name] : EMPTY
  if (!(name in data)) return partial ? EMPTY : spec.field === 'BooleanField' ? false : EMPTY
  const value = data[name]
  if (value === '' && spec.allow_null) return spec.allow_blank ? '' : null
  if (value === '' && spec.required === false) return spec.allow_blank ? '' : EMPTY
  return value
}

/** Field.run_validation (CharField's blank check first), or SKIP. */
function runValidation(spec: DrfField, value: unknown, partial: boolean, raw?: string): unknown {
  if (spec.field === 'CharField' && value !== EMPTY && value !== null) {
    const text = typeof value === 'string' || typeof value === 'number' ? pythonStr(value, raw) : undefined
    if (value === '' || (spec.trim_whitespace !== false && text !== undefined && pyStrip(text) === ''))
      return spec.allow_blank ? '' : fail('blank')
  }
  if (value === EMPTY) return partial || spec.required === false ? SKIP : fail('required')
  if (value === null) return spec.allow_null ? null : fail('null')
  return toInternalValue(spec, value, raw)
}

function toInternalValue(spec: DrfField, value: unknown, raw?: string): unknown {
  switch (spec.field) {
    case 'CharField':
      return charField(spec, value, raw)
    case 'BooleanField':
      if (TRUE_VALUES.has(value)) return true
      if (FALSE_VALUES.has(value)) return false
      return spec.allow_null && NULL_VALUES.has(value) ? null : invalid('BooleanField')
    case 'ChoiceField': {
      if (value === '' && spec.allow_blank) return ''
      const text = pythonStr(value, raw)
      const choice = spec.choices?.find((c) => String(c) === text)
      return choice ?? fail('invalid_choice', `"${text}" is not a valid choice.`)
    }
    case 'JSONField':
      if (!(value instanceof JsonText)) return value
      try {
        return JSON.parse(value.text)
      } catch {
        return invalid('JSONField')
      }
    case 'IntegerField':
    case 'FloatField':
      return numberField(spec, value, raw)
  }
}

function charField(spec: DrfField, value: unknown, raw?: string): string {
  if (typeof value !== 'string' && typeof value !== 'number') invalid('CharField')
  let text = pythonStr(value, raw)
  if (spec.trim_whitespace !== false) text = pyStrip(text)
  const length = [...text].length
  if (spec.max_length !== undefined && length > spec.max_length)
    fail('max_length', `Ensure this field has no more than ${spec.max_length} characters.`)
  if (spec.min_length !== undefined && length < spec.min_length)
    fail('min_length', `Ensure this field has at least ${spec.min_length} characters.`)
  if (text.includes('\u0000')) fail('null_characters_not_allowed', 'Null characters are not allowed.')
  const lone = LONE_SURROGATE.exec(text)
  if (lone) {
    const point = lone[0].charCodeAt(0).toString(16).toUpperCase()
    fail('surrogate_characters_not_allowed', `Surrogate characters are not allowed: U+${point}.`)
  }
  return text
}

function numberField(spec: DrfField, value: unknown, raw?: string): number {
  if (typeof value === 'string' && value.length > 1000) fail('max_string_length', 'String value too large.')
  if (typeof value !== 'string' && typeof value !== 'number') invalid(spec.field)
  const text = pythonStr(value, raw).replace(/_/g, '').trim()
  const n = spec.field === 'IntegerField' ? Number(text.replace(/\.0*\s*$/, '')) : Number(text)
  if (text === '' || !Number.isFinite(n) || (spec.field === 'IntegerField' && !Number.isInteger(n))) invalid(spec.field)
  if (spec.max_value !== undefined && n > spec.max_value)
    fail('max_value', `Ensure this value is less than or equal to ${spec.max_value}.`)
  if (spec.min_value !== undefined && n < spec.min_value)
    fail('min_value', `Ensure this value is greater than or equal to ${spec.min_value}.`)
  return n
}

/** Form input for a JSONField (DRF's JSONString): text to parse as JSON. */
class JsonText {
  constructor(readonly text: string) {}
}

const typeName = (v: unknown) =>
  v === null
    ? 'NoneType'
    : Array.isArray(v)
      ? 'list'
      : typeof v === 'string'
        ? 'str'
        : typeof v === 'boolean'
          ? 'bool'
          : typeof v === 'number'
            ? Number.isInteger(v)
              ? 'int'
              : 'float'
            : 'dict'

export interface RunOptions {
  /** A partial update (PATCH): missing fields are skipped, never required. */
  partial: boolean
  /** The body's JSON text, to read a number as Python does (an int or a float). */
  text?: string
}

/** Serializer.to_internal_value: the validated data, or the exception handler's 400 for the first error. */
export function runSerializer(
  fields: Serializer,
  data: unknown,
  { partial, text }: RunOptions,
): Record<string, unknown> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    const message = `Invalid data. Expected a dictionary, but got ${typeName(data)}.`
    throw validationErrors([{ path: ['non_field_errors'], message, code: 'invalid' }])
  }
  const html = isHtmlInput(data)
  const input = data as Record<string, unknown>
  const out: Record<string, unknown> = {}
  const errors: FieldError[] = []
  for (const [name, spec] of fields) {
    let value = getValue(spec, input, name, html, partial)
    if (html && spec.field === 'JSONField' && typeof value === 'string') value = new JsonText(value)
    const raw = typeof value === 'number' && text !== undefined ? memberText(text, name) : undefined
    try {
      const valid = runValidation(spec, value, partial, raw)
      if (valid !== SKIP) out[name] = valid
    } catch (error) {
      if (!(error instanceof Fail)) throw error
      errors.push({ path: [name], message: error.message, code: error.code })
    }
  }
  if (errors.length) throw validationErrors(errors)
  return out
}

/** The JSON text of the last top-level member `key` of an object's text (Python reads ints and floats apart by it). */
function memberText(text: string, key: string): string | undefined {
  const quoted = JSON.stringify(key)
  let found: string | undefined
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c === '"') {
      const end = stringEnd(text, i)
      if (depth === 1 && text.slice(i, end) === quoted) {
        const value = /^\s*:\s*(-?[\d.eE+-]+)/.exec(text.slice(end))
        if (value) found = value[1]
      }
      i = end - 1
    } else if (c === '{' || c === '[') depth++
    else if (c === '}' || c === ']') depth--
  }
  return found
}

/** The index just after the string literal starting at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1
  return i + 1
}
