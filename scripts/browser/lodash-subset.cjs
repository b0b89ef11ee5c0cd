// What the bundled openapi-backend gets for `require('lodash')`: the functions the mock reaches through it,
// each from lodash's own per-function module (the same code as the whole build, without the rest). The mock
// calls only its router's getOperations (src/core/contract.ts, src/core/router.ts), which uses `pick`,
// `entries` and a chain of `entries` and `flatMap`. The other names its modules use, for request matching
// and parsing, validation and the backend the mock never calls, are left out: each throws if ever called,
// saying so, and any name in neither list is an error too, not a silent `undefined`.
// (scripts/build-entries.ts, BROWSER_PLUGINS and the Node builds; `npm run build` checks both lists against
// openapi-backend's sources.)
const entries = require('lodash/entries')
const flatMap = require('lodash/flatMap')

const functions = { entries, flatMap, pick: require('lodash/pick') }

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
