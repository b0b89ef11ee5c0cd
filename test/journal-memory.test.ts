// The journal is bounded in bytes, not only in entries: a thousand request bodies of ~1 MB sent to a
// served mock (its own process, as `analytics-mock serve` runs) leave its memory near where it started,
// and it answers normally after. (Before the byte budget, every parsed body was kept: 300 bodies of
// 0.7 MB took a server from 95 MB to 1.1 GB.)
import type { ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { startServe } from './serve-process.ts'
import { KEYS } from './support.ts'

const children: ChildProcess[] = []
afterAll(() => children.forEach((c) => c.kill('SIGKILL')))

/** The process's resident memory in bytes (Linux: /proc). */
const rss = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024

const BODIES = 1_000
const CONNECTIONS = 8
const MB = 1024 * 1024

describe('the journal under big bodies', () => {
  it.runIf(process.platform === 'linux')(
    `${BODIES} bodies of ~1 MB leave the server's RSS within start + 300 MB, and it answers normally after`,
    async () => {
      const url = await startServe([], children)
      const pid = children[0]!.pid!
      const headers = { authorization: `Bearer ${KEYS.all}`, 'content-type': 'application/json' }
      const person = `${url}/api/environments/1/persons/1/`
      // Warm: the code paths the bodies take, compiled and run once.
      for (let i = 0; i < 5; i++)
        await (
          await fetch(person, { method: 'PATCH', headers, body: JSON.stringify({ properties: { warm: i } }) })
        ).arrayBuffer()
      const before = rss(pid)
      // Each a PATCH whose one property is ~1 MB: over the person's properties cap, so a 400 (the journal keeps it all the same).
      const body = JSON.stringify({ properties: { big: 'x'.repeat(1_000_000) } })
      let next = 0
      let peak = before
      const statuses = new Map<number, number>()
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (next < BODIES) {
            next++
            const res = await fetch(person, { method: 'PATCH', headers, body })
            await res.arrayBuffer()
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
            if (next % 50 === 0) peak = Math.max(peak, rss(pid))
          }
        }),
      )
      const after = rss(pid)
      expect(statuses).toEqual(new Map([[400, BODIES]]))
      expect(
        Math.max(peak, after) - before,
        `RSS ${Math.round(before / MB)} MB before, peak ${Math.round(peak / MB)} MB, ${Math.round(after / MB)} MB after`,
      ).toBeLessThan(300 * MB)
      // It answers normally, and the journal has the requests, their bodies as notes of their size.
      const read = await fetch(person, { headers })
      expect(read.status).toBe(200)
      expect((await read.json()).id).toBe(1)
      const journal = await (await fetch(`${url}/_mock/journal?order=desc&limit=1&method=PATCH`)).json()
      expect(journal.results[0].request_body).toEqual({ _omitted: 'over_entry_limit', bytes: expect.any(Number) })
      expect(journal.results[0].request_body.bytes).toBeGreaterThan(1_000_000)
    },
    180_000,
  )
})
