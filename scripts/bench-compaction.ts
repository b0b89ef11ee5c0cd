// Benchmark: what a `--state` compaction costs once the store has grown by N PATCHes of a person (each
// adds an event, its person-properties snapshot and an activity entry to what the state file holds):
// the snapshot taken, then the state file written (in slices, flushed, renamed), as DurableState.compact
// does. Prints figures; asserts nothing.
//
//   npm run bench:compaction [-- --patches N --runs N]
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createApp } from '../src/app.ts'
import { writeStateFile } from '../src/server/state-file.ts'

const { values: args } = parseArgs({ options: { patches: { type: 'string' }, runs: { type: 'string' } } })
const patches = Number(args.patches ?? 60_000)
const runs = Number(args.runs ?? 4)

const app = await createApp({ clock: { frozen: false } })
const url = new URL('http://127.0.0.1:8010/api/environments/1/persons/1/')
const headers = { authorization: 'Bearer phx_mock_all', 'content-type': 'application/json' }
for (let i = 0; i < patches; i++) {
  const res = await app.handle({
    method: 'PATCH',
    url,
    headers,
    body: JSON.stringify({ properties: { plan: `bench-${i & 1}`, seen: i & 1 } }),
  })
  if (res.status !== 200) throw new Error(`PATCH answered ${res.status}`)
}
const dir = mkdtempSync(join(tmpdir(), 'analytics-mock-compaction-'))
try {
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now()
    const snapshot = app.snapshot()
    const t1 = performance.now()
    const bytes = await writeStateFile(
      join(dir, 'state.json'),
      join(dir, 'state.json.tmp'),
      snapshot,
      { seed: 1, fixtures: 'default' },
      0,
    )
    const t2 = performance.now()
    console.log(
      `after ${patches} PATCHes: snapshot ${(t1 - t0).toFixed(1)} ms, state file ${(t2 - t1).toFixed(0)} ms (${(bytes / 1e6).toFixed(1)} MB), ` +
        `${(((t2 - t0) * 1000) / patches).toFixed(1)} µs a PATCH`,
    )
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
