// Web Crypto where it is: the global `crypto` (browsers, Node 20+, most test environments), else Node's
// own (`node:crypto`'s webcrypto, reached through process.getBuiltinModule so a browser bundle imports no
// Node built-in). An environment may give a `crypto` without randomUUID (jsdom before 22, as in Jest 29's
// jsdom environment): a v4 UUID is then made from getRandomValues, as randomUUID makes it.
// scripts/build-entries.ts puts this randomUUID in place of @msw/data's global `crypto.randomUUID()` in the
// package's built files.

interface WebCrypto {
  getRandomValues<T extends ArrayBufferView>(array: T): T
  randomUUID?(): string
}

function webCrypto(): WebCrypto {
  const global = (globalThis as { crypto?: WebCrypto }).crypto
  if (typeof global?.getRandomValues === 'function') return global
  const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
    ?.getBuiltinModule
  const node =
    typeof getBuiltin === 'function'
      ? (getBuiltin('node:crypto') as { webcrypto?: WebCrypto } | undefined)?.webcrypto
      : undefined
  if (node) return node
  throw new Error('analytics-mock needs Web Crypto (globalThis.crypto.getRandomValues), and this environment has none')
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

/** A random (version 4) UUID. */
export function randomUUID(): string {
  const source = webCrypto()
  if (typeof source.randomUUID === 'function') return source.randomUUID()
  const b = source.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = Array.from(b, (byte) => HEX[byte]!)
  return `${h.slice(0, 4).join('')}-${h.slice(4, 6).join('')}-${h.slice(6, 8).join('')}-${h.slice(8, 10).join('')}-${h.slice(10).join('')}`
}
