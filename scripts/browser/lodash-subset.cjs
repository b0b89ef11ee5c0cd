// What the browser build gives openapi-backend for `require('lodash')`: the functions its modules call,
// each from lodash's own per-function module (the same code as the whole build, without the ~70 kB
// minified of the rest), and `chain` over the four methods its two chains use. Any other name is an
// error that says so, not a silent `undefined`.
// (scripts/build-entries.ts, BROWSER_PLUGINS; `npm run build` checks the list against openapi-backend's sources.)
const orderBy = require('lodash/orderBy')
const find = require('lodash/find')
const entries = require('lodash/entries')
const flatMap = require('lodash/flatMap')

const functions = {
  cloneDeep: require('lodash/cloneDeep'),
  entries,
  find,
  flatMap,
  flatten: require('lodash/flatten'),
  get: require('lodash/get'),
  includes: require('lodash/includes'),
  isEmpty: require('lodash/isEmpty'),
  isNil: require('lodash/isNil'),
  keys: require('lodash/keys'),
  mapKeys: require('lodash/mapKeys'),
  omitBy: require('lodash/omitBy'),
  pick: require('lodash/pick'),
  range: require('lodash/range'),
  uniq: require('lodash/uniq'),
}

/** lodash's implicit chain, for the methods openapi-backend chains: each returns the next wrapper, `value()` unwraps. */
function chain(value) {
  return {
    orderBy: (...args) => chain(orderBy(value, ...args)),
    find: (...args) => chain(find(value, ...args)),
    entries: () => chain(entries(value)),
    flatMap: (...args) => chain(flatMap(value, ...args)),
    value: () => value,
  }
}

module.exports = new Proxy(
  { ...functions, chain },
  {
    get(target, name) {
      if (name in target || typeof name === 'symbol' || name === '__esModule' || name === 'default') return target[name]
      throw new Error(
        `analytics-mock's browser build gives openapi-backend a subset of lodash, without _.${String(name)}`,
      )
    },
  },
)
