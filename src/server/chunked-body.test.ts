import { describe, expect, it } from 'vitest'
import { ChunkedBody } from './chunked-body.ts'

/** Feeds `text` to a decoder in pieces of `step` bytes, keeping unread bytes as a connection does. */
function decode(text: string, step = text.length): { data: string; decoder: ChunkedBody; rest: string } {
  const decoder = new ChunkedBody()
  const all = Buffer.from(text, 'latin1')
  let data = ''
  let pending = Buffer.alloc(0)
  let rest = ''
  for (let at = 0; at < all.length && !decoder.done && decoder.error === null; at += step) {
    const buffer = Buffer.concat([pending, all.subarray(at, at + step)])
    const stopped = decoder.read(buffer, 0, buffer.length, (piece) => (data += piece.toString('latin1')))
    pending = buffer.subarray(stopped)
    if (decoder.done) rest = pending.toString('latin1') + all.subarray(at + step).toString('latin1')
  }
  return { data, decoder, rest }
}

describe('ChunkedBody', () => {
  const body = '5\r\nhello\r\n7;name=value\r\n, world\r\n0\r\nTrailer: yes\r\n\r\n'

  it('reads the chunks, skipping extensions and trailers, and stops where the body ends', () => {
    const { data, decoder, rest } = decode(body + 'GET / HTTP/1.1\r\n')
    expect(data).toBe('hello, world')
    expect(decoder.done).toBe(true)
    expect(rest).toBe('GET / HTTP/1.1\r\n')
  })

  it('reads the same body however it is split', () => {
    for (const step of [1, 2, 3, 7, 13]) {
      const { data, decoder } = decode(body, step)
      expect([step, data, decoder.done]).toEqual([step, 'hello, world', true])
    }
  })

  it('refuses a chunk size that is not hex, chunk data not followed by CRLF, and an endless size line', () => {
    expect(decode('x\r\nhello\r\n0\r\n\r\n').decoder.error).toBe('HPE_INVALID_CHUNK_SIZE')
    expect(decode('-1\r\n').decoder.error).toBe('HPE_INVALID_CHUNK_SIZE')
    expect(decode('1\r\nxy\r\n0\r\n\r\n').decoder.error).toBe('HPE_STRICT')
    expect(decode('1'.repeat(5_000)).decoder.error).toBe('HPE_INVALID_CHUNK_SIZE')
    expect(decode('1'.repeat(5_000), 100).decoder.error).toBe('HPE_INVALID_CHUNK_SIZE')
  })

  it('is not done before the last chunk and the blank line after the trailers', () => {
    for (const partial of ['5\r\nhello\r\n', '5\r\nhello\r\n0\r\n', '5\r\nhello\r\n0\r\nT: 1\r\n']) expect(decode(partial).decoder.done).toBe(false)
  })
})
