// A fuzz run: requests spread evenly over every operation of the contract, straight into the core's
// `handle`, each checked by the oracle. Deterministic for a seed (the app's clock is frozen and its data
// seeded), so a failure repeats from the seed it prints.
import type { App } from '../../src/app.ts'
import { SeededRandom } from '../../src/core/random.ts'
import { KEYS, ORIGIN } from '../support.ts'
import { checkedRequest, otherProjectMarkers } from './oracle.ts'
import { generateRequest, toCurl, type FuzzWorld } from './requests.ts'

/** Requests between resets, so deletions do not use up the addressable records. */
const RESET_EVERY = 500

/** The identifiers requests address, read from the app's current data. */
export function worldOf(app: App): FuzzWorld {
  const { store } = app
  const persons = (projectId: number) =>
    store.persons.list(projectId).flatMap((p, i) => (i % 2 ? [String(p.id)] : [String(p.id), p.uuid]))
  const playlists = (projectId: number) =>
    store.playlists
      .all()
      .filter((p) => p.project_id === projectId)
      .map((p) => p.short_id)
  const recordings = (projectId: number) =>
    store.recordings
      .list(projectId)
      .slice(0, 50)
      .map((r) => r.id)
  return {
    personIds: persons(1).slice(0, 100),
    otherProjectPersonIds: persons(2).slice(0, 20),
    shortIds: playlists(1),
    otherProjectShortIds: playlists(2),
    recordingIds: recordings(1),
    otherProjectRecordingIds: recordings(2),
    journalIds: app.journal
      .entries()
      .slice(-20)
      .map((e) => String(e.id)),
    keys: { all: KEYS.all, read: KEYS.read, otherProject: KEYS.project2 },
  }
}

export interface Failure {
  index: number
  operationId: string
  curl: string
  tricks: string[]
  status?: number
  problems: string[]
}

export async function fuzz(app: App, seed: number, count: number, violations: string[]) {
  const rng = new SeededRandom(seed)
  const operations = app.contract.operations
  const failures: Failure[] = []
  const statuses = new Map<string, Map<number, number>>()
  const pending = new Set<string>()
  let markers = otherProjectMarkers(app)
  let world = worldOf(app)
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % RESET_EVERY === 0) {
      await app.reset({ seed: 1, fixtures: 'default' })
      markers = otherProjectMarkers(app)
    }
    if (i % 25 === 0) world = worldOf(app)
    const op = operations[i % operations.length]!
    const generated = generateRequest(op, rng, world)
    const headers: Record<string, string> = { host: '127.0.0.1:8010' }
    for (const [k, v] of Object.entries(generated.headers)) headers[k.toLowerCase()] = v
    const req = { method: generated.method, url: new URL(ORIGIN + generated.path), headers, body: generated.body }
    const { res, verdict } = await checkedRequest(app, req, { markers, violations })
    // Faults switched on through /_mock/faults would slow or fail what follows by design: switch them off again.
    if (app.faults.settings.latency_ms || app.faults.settings.jitter_ms || app.faults.settings.error_rate)
      app.faults.clear()
    if (verdict.pending) pending.add(verdict.operationId!)
    const byStatus = statuses.get(op.operationId) ?? new Map<number, number>()
    statuses.set(op.operationId, byStatus)
    if (res) byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1)
    if (verdict.problems.length) {
      failures.push({
        index: i,
        operationId: op.operationId,
        curl: toCurl(generated, ORIGIN),
        tricks: generated.tricks,
        status: res?.status,
        problems: verdict.problems,
      })
    }
  }
  return { failures, statuses, pending }
}

export function report(seed: number, failures: Failure[]): string {
  const lines = [`fuzz seed ${seed} (repeat with FUZZ_SEED=${seed}): ${failures.length} failing requests`]
  // One example of each kind of problem first, then the rest in order.
  const kinds = new Map<string, Failure>()
  for (const f of failures) {
    const kind = `${f.operationId} ${f.problems.map((p) => p.replace(/[0-9]+/g, 'N').slice(0, 60)).join(' | ')}`
    if (!kinds.has(kind)) kinds.set(kind, f)
  }
  const shown = [...new Set([...kinds.values(), ...failures])].slice(0, 20)
  for (const f of shown) {
    lines.push(
      `#${f.index} ${f.operationId} -> ${f.status ?? 'threw'} [${f.tricks.join('; ')}]`,
      `  ${f.curl}`,
      ...f.problems.map((p) => `  ! ${p.slice(0, 500)}`),
    )
  }
  return lines.join('\n')
}
