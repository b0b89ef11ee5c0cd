// The page the browser test loads (bundled by esbuild): it starts the mock behind msw's service worker,
// then fetches persons and a playlist with relative URLs, as a frontend would, and shows them.
import { startMockWorker } from 'analytics-mock/msw/browser'

declare global {
  interface Window {
    __result?: unknown
    __error?: string
  }
}

const headers = { authorization: 'Bearer phx_mock_all' }

async function getJson(path: string): Promise<{ status: number; body: any }> {
  const res = await fetch(path, { headers })
  return { status: res.status, body: await res.json() }
}

function show(id: string, lines: string[]): void {
  const list = document.getElementById(id)!
  for (const line of lines) list.appendChild(document.createElement('li')).textContent = line
}

const violations: unknown[] = []

try {
  const { app } = await startMockWorker({
    onViolation: (violation) => void violations.push(violation),
    baseUrl: '/',
    clock: { now: '2026-11-04T12:00:00Z', frozen: true },
    start: { serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true },
  })

  const persons = await getJson('/api/environments/1/persons/?limit=3')
  show(
    'persons',
    persons.body.results.map((p: { name: string }) => p.name),
  )

  const playlists = await getJson('/api/environments/1/session_recording_playlists/')
  const pinned = playlists.body.results.find(
    (p: { pinned: boolean; short_id: string }) => p.pinned && !p.short_id.startsWith('synthetic-'),
  )
  const playlist = await getJson(`/api/environments/1/session_recording_playlists/${pinned.short_id}/`)
  show('playlist', [`${playlist.body.name} (${playlist.body.short_id})`])

  // State lives in the page's core: a PATCH is seen by the next GET.
  const id = persons.body.results[0].id
  const patched = await fetch(`/api/environments/1/persons/${id}/`, {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ properties: { plan: 'from-the-browser' } }),
  })
  const after = await getJson(`/api/environments/1/persons/${id}/`)

  window.__result = {
    controlled: navigator.serviceWorker.controller !== null,
    origin: location.origin,
    persons,
    playlistShortId: pinned.short_id,
    playlist,
    patchStatus: patched.status,
    planAfterPatch: after.body.properties.plan,
    journal: app.journal.entries().map((e) => `${e.method} ${e.operation_id} ${e.status}`),
    violations,
  }
} catch (error) {
  window.__error = error instanceof Error ? `${error.message}\n${error.stack}` : String(error)
}
