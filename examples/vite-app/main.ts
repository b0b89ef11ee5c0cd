// A Vite app's entry that starts the mock before it renders, so its first calls are answered by the mock.
// test/package-vite.test.ts builds it with Vite 5 to 8 and opens it in headless Chromium.

async function enableMocking(): Promise<void> {
  // In your app, behind a flag of your own, e.g. `if (!import.meta.env.DEV) return` (Vite's dev server only).
  const { startMocking } = await import('./mocks.ts')
  await startMocking()
}

async function render(): Promise<void> {
  const res = await fetch('/api/environments/1/persons/?limit=3', { headers: { authorization: 'Bearer phx_mock_all' } })
  const body = (await res.json()) as { results: Array<{ name: string }> }
  const list = document.getElementById('persons')!
  for (const person of body.results) list.appendChild(document.createElement('li')).textContent = person.name
  document.body.dataset.rendered = String(res.status)
}

enableMocking().then(render)
