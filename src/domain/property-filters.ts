// Person property filters ({key, value, operator, type}) with the real service's operators, compiled
// once per request into predicates. Semantics, as the real service's HogQL gives them:
// - a missing `operator` is `exact`; values compare as text (123 matches "123"), case-sensitively;
// - an array `value` means any of them for the positive operators (exact, icontains, regex, in, gt...)
//   and none of them for the negative ones (is_not, not_icontains, not_regex, not_in);
// - the negative operators also match persons without the property; the positive ones do not;
// - is_set / is_not_set ignore `value` (a JSON null counts as not set).
// A filter that cannot be applied (bad regex, a non-numeric bound, an unsupported type) is a 400.
import { validationError } from '../core/drf/exceptions.ts'

export interface PropertyFilterInput {
  key: string
  value?: unknown
  operator?: string
  type?: string
}

export type PersonPropertyPredicate = (properties: Readonly<Record<string, unknown>>) => boolean

const NEGATIVE = new Set(['is_not', 'not_icontains', 'not_regex', 'not_in'])
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/
const DAY = 86_400_000

/** The value as the real service compares it: text, with JSON for objects and lists. */
export function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value)
    return Number.isFinite(n) ? n : null
  }
  return null
}

function asInstant(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const ms = typeof value === 'number' ? value : Date.parse(value)
  return Number.isFinite(ms) ? ms : null
}

/** What the filters apply to: persons (the `properties` parameter) or recordings (`having_predicates`). */
export type FilterTarget = 'person' | 'recording'
const PARAMETER: Record<FilterTarget, string> = { person: 'properties', recording: 'having_predicates' }

function fail(index: number, filter: PropertyFilterInput, problem: string, target: FilterTarget = 'person'): never {
  throw validationError(
    `Property filter ${index} ("${filter.key}", ${filter.operator ?? 'exact'}): ${problem}`,
    PARAMETER[target],
  )
}

/** Whether a filter names a person property (no `type` is taken as a person property). */
export const isPersonFilter = (filter: PropertyFilterInput): boolean =>
  filter.type === undefined || filter.type === 'person'

function compileOne(filter: PropertyFilterInput, index: number, target: FilterTarget): PersonPropertyPredicate {
  const { key } = filter
  const operator = filter.operator ?? 'exact'
  const bad: (problem: string) => never = (problem) => fail(index, filter, problem, target)
  if (filter.type !== undefined && filter.type !== target)
    bad(`filters of type "${filter.type}" are not supported on ${target}s (only "${target}").`)

  if (operator === 'is_set') return (p) => p[key] !== undefined && p[key] !== null
  if (operator === 'is_not_set') return (p) => p[key] === undefined || p[key] === null

  if (filter.value === undefined || filter.value === null) bad('a value is required.')
  const values = Array.isArray(filter.value) ? filter.value : [filter.value]
  const negative = NEGATIVE.has(operator)

  let test: (text: string, raw: unknown) => boolean
  switch (operator) {
    case 'exact':
    case 'is_not':
    case 'in':
    case 'not_in': {
      const wanted = new Set(values.map(asText))
      test = (text) => wanted.has(text)
      break
    }
    case 'icontains':
    case 'not_icontains': {
      const needles = values.map((v) => (asText(v) ?? '').toLowerCase())
      test = (text) => {
        const hay = text.toLowerCase()
        return needles.some((n) => hay.includes(n))
      }
      break
    }
    case 'regex':
    case 'not_regex': {
      const patterns = values.map((v) => {
        const source = asText(v) ?? ''
        // RE2 (the real service's engine) has neither; without them a pattern can always run in linear time.
        if (/\\[1-9]|\\k<|\(\?<?[=!]/.test(source)) {
          return bad('not a valid regular expression: backreferences and lookaround are not supported.')
        }
        try {
          return new RegExp(source)
        } catch (error) {
          return bad(`not a valid regular expression: ${(error as Error).message}.`)
        }
      })
      test = (text) => patterns.some((re) => re.test(text))
      break
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const bounds = values.map((v) => asNumber(v) ?? bad(`${JSON.stringify(v)} is not a number.`))
      const cmp = {
        gt: (a: number, b: number) => a > b,
        gte: (a: number, b: number) => a >= b,
        lt: (a: number, b: number) => a < b,
        lte: (a: number, b: number) => a <= b,
      }[operator]
      test = (_text, raw) => {
        const n = asNumber(raw)
        return n !== null && bounds.some((b) => cmp(n, b))
      }
      break
    }
    case 'is_date_exact':
    case 'is_date_after':
    case 'is_date_before': {
      const dates = values.map((v) => {
        const ms = asInstant(v)
        if (ms === null) bad(`${JSON.stringify(v)} is not a date.`)
        // A date without a time is the whole UTC day.
        const wholeDay = typeof v === 'string' && DATE_ONLY.test(v)
        return { from: ms, to: wholeDay ? ms + DAY : ms + 1 }
      })
      test = (_text, raw) => {
        const ms = asInstant(raw)
        if (ms === null) return false
        return dates.some(({ from, to }) =>
          operator === 'is_date_exact' ? ms >= from && ms < to : operator === 'is_date_after' ? ms >= to : ms < from,
        )
      }
      break
    }
    default:
      return bad('unknown operator.')
  }

  if (negative) {
    return (p) => {
      const text = asText(p[key])
      return text === null || !test(text, p[key])
    }
  }
  return (p) => {
    const text = asText(p[key])
    return text !== null && test(text, p[key])
  }
}

/** Compiles the filters (ANDed) into one predicate; throws a 400 for a filter that cannot be applied. */
export function compilePropertyFilters(
  filters: readonly PropertyFilterInput[],
  target: FilterTarget = 'person',
): PersonPropertyPredicate | null {
  if (filters.length === 0) return null
  const predicates = filters.map((filter, index) => compileOne(filter, index, target))
  if (predicates.length === 1) return predicates[0]!
  return (p) => predicates.every((pred) => pred(p))
}
