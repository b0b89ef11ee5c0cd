// Cases read in rest_framework/fields.py (CharField.run_validation and to_internal_value, BooleanField's
// TRUE_VALUES / FALSE_VALUES / NULL_VALUES, ChoiceField.to_internal_value, JSONField.get_value and
// to_internal_value, IntegerField.to_internal_value, Field.get_value and validate_empty_values),
// rest_framework/serializers.py (Serializer.to_internal_value) and its tests (tests/test_fields.py).
import { describe, expect, it } from 'vitest'
import { runSerializer, type DrfField, type Serializer } from './fields.ts'
import { ApiError } from './exceptions.ts'
import { parseWith } from './parsers.ts'

const run = (fields: Serializer, data: unknown, partial = false, text?: string) =>
  runSerializer(fields, data, { partial, text })
const one = (spec: DrfField, value: unknown, text?: string) => run([['f', spec]], { f: value }, false, text).f
const error = (fields: Serializer, data: unknown, partial = false) => {
  try {
    run(fields, data, partial)
  } catch (e) {
    if (e instanceof ApiError) return { code: e.code, detail: e.detail, attr: e.attr }
    throw e
  }
  throw new Error('no error')
}
const CHAR: DrfField = { field: 'CharField', max_length: 5 }

describe('CharField', () => {
  it.each([
    ['  abc  ', 'abc'],
    [12, '12'],
    [1.5, '1.5'],
    ['  12345  ', '12345'], // max_length counts after trimming
    ['ééééé', 'ééééé'],
  ])('%j -> %j', (input, output) => {
    expect(one(CHAR, input)).toBe(output)
  })

  it('a number is its Python text: a float written 1.0 stays 1.0, exponents as repr writes them', () => {
    expect(one({ field: 'CharField' }, 1, '{"f": 1.0}')).toBe('1.0')
    expect(one({ field: 'CharField' }, 1e16, '{"f": 1e16}')).toBe('1e+16')
    expect(one({ field: 'CharField' }, Number('12345678901234567890'), '{"f": 12345678901234567890}')).toBe(
      '12345678901234567890',
    )
  })

  it.each([
    [true, 'invalid_input', 'Not a valid string.'],
    [[1], 'invalid_input', 'Not a valid string.'],
    [{ a: 1 }, 'invalid_input', 'Not a valid string.'],
    ['   ', 'blank', 'This field may not be blank.'],
    ['', 'blank', 'This field may not be blank.'],
    [null, 'null', 'This field may not be null.'],
    ['123456', 'max_length', 'Ensure this field has no more than 5 characters.'],
    ['a\ud800', 'surrogate_characters_not_allowed', 'Surrogate characters are not allowed: U+D800.'],
  ])('%j: %s', (input, code, detail) => {
    expect(error([['f', CHAR]], { f: input })).toEqual({ code, detail, attr: 'f' })
  })

  it('allow_blank and allow_null take them', () => {
    expect(one({ field: 'CharField', allow_blank: true }, '  ')).toBe('')
    expect(one({ field: 'CharField', allow_null: true }, null)).toBeNull()
  })
})

describe('BooleanField', () => {
  const BOOL: DrfField = { field: 'BooleanField' }
  it.each([
    ...['t', 'T', 'y', 'Y', 'yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON', '1', 1, true].map((v) => [v, true]),
    ...['f', 'F', 'n', 'N', 'no', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF', '0', 0, false].map((v) => [
      v,
      false,
    ]),
  ])('%j -> %s', (input, output) => {
    expect(one(BOOL, input)).toBe(output)
  })
  it.each([['Yes'], ['2'], [2], ['null'], [[]]])('%j is "Must be a valid boolean."', (input) => {
    expect(error([['f', BOOL]], { f: input })).toEqual({
      code: 'invalid_input',
      detail: 'Must be a valid boolean.',
      attr: 'f',
    })
  })
  it('null words only with allow_null', () => {
    expect(one({ field: 'BooleanField', allow_null: true }, 'null')).toBeNull()
  })
})

describe('ChoiceField', () => {
  const CHOICE: DrfField = { field: 'ChoiceField', choices: ['trends', 'sql'] }
  it('takes a choice; anything else is invalid_choice quoting str(input)', () => {
    expect(one(CHOICE, 'sql')).toBe('sql')
    for (const [input, text] of [
      ['tomato', 'tomato'],
      ['', ''],
      [1, '1'],
      [true, 'True'],
      [[1, 'a'], "[1, 'a']"],
      [{ a: null }, "{'a': None}"],
    ] as const)
      expect(error([['f', CHOICE]], { f: input })).toEqual({
        code: 'invalid_choice',
        detail: `"${text}" is not a valid choice.`,
        attr: 'f',
      })
  })
})

describe('JSONField', () => {
  it('takes any JSON from a JSON body, and parses form input as JSON text', () => {
    for (const value of [{ a: 1 }, [1], 'text', 3, true]) expect(one({ field: 'JSONField' }, value)).toEqual(value)
    const form = parseWith('form', 'f=%7B%22a%22%3A1%7D&g=nope', 'application/x-www-form-urlencoded')
    const data = 'body' in form ? form.body : undefined
    expect(run([['f', { field: 'JSONField' }]], data)).toEqual({ f: { a: 1 } })
    expect(error([['g', { field: 'JSONField' }]], data)).toEqual({
      code: 'invalid_input',
      detail: 'Value must be valid JSON.',
      attr: 'g',
    })
  })
})

describe('IntegerField', () => {
  const INT: DrfField = { field: 'IntegerField', max_value: 100 }
  it('reads numbers and their texts as int(); 1.0 is an int, 1.5 is not', () => {
    expect(one(INT, '  12 ')).toBe(12)
    expect(one(INT, '1.0')).toBe(1)
    expect(one(INT, '1_0')).toBe(10)
    expect(error([['f', INT]], { f: 1.5 }).detail).toBe('A valid integer is required.')
    expect(error([['f', INT]], { f: 101 }).detail).toBe('Ensure this value is less than or equal to 100.')
  })
})

describe('Serializer.to_internal_value', () => {
  const FIELDS: Serializer = [
    ['name', { field: 'CharField', max_length: 3 }],
    ['pinned', { field: 'BooleanField', required: false }],
    ['kind', { field: 'ChoiceField', choices: ['a'] }],
  ]
  it('the first failing field in the serializer order is the one shown, whatever the body order', () => {
    expect(error(FIELDS, { kind: 'z', pinned: 'maybe', name: 'long' })).toMatchObject({
      attr: 'name',
      code: 'max_length',
    })
    expect(error(FIELDS, { kind: 'z', pinned: 'maybe', name: 'ok' })).toMatchObject({ attr: 'pinned' })
  })
  it('required fields are required unless the update is partial; unknown fields are dropped', () => {
    expect(error(FIELDS, {})).toEqual({ code: 'required', detail: 'This field is required.', attr: 'name' })
    expect(run(FIELDS, { pinned: 'yes', extra: 1 }, true)).toEqual({ pinned: true })
  })
  it('a body that is not an object is a non-field error', () => {
    expect(error(FIELDS, [1])).toEqual({
      code: 'invalid_input',
      detail: 'Invalid data. Expected a dictionary, but got list.',
      attr: null,
    })
  })
  it('form input: a missing BooleanField is false unless partial; an empty value of an optional field is skipped', () => {
    const form = parseWith('form', 'name=ab&kind=a', 'application/x-www-form-urlencoded')
    const data = 'body' in form ? form.body : undefined
    expect(run(FIELDS, data)).toEqual({ name: 'ab', kind: 'a', pinned: false })
    expect(run(FIELDS, data, true)).toEqual({ name: 'ab', kind: 'a' })
  })
})
