// The dashboard's files, as the standalone server answers them under /_mock/ui: one page
// (dashboard.html), its script and its style, plain files beside this module in src/ui/ (no build
// step; the package ships src/, so a built copy under dist/ finds them there too).
//
// The page calls the control API from its own origin only, so the answers forbid the rest: a strict
// Content-Security-Policy (its own script and style, calls to its own origin, nothing inline), no
// framing by other pages (clickjacking a reset button), no embedding of its files by other origins,
// no referrer and no MIME sniffing.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { methodNotAllowed, notFound, type ApiError } from '../core/drf/exceptions.ts'
import { serialize } from '../core/http.ts'

/** Where the dashboard is served. */
export const UI_PATH = '/_mock/ui'

const FILES: Record<string, { file: string; type: string }> = {
  '': { file: 'dashboard.html', type: 'text/html; charset=utf-8' },
  '/': { file: 'dashboard.html', type: 'text/html; charset=utf-8' },
  '/dashboard.js': { file: 'dashboard.js', type: 'text/javascript; charset=utf-8' },
  '/dashboard.css': { file: 'dashboard.css', type: 'text/css; charset=utf-8' },
}

export const UI_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-cache',
})

export interface UiAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/** Whether `path` is the dashboard's (the page or one of its files). */
export function isUiPath(path: string): boolean {
  return path === UI_PATH || path.startsWith(`${UI_PATH}/`)
}

/**
 * The folder holding the page: beside this module (src/ui/), or, from a built module anywhere under the
 * package's dist/, the package's src/ui/ (it ships src/).
 */
function filesDir(): string {
  const here = dirname(fileURLToPath(import.meta.url))
  const candidates = [here]
  for (let dir = here; dirname(dir) !== dir; dir = dirname(dir)) candidates.push(join(dir, 'src', 'ui'))
  const found = candidates.find((dir) => existsSync(join(dir, 'dashboard.html')))
  if (!found) throw new Error(`the dashboard's files are missing (looked in ${here} and src/ui/ above it)`)
  return found
}

/** The dashboard's files, read once on first use. */
export class UiFiles {
  #texts = new Map<string, string>()
  #dir: string | undefined

  #read(file: string): string {
    let text = this.#texts.get(file)
    if (text === undefined) {
      this.#dir ??= filesDir()
      text = readFileSync(join(this.#dir, file), 'utf8')
      this.#texts.set(file, text)
    }
    return text
  }

  /** The answer to `method path` under UI_PATH: a file, 404 for a name it does not have, 405 for anything but GET and HEAD. */
  answer(method: string, path: string): UiAnswer {
    const served = FILES[path.slice(UI_PATH.length)]
    if (method !== 'GET' && method !== 'HEAD') return refusal(methodNotAllowed(method, ['GET', 'HEAD']))
    if (!served) return refusal(notFound(`The dashboard has no file ${path}; it is at ${UI_PATH}.`))
    return { status: 200, headers: { 'content-type': served.type, ...UI_HEADERS }, body: this.#read(served.file) }
  }
}

/** An error in the API's error shape, with the page's headers. */
export function refusal(error: ApiError): UiAnswer {
  const { body, headers } = serialize(error.toResponse())
  return { status: error.status, headers: { ...headers, ...UI_HEADERS }, body }
}
