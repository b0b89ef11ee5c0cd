// Strict UTF-8 decoding of request bodies. `Buffer#toString('utf8')` and `Request#text()` replace bytes
// that are not UTF-8 with U+FFFD, so a body the real service refuses would be stored as something
// else. Here such a body is an error that says where, in the words the real service uses: its JSON
// parser reads the body through Python's UTF-8 codec, whose message names the byte, its position and why.

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

export class Utf8Error extends Error {}

/** `bytes` as text; a Utf8Error (Python's codec message) when they are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return strict.decode(bytes)
  } catch {
    throw new Utf8Error(describeInvalidUtf8(bytes) ?? "'utf-8' codec can't decode the body")
  }
}

const hex = (byte: number) => `0x${byte.toString(16).padStart(2, '0')}`

/**
 * Python's message for the first invalid sequence in `bytes` ("'utf-8' codec can't decode byte 0xff in
 * position 3: invalid start byte"), or null when they are valid UTF-8.
 */
function describeInvalidUtf8(bytes: Uint8Array): string | null {
  let i = 0
  while (i < bytes.length) {
    const lead = bytes[i]!
    if (lead < 0x80) {
      i++
      continue
    }
    let need: number
    let min = 0x80
    let max = 0xbf
    if (lead >= 0xc2 && lead <= 0xdf) need = 1
    else if (lead >= 0xe0 && lead <= 0xef) {
      need = 2
      if (lead === 0xe0) min = 0xa0 // overlong
      if (lead === 0xed) max = 0x9f // surrogates
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      need = 3
      if (lead === 0xf0) min = 0x90 // overlong
      if (lead === 0xf4) max = 0x8f // past U+10FFFF
    } else {
      return `'utf-8' codec can't decode byte ${hex(lead)} in position ${i}: invalid start byte`
    }
    for (let k = 1; k <= need; k++) {
      if (i + k >= bytes.length) {
        const last = bytes.length - 1
        return last === i
          ? `'utf-8' codec can't decode byte ${hex(lead)} in position ${i}: unexpected end of data`
          : `'utf-8' codec can't decode bytes in position ${i}-${last}: unexpected end of data`
      }
      const next = bytes[i + k]!
      const low = k === 1 ? min : 0x80
      const high = k === 1 ? max : 0xbf
      if (next < low || next > high)
        return `'utf-8' codec can't decode byte ${hex(lead)} in position ${i}: invalid continuation byte`
    }
    i += need + 1
  }
  return null
}
