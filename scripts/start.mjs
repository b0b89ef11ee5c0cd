// `npm start`: builds only when the compiled CLI is missing or older than the sources (the check is a
// walk of src/, fixtures/ and contracts/ for modification times, a few ms), then runs the bin with the
// arguments given (`npm start -- --port 0` after `serve`). On an already built checkout it answers within
// a second or so instead of after a whole build (`npm run bench -- --only start` prints the figure).
//   node scripts/start.mjs serve [options]
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { buildIsCurrent } from '../bin/build-freshness.js'

const root = fileURLToPath(new URL('..', import.meta.url))
if (!buildIsCurrent(root)) {
  console.error('[analytics-mock] the sources changed since the last build: building first (npm run build)')
  const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}
await import('../bin/analytics-mock.js')
