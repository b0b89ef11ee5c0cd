// A chunked request body (RFC 9112 7.1), read as its bytes arrive: chunk sizes in hex (extensions
// ignored), each chunk's data followed by CRLF, a last chunk of size 0, trailer fields (read and
// dropped), and the final CRLF. Anything else is refused with node's parser's code for it.

type State = 'size' | 'data' | 'data-end' | 'trailers'

/** The longest chunk-size line (with extensions) read before it is refused. */
const MAX_SIZE_LINE = 4_096
const HEX = /^[0-9A-Fa-f]{1,12}$/

export class ChunkedBody {
  #state: State = 'size'
  #left = 0
  /** Set when the body is malformed: node's code for it. */
  error: string | null = null
  /** Set once the last chunk and the trailers have been read. */
  done = false

  /**
   * Reads from `buffer[from, end)`, handing each piece of body data to `data`. Returns where it
   * stopped: at `end`, or where the body ends (`done`), or where a line is not all there yet (the caller
   * keeps the bytes from there and calls again with more), or at the error.
   */
  read(buffer: Buffer, from: number, end: number, data: (piece: Buffer) => void): number {
    let pos = from
    while (pos < end && !this.done && this.error === null) {
      switch (this.#state) {
        case 'size': {
          const lineEnd = buffer.indexOf('\r\n', pos, 'latin1')
          if (lineEnd === -1 || lineEnd + 2 > end) {
            if (end - pos > MAX_SIZE_LINE) this.error = 'HPE_INVALID_CHUNK_SIZE'
            return pos
          }
          const line = buffer.toString('latin1', pos, lineEnd)
          const semicolon = line.indexOf(';')
          const size = (semicolon === -1 ? line : line.slice(0, semicolon)).replace(/[ \t]+$/, '')
          if (!HEX.test(size)) {
            this.error = 'HPE_INVALID_CHUNK_SIZE'
            return pos
          }
          this.#left = parseInt(size, 16)
          this.#state = this.#left === 0 ? 'trailers' : 'data'
          pos = lineEnd + 2
          break
        }
        case 'data': {
          const take = Math.min(this.#left, end - pos)
          data(buffer.subarray(pos, pos + take))
          this.#left -= take
          pos += take
          if (this.#left === 0) this.#state = 'data-end'
          break
        }
        case 'data-end': {
          if (end - pos < 2) return pos
          if (buffer[pos] !== 0x0d || buffer[pos + 1] !== 0x0a) {
            this.error = 'HPE_STRICT'
            return pos
          }
          pos += 2
          this.#state = 'size'
          break
        }
        case 'trailers': {
          const lineEnd = buffer.indexOf('\r\n', pos, 'latin1')
          if (lineEnd === -1 || lineEnd + 2 > end) {
            if (end - pos > MAX_SIZE_LINE) this.error = 'HPE_HEADER_OVERFLOW'
            return pos
          }
          if (lineEnd === pos) this.done = true
          pos = lineEnd + 2
          break
        }
      }
    }
    return pos
  }
}
