// What `analytics-mock serve` prints once it listens: where it is, what data it serves, the keys to
// call it with and what each may do, a first request to try, and where the documentation is. The first
// line keeps the form "... listening on URL", which scripts wait for.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { App, AppOptions } from '../app.ts'
import { formatRate, parseRateLimits, REAL_RATES, THROTTLE_CLASSES } from '../contract/rate-limits.ts'
import type { ApiKeyRecord } from '../store/models.ts'

// Thousands separated by commas, as toLocaleString('en-US') writes a whole number; its first call
// loads ICU's number formatting, a noticeable part of the CLI's start-up, for these four figures.
const number = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

/** What a key may do, in a few words. */
function reach(key: ApiKeyRecord): string {
  const legacy = !key.scopes || key.scopes.length === 0
  const scopes = legacy
    ? 'no scopes (a legacy key: allowed everything)'
    : key.scopes!.includes('*')
      ? 'every scope'
      : key.scopes!.join(', ')
  const projects =
    key.scoped_teams.length === 0
      ? 'every project'
      : `project${key.scoped_teams.length > 1 ? 's' : ''} ${key.scoped_teams.join(', ')} only`
  return `${scopes}; ${projects}`
}

/**
 * The rate limits, when on (`--rate-limits`): a user who forgot the flag in a script would otherwise be
 * puzzled by the 429s. The real budgets, or the ones that differ from the real service's.
 */
function limits(rateLimits: AppOptions['rateLimits'], url: string): string[] {
  const rates = typeof rateLimits === 'string' ? parseRateLimits(rateLimits) : (rateLimits ?? null)
  if (!rates) return []
  const same = (scope: string) =>
    rates[scope]?.requests === REAL_RATES[scope]!.requests && rates[scope]?.seconds === REAL_RATES[scope]!.seconds
  const changed = THROTTLE_CLASSES.filter((c) => !same(c.scope))
  const budgets =
    changed.length === 0
      ? `the real service's budgets: ${THROTTLE_CLASSES.map((c) => `${c.scope} ${c.rate}`).join(', ')}`
      : `scaled budgets: ${changed.map((c) => `${c.scope} ${rates[c.scope] ? formatRate(rates[c.scope]!) : 'none'} (real ${c.rate})`).join(', ')}` +
        (changed.length < THROTTLE_CLASSES.length ? '; the others as the real service' : '')
  return [
    `  limits   on (--rate-limits): a request over a budget is answered 429 with Retry-After; buckets at ${url}/_mock/rate-limits`,
    `           ${budgets}`,
  ]
}

export function banner(app: App, url: string, docs: string | null): string {
  const { store, clock } = app
  const counts = store.counts()
  const projects = store.projectList().map((p) => p.id)
  const keys = store.apiKeys.all()
  const width = Math.max(...keys.map((k) => k.value.length))
  const firstKey = keys.find((k) => k.scoped_teams.length === 0)?.value ?? keys[0]?.value ?? 'phx_...'
  const lines = [
    `analytics-mock ${app.contract.document.info.version} listening on ${url}`,
    `  data     scenario "${store.dataset.fixtures}", seed ${store.dataset.seed}: ${number(counts.persons!)} persons, ${number(counts.events!)} events, ` +
      `${number(counts.session_recordings!)} session recordings, ${number(counts.playlists!)} playlists in projects ${projects.join(', ')}`,
    `  clock    ${clock.frozen ? `frozen at ${clock.iso()}` : 'follows wall time'}`,
    ...limits(app.options.rateLimits, url),
    `  keys     Authorization: Bearer <key>`,
    ...keys.map((k) => `           ${k.value.padEnd(width)}  ${reach(k)}`),
    `  try      curl -H 'Authorization: Bearer ${firstKey}' ${url}/api/environments/${projects[0] ?? 1}/persons/`,
    `  control  ${url}/_mock/ (no key): health, routes (every operation served), reset, clock, tasks, faults, journal`,
    `  ui       ${url}/_mock/ui (a dashboard: every request and answer, the data, the clock and tasks, the faults)`,
  ]
  if (docs) lines.push(`  docs     ${docs}`)
  return lines.join('\n')
}

/** The package's docs/ folder (in a checkout or an installed copy), or null when it is not there. */
export function docsLocation(from: string = fileURLToPath(import.meta.url)): string | null {
  for (let dir = dirname(from); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json')
    if (!existsSync(manifest)) continue
    if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name !== 'analytics-mock') continue
    return existsSync(join(dir, 'docs')) ? `${join(dir, 'README.md')}, ${join(dir, 'docs')}/` : null
  }
  return null
}
