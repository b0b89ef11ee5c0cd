// The fuzz suites' seed: fixed by default, so `npm test` (and CI) repeats exactly; FUZZ_SEED=<n> picks
// one, FUZZ_SEED=random explores a fresh one (printed, so a failure reproduces).
export const DEFAULT_FUZZ_SEED = 20261122

export function fuzzSeed(value = process.env.FUZZ_SEED): number {
  if (value === undefined || value === '') return DEFAULT_FUZZ_SEED
  if (value === 'random') return Math.floor(Math.random() * 2 ** 31)
  const seed = Number(value)
  if (!Number.isSafeInteger(seed) || seed < 0)
    throw new Error(`FUZZ_SEED must be a whole number or "random", not "${value}"`)
  return seed
}
