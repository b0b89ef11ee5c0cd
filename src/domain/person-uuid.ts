// The uuids the real service derives for a person from its project and a distinct id
// (posthog/models/person/missing_person.py: uuidFromDistinctId, splitPersonUuid, splitTargetUuid): a
// version 5 uuid (RFC 4122, SHA-1) in PERSON_UUIDV5_NAMESPACE. SHA-1 is computed here, synchronously:
// Web Crypto's digest is asynchronous, and absent from pages not served over https or localhost.

const NAMESPACE = '932979b4-65c3-4424-8467-0b66ec27bc22'
const rotl = (x: number, n: number) => (x << n) | (x >>> (32 - n))

/** SHA-1 (FIPS 180-4) of `bytes`, as five 32-bit words. */
function sha1(bytes: Uint8Array): number[] {
  const words = new Array<number>((((bytes.length + 8) >> 6) + 1) * 16).fill(0)
  bytes.forEach((b, i) => (words[i >> 2] = words[i >> 2]! | (b << (24 - (i % 4) * 8))))
  words[bytes.length >> 2] = words[bytes.length >> 2]! | (0x80 << (24 - (bytes.length % 4) * 8))
  words[words.length - 1] = bytes.length * 8
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0]
  const w: number[] = []
  for (let block = 0; block < words.length; block += 16) {
    for (let t = 0; t < 80; t++)
      w[t] = t < 16 ? words[block + t]! : rotl(w[t - 3]! ^ w[t - 8]! ^ w[t - 14]! ^ w[t - 16]!, 1)
    let [a, b, c, d, e] = h as [number, number, number, number, number]
    for (let t = 0; t < 80; t++) {
      const round = Math.floor(t / 20)
      const f = round === 0 ? (b & c) | (~b & d) : round === 2 ? (b & c) | (b & d) | (c & d) : b ^ c ^ d
      const k = [0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6][round]!
      ;[a, b, c, d, e] = [(rotl(a, 5) + f + e + k + w[t]!) | 0, a, rotl(b, 30), c, d]
    }
    ;[a, b, c, d, e].forEach((x, i) => (h[i] = (h[i]! + x) | 0))
  }
  return h
}

/** Python's uuid.uuid5(NAMESPACE, name). */
function uuid5(name: string): string {
  const ns = NAMESPACE.replace(/-/g, '')
    .match(/../g)!
    .map((x) => parseInt(x, 16))
  const hash = sha1(new Uint8Array([...ns, ...new TextEncoder().encode(name)]))
  const bytes = hash.flatMap((x) => [x >>> 24, (x >>> 16) & 255, (x >>> 8) & 255, x & 255]).slice(0, 16)
  bytes[6] = (bytes[6]! & 0x0f) | 0x50
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = bytes.map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** uuidFromDistinctId: the person a distinct id without one gets. */
export const uuidFromDistinctId = (projectId: number, distinctId: string) => uuid5(`${projectId}:${distinctId}`)

/** splitTargetUuid: the person a split moves `distinctId` onto (never the person it leaves). */
export function splitTargetUuid(projectId: number, distinctId: string, sourceUuid: string): string {
  const uuid = uuidFromDistinctId(projectId, distinctId)
  return uuid === sourceUuid ? uuid5(`${projectId}:${distinctId}:split`) : uuid
}
