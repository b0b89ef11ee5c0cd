// Atomic requests: each request's read-check-write happens as if it were alone, however requests
// arrive. Handlers await between reading and writing (the store's async creates), so before the
// requests ran one at a time, 50 pipelined adds of one recording to a playlist put it there 50 times.
import { describe, expect, it } from 'vitest'
import { pipelined } from '../scripts/bench/harness.ts'
import { servedTestApp } from './served.ts'
import { clientFor, KEYS } from './support.ts'

const PLAYLISTS = '/api/environments/1/session_recording_playlists/'
const AUTH = { authorization: `Bearer ${KEYS.all}`, 'content-type': 'application/json' }

const raw = (method: string, path: string, body = '') =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${KEYS.all}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`

describe('requests are atomic', () => {
  const served = servedTestApp({}, { clock: { frozen: false } })

  async function newPlaylist(name: string) {
    const res = await fetch(served.running.url + PLAYLISTS, {
      method: 'POST',
      headers: AUTH,
      body: JSON.stringify({ name, type: 'collection' }),
    })
    return (await res.json()) as { id: number; short_id: string }
  }

  it('50 pipelined adds of one recording on one connection add it once; one DELETE removes it', async () => {
    const playlist = await newPlaylist('pipelined')
    const add = raw('POST', `${PLAYLISTS}${playlist.short_id}/recordings/rec-pipelined/`)
    const statuses = await pipelined(
      served.port,
      Array.from({ length: 50 }, () => add),
    )
    expect(statuses).toEqual(Array.from({ length: 50 }, () => 200))
    expect(served.app.store.itemsOf(playlist.id)).toHaveLength(1)
    const removed = await fetch(`${served.running.url}${PLAYLISTS}${playlist.short_id}/recordings/rec-pipelined/`, {
      method: 'DELETE',
      headers: AUTH,
    })
    expect(removed.status).toBe(204)
    expect(served.app.store.itemsOf(playlist.id)).toHaveLength(0)
  })

  it('50 parallel adds on 50 connections add it once', async () => {
    const playlist = await newPlaylist('parallel')
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`${served.running.url}${PLAYLISTS}${playlist.short_id}/recordings/rec-parallel/`, {
          method: 'POST',
          headers: AUTH,
        }),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 50 }, () => 200))
    expect(served.app.store.itemsOf(playlist.id).map((item) => item.recording_id)).toEqual(['rec-parallel'])
  })

  it('parallel PATCHes of one playlist leave one playlist (the last write wins) and one activity entry each', async () => {
    const playlist = await newPlaylist('patched')
    const activityBefore = served.app.store.activity.size
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fetch(`${served.running.url}${PLAYLISTS}${playlist.short_id}/`, {
          method: 'PATCH',
          headers: AUTH,
          body: JSON.stringify({ name: `name ${i}` }),
        }),
      ),
    )
    expect(answers.every((a) => a.status === 200)).toBe(true)
    const versions = served.app.store.playlists.findMany((q) => q.where({ short_id: playlist.short_id }))
    expect(versions).toHaveLength(1)
    expect(served.app.store.activity.size - activityBefore).toBe(30)
  })

  it('parallel DELETEs of one person: one 204, the others 404, one activity entry', async () => {
    const client = clientFor(served.app)
    const person = (await client.get('/api/environments/1/persons/?limit=1')).body.results[0]
    const activityBefore = served.app.store.activity.size
    const statuses = await pipelined(
      served.port,
      Array.from({ length: 20 }, () => raw('DELETE', `/api/environments/1/persons/${person.id}/`)),
    )
    expect(statuses.filter((s) => s === 204)).toHaveLength(1)
    expect(statuses.filter((s) => s === 404)).toHaveLength(19)
    expect(served.app.store.activity.size - activityBefore).toBe(1)
  })
})
