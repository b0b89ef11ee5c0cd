// Whether the compiled CLI in dist/ may run: it is there and, in a checkout, no older than the sources
// (`npm run build` writes dist/.built last). Read by the bin (which otherwise runs the TypeScript source)
// and by `npm start` (which otherwise builds first).
import { existsSync, readdirSync, statSync } from 'node:fs'

/** The newest modification time of the files under these directories (0 if there are none). */
function newestMtime(dirs) {
  let newest = 0
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`
      if (entry.isDirectory()) walk(path)
      else newest = Math.max(newest, statSync(path).mtimeMs)
    }
  }
  for (const dir of dirs) if (existsSync(dir)) walk(dir)
  return newest
}

/**
 * Whether `root` (the package's directory, ending in a slash) holds a compiled CLI no older than its
 * sources. An installed copy (under node_modules) is never edited, and npm's extraction does not keep file
 * times, so there the build is used as it is.
 */
export function buildIsCurrent(root) {
  const compiled = `${root}dist/src/cli/main.js`
  const stamp = `${root}dist/.built`
  if (!existsSync(compiled)) return false
  if (/[\\/]node_modules[\\/]/.test(root)) return true
  return (
    existsSync(stamp) && statSync(stamp).mtimeMs >= newestMtime([`${root}src`, `${root}fixtures`, `${root}contracts`])
  )
}
