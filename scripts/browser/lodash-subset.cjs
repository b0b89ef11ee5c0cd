// What the bundled openapi-backend gets for `require('lodash')`: the functions the mock reaches through it,
// for the inputs it reaches them with. The mock calls only its router's getOperations (src/core/contract.ts,
// src/core/router.ts), which uses `pick` (a plain object, a list of plain keys), `entries` (a plain object)
// and a chain of `entries` and `flatMap` (an array, a function returning arrays). For those inputs lodash's
// functions do what the language's own Object.entries, Array.prototype.flatMap and an `in` test do, and so do
// these; any other input throws, rather than answering differently (lodash's per-function modules bring its
// iteratee and deep-equality machinery, about 10 kB gzip, for inputs never given). The other names its
// modules use, for request matching and parsing, validation and the backend the mock never calls, are left
// out: each throws if ever called, saying so, and any name in neither list is an error too, not a silent
// `undefined`. (scripts/build-entries.ts, BROWSER_PLUGINS and the Node builds; `npm run build` checks both
// lists against openapi-backend's sources; test/browser/browser-build.test.ts compares the operations the
// router lists with it and with lodash.)
const isPlain = (value) => typeof value === 'object' && value !== null && !Array.isArray(value)

const unlike = (name) => {
  throw new Error(
    `analytics-mock's build gives openapi-backend lodash's _.${name} for the inputs its router passes, not these`,
  )
}

function entries(object) {
  return isPlain(object) ? Object.entries(object) : unlike('entries')
}

function flatMap(array, iteratee) {
  return Array.isArray(array) && typeof iteratee === 'function'
    ? array.flatMap((value, index) => {
        const out = iteratee(value, index, array)
        return Array.isArray(out) ? out : [out]
      })
    : unlike('flatMap')
}

function pick(object, keys) {
  if (object === undefined || object === null) return {}
  if (!isPlain(object) || !Array.isArray(keys) || !keys.every((key) => typeof key === 'string' && !/[.[]/.test(key)))
    return unlike('pick')
  return Object.fromEntries(keys.filter((key) => key in object).map((key) => [key, object[key]]))
}

const functions = { entries, flatMap, pick }

/** The names openapi-backend's modules use that the mock never reaches. */
const LEFT_OUT = [
  'cloneDeep',
  'find',
  'flatten',
  'get',
  'includes',
  'isEmpty',
  'isNil',
  'keys',
  'mapKeys',
  'omitBy',
  'orderBy',
  'range',
  'uniq',
]

const leftOut = (name) => () => {
  throw new Error(`analytics-mock's build leaves out lodash's _.${name} (openapi-backend's request handling, not used)`)
}
const leftOutFunctions = Object.fromEntries(LEFT_OUT.map((name) => [name, leftOut(name)]))

/** lodash's implicit chain, for the methods openapi-backend chains: each returns the next wrapper, `value()` unwraps. */
function chain(value) {
  return {
    ...leftOutFunctions,
    entries: () => chain(entries(value)),
    flatMap: (...args) => chain(flatMap(value, ...args)),
    value: () => value,
  }
}

module.exports = new Proxy(
  { ...leftOutFunctions, ...functions, chain },
  {
    get(target, name) {
      if (name in target || typeof name === 'symbol' || name === '__esModule' || name === 'default') return target[name]
      throw new Error(`analytics-mock's build gives openapi-backend a subset of lodash, without _.${String(name)}`)
    },
  },
)
