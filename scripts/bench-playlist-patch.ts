// Benchmark: what one PATCH of a playlist costs in-process (`app.handle` plus serializing the answer,
// response validation on), next to a person retrieve. Two bodies in turn, so every PATCH changes the
// playlist and writes an activity entry. Prints figures; asserts nothing.
//
//   npx tsx scripts/bench-playlist-patch.ts [--calls N] [--rounds N]
import { parseArgs } from 'node:util'
import { createApp } from '../src/app.ts'
import { serialize, type MockRequest } from '../src/core/http.ts'

const { values: args } = parseArgs({ options: { calls: { type: 'string' }, rounds: { type: 'string' } } })
const calls = Number(args.calls ?? 20_000)
const rounds = Number(args.rounds ?? 3)

const app = await createApp()
const origin = 'http://127.0.0.1:8010'
const auth = { authorization: 'Bearer phx_mock_all' }
const list = await app.handle({
  method: 'GET',
  url: new URL(`${origin}/api/environments/1/session_recording_playlists/?limit=100`),
  headers: auth,
})
const target = (
  list.json as { results: Array<{ short_id: string; type: string | null; deleted: boolean }> }
).results.find((p) => p.type === 'collection' && !p.deleted)!
const patchUrl = new URL(`${origin}/api/environments/1/session_recording_playlists/${target.short_id}/`)
const patches: MockRequest[] = [
  { name: 'A', description: 'x' },
  { name: 'B', description: 'y' },
].map((body) => ({
  method: 'PATCH',
  url: patchUrl,
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify(body),
}))
const retrieve: MockRequest = { method: 'GET', url: new URL(`${origin}/api/environments/1/persons/1/`), headers: auth }

async function loop(requests: MockRequest[], n: number): Promise<number> {
  const started = performance.now()
  for (let i = 0; i < n; i++) {
    const res = await app.handle(requests[i % requests.length]!)
    if (res.status !== 200) throw new Error(`status ${res.status}: ${JSON.stringify(res.json)}`)
    serialize(res)
  }
  return ((performance.now() - started) * 1000) / n
}

await loop(patches, 2_000)
await loop([retrieve], 2_000)
for (let r = 0; r < rounds; r++) {
  const patch = await loop(patches, calls)
  const get = await loop([retrieve], calls)
  console.log(
    `round ${r + 1}: PATCH playlist ${patch.toFixed(1)} µs/call, GET person ${get.toFixed(1)} µs/call (${calls} calls each; activity entries ${app.store.counts().activity})`,
  )
}
