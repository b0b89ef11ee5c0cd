// The recordings list's query as the real view reads it, case by case: each parameter JSON-decoded when it
// can be, else kept as text (posthog/session_recordings/session_recording_api.py, query_as_params_to_dict),
// then validated by the RecordingsQuery model (posthog/schema.py, extra="forbid"), whose errors are
// pydantic 2's (pydantic_core's error types and messages). The list's order, filters and columns are
// session-recording-list.ts's, held by test/fidelity/mechanisms.cases.ts (recordings/*).
import { describe, expect, it } from 'vitest'
import { ApiError } from '../core/drf/exceptions.ts'
import { parseRecordingsQuery } from './recordings-query.ts'

const parse = (query: string) => parseRecordingsQuery(new URLSearchParams(query))

/** The model's error list of a refused query (the 400's detail, as JSON). */
function refusal(query: string): unknown[] {
  try {
    parse(query)
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(400)
    return JSON.parse((error as ApiError).detail)
  }
  throw new Error(`${query} was taken`)
}

const url = (type: string) => `https://errors.pydantic.dev/2.12/v/${type}`

describe('the recordings query (RecordingsQuery, as session_recording_api.py reads it)', () => {
  it.each([
    ['limit=5&order=duration', { limit: 5, order: 'duration' }],
    // json.loads('1e2') is the float 100.0, which an int field takes in lax mode.
    ['limit=1e2', { limit: 100 }],
    ['session_ids=["a","b"]', { session_ids: ['a', 'b'] }],
    ['filter_test_accounts=true', { filter_test_accounts: true }],
    // Text that is no JSON stays text: a relative date reaches the date range as written.
    ['date_from=-3d', { date_from: '-3d' }],
  ])('takes %s', (query, expected) => {
    expect(parse(query)).toMatchObject(expected)
  })

  it.each([
    ['limit=abc', 'int_parsing', 'Input should be a valid integer, unable to parse string as an integer', 'abc'],
    ['limit=2.5', 'int_from_float', 'Input should be a valid integer, got a number with a fractional part', 2.5],
    ['session_ids=a', 'list_type', 'Input should be a valid list', 'a'],
    [
      'filter_test_accounts=maybe',
      'bool_parsing',
      'Input should be a valid boolean, unable to interpret input',
      'maybe',
    ],
  ])('refuses %s as pydantic does (%s)', (query, type, msg, input) => {
    const field = query.split('=')[0]
    expect(refusal(query)).toEqual([{ type, loc: [field], msg, input, url: url(type) }])
  })

  it("refuses a value outside an enum with the enum's members in its words and ctx", () => {
    const expected = "'ASC' or 'DESC'"
    expect(refusal('order_direction=up')).toEqual([
      {
        type: 'enum',
        loc: ['order_direction'],
        msg: `Input should be ${expected}`,
        input: 'up',
        ctx: { expected },
        url: url('enum'),
      },
    ])
  })

  it('gives every error at once: the fields in the model’s order, then the unknown ones (extra="forbid")', () => {
    expect(refusal('bogus=1&limit=x').map((e: any) => [e.type, e.loc, e.input])).toEqual([
      ['int_parsing', ['limit'], 'x'],
      ['extra_forbidden', ['bogus'], 1],
    ])
    expect((refusal('bogus=1') as any[])[0].msg).toBe('Extra inputs are not permitted')
  })
})
