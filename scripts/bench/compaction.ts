// What a `--state` compaction costs once the store has grown by N PATCHes of a person (each adds an
// event, its person-properties snapshot and an activity entry to what the state file holds): the
// snapshot taken, then the state file written (in slices, flushed, renamed), as DurableState's compaction
// does. Printed.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../src/app.ts'
import { writeStateFile } from '../../src/server/state-file.ts'
import { fmt, percentile, type BenchConfig, type Row } from './harness.ts'

export async function runCompaction(config: BenchConfig): Promise<Row[]> {
  const patches = config.quick ? 10_000 : 60_000
  const runs = config.quick ? 2 : 4
  const app = await createApp({ clock: { frozen: false } })
  const url = new URL('http://127.0.0.1:8010/api/environments/1/persons/1/')
  const headers = { authorization: 'Bearer phx_mock_all', 'content-type': 'application/json' }
  for (let i = 0; i < patches; i++) {
    const body = JSON.stringify({ properties: { plan: `bench-${i & 1}`, seen: i & 1 } })
    const res = await app.handle({ method: 'PATCH', url, headers, body })
    if (res.status !== 200) throw new Error(`PATCH answered ${res.status}`)
  }
  const dir = mkdtempSync(join(tmpdir(), 'analytics-mock-compaction-'))
  const snapshots: number[] = []
  const writes: number[] = []
  let bytes = 0
  try {
    for (let r = 0; r < runs; r++) {
      const t0 = performance.now()
      const snapshot = app.snapshot()
      const t1 = performance.now()
      const origin = { seed: 1, fixtures: 'default' }
      bytes = await writeStateFile(join(dir, 'state.json'), join(dir, 'state.json.tmp'), snapshot, origin, 0)
      snapshots.push(t1 - t0)
      writes.push(performance.now() - t1)
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  const snapshot = percentile(snapshots, 50)
  const write = percentile(writes, 50)
  return [
    {
      benchmark: `Compaction: snapshot and state file after ${patches.toLocaleString('en-US')} PATCHes (median of ${runs})`,
      ours: `snapshot ${fmt.ms(snapshot)}, state file ${fmt.ms(write)} (${(bytes / 1e6).toFixed(1)} MB)`,
      reference: '',
      ratio: '',
      latency: `${(((snapshot + write) * 1000) / patches).toFixed(1)} µs a PATCH`,
      target: 'printed',
      verdict: 'printed',
    },
  ]
}
