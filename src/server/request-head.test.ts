import { describe, expect, it } from 'vitest'
import { isHeadError, isToken, readRequestHead, type HeadError, type RequestHead } from './request-head.ts'

const MAX = 64 * 1024

function read(text: string | Buffer, max = MAX): RequestHead | HeadError | null {
  const buffer = typeof text === 'string' ? Buffer.from(text, 'latin1') : text
  return readRequestHead(buffer, 0, buffer.length, max)
}

function head(text: string): RequestHead {
  const result = read(text)
  if (result === null || isHeadError(result)) throw new Error(`not a head: ${JSON.stringify(result)}`)
  return result
}

const code = (text: string | Buffer) => {
  const result = read(text)
  return result !== null && isHeadError(result) ? result.code : result
}

describe('readRequestHead', () => {
  it('reads the request line and fields: names in lower case, values without surrounding whitespace, the length up to the body', () => {
    const text = 'PATCH /api/environments/1/persons/1/?a=b HTTP/1.1\r\nHost: 127.0.0.1:8010\r\nContent-Type:  application/json \r\nContent-Length: 2\r\nX-Empty:\r\n\r\n{}'
    const h = head(text)
    expect(h).toMatchObject({
      method: 'PATCH',
      target: '/api/environments/1/persons/1/?a=b',
      minor: 1,
      headers: { host: '127.0.0.1:8010', 'content-type': 'application/json', 'content-length': '2', 'x-empty': '' },
      contentLength: 2,
      keepAlive: true,
      expect: 'none',
    })
    expect(text.slice(h.length)).toBe('{}')
  })

  it('is null while the head is not all there and nothing in it is wrong yet', () => {
    for (const partial of ['', 'G', 'PAT', 'GET ', 'GET /x HTTP/1.1\r\n', 'GET /x HTTP/1.1\r\nHost: a\r\n', 'GET /x HTTP/1.1\r\nHost: a\r\n\r']) expect(read(partial)).toBeNull()
  })

  it('refuses what cannot become a request as soon as it arrives, without waiting for the end of the head', () => {
    expect(code('HELLO THERE')).toBe('HPE_INVALID_METHOD')
    expect(code('\x16\x03\x01\x02\x00\x01\x00')).toBe('HPE_INVALID_METHOD') // a TLS hello on the plain port
    expect(code('GET /x HTTP/1.1\nHost: a\n')).toBe('HPE_LF_EXPECTED')
  })

  it('skips blank lines before the request line, as node does', () => {
    const h = head('\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n')
    expect(h.method).toBe('GET')
    expect(h.length).toBe(4 + 'GET / HTTP/1.1\r\nHost: a\r\n\r\n'.length)
  })

  it('refuses what node refuses, with its codes', () => {
    const cases: Array<[string | Buffer, string]> = [
      [Buffer.concat([Buffer.from('GET /a'), Buffer.from([0xc3, 0xa9]), Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')]), 'HPE_INVALID_URL'],
      ['GET /a\tb HTTP/1.1\r\nHost: a\r\n\r\n', 'HPE_INVALID_URL'],
      ['get / HTTP/1.1\r\nHost: a\r\n\r\n', 'HPE_INVALID_METHOD'],
      ['FOO / HTTP/1.1\r\nHost: a\r\n\r\n', 'HPE_INVALID_METHOD'],
      ['GET / HTTP/1.1\r\n\r\n', 'HPE_MISSING_HOST'],
      ['POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\n', 'HPE_UNEXPECTED_CONTENT_LENGTH'],
      ['POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n', 'HPE_INVALID_TRANSFER_ENCODING'],
      ['POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n', 'HPE_INVALID_TRANSFER_ENCODING'],
      ['GET / HTTP/1.1\r\nHost : a\r\n\r\n', 'HPE_INVALID_HEADER_TOKEN'],
      ['GET / HTTP/1.1\r\nHost: a\r\nX-A: b\r\n c\r\n\r\n', 'HPE_INVALID_HEADER_TOKEN'],
      ['GET / HTTP/1.1\r\nHost: a\r\nX-A: b\x01c\r\n\r\n', 'HPE_INVALID_HEADER_TOKEN'],
      ['GET / HTTP/1.1\r\nHost: a\r\nX-A: b\x7fc\r\n\r\n', 'HPE_INVALID_HEADER_TOKEN'],
      ['GET / HTTP/1.1\r\nHost: a\r\nNo colon here\r\n\r\n', 'HPE_INVALID_HEADER_TOKEN'],
      ['POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n', 'HPE_INVALID_CONTENT_LENGTH'],
      ['POST / HTTP/1.1\r\nHost: a\r\nContent-Length: +1\r\n\r\n', 'HPE_INVALID_CONTENT_LENGTH'],
      ['POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1, 1\r\n\r\n', 'HPE_INVALID_CONTENT_LENGTH'],
    ]
    for (const [text, expected] of cases) expect([String(text), code(text)]).toEqual([String(text), expected])
  })

  it('refuses, more strictly than node, a second Host, codings other than chunked, other HTTP versions and doubled spaces', () => {
    expect(code('GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n')).toBe('HPE_INVALID_HOST')
    expect(code('POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n')).toBe('HPE_INVALID_TRANSFER_ENCODING')
    expect(code('POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n')).toBe('HPE_INVALID_TRANSFER_ENCODING')
    expect(code('GET / HTTP/2.0\r\nHost: a\r\n\r\n')).toBe('HPE_INVALID_VERSION')
    expect(code('GET /\r\n\r\n')).toBe('HPE_INVALID_VERSION')
    expect(code('GET  / HTTP/1.1\r\nHost: a\r\n\r\n')).toBe('HPE_INVALID_URL')
  })

  it('joins repeated fields as node does: most with a comma, cookies with a semicolon, and keeps the first of those that cannot repeat', () => {
    const h = head('GET / HTTP/1.1\r\nHost: a\r\nX-A: 1\r\nx-a: 2\r\nCookie: a=1\r\nCookie: b=2\r\nAuthorization: A\r\nAuthorization: B\r\n\r\n')
    expect(h.headers).toEqual({ host: 'a', 'x-a': '1, 2', cookie: 'a=1; b=2', authorization: 'A' })
  })

  it('reads fields named like Object.prototype members as plain fields', () => {
    const h = head('GET / HTTP/1.1\r\nHost: a\r\n__proto__: x\r\nConstructor: y\r\ntoString: z\r\n\r\n')
    expect(Object.entries(h.headers)).toEqual([
      ['host', 'a'],
      ['__proto__', 'x'],
      ['constructor', 'y'],
      ['tostring', 'z'],
    ])
  })

  it('reads bytes 0x80-0xff in a value as Latin-1, as node does', () => {
    expect(head('GET / HTTP/1.1\r\nHost: a\r\nX-A: b\xe9c\r\n\r\n').headers['x-a']).toBe('b\u00e9c')
  })

  it('says whether the connection goes on (HTTP/1.1 unless close; HTTP/1.0 only with keep-alive) and what is expected', () => {
    expect(head('GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n').keepAlive).toBe(false)
    expect(head('GET / HTTP/1.1\r\nHost: a\r\nConnection: Keep-Alive, Close\r\n\r\n').keepAlive).toBe(false)
    expect(head('GET / HTTP/1.0\r\n\r\n')).toMatchObject({ minor: 0, keepAlive: false })
    expect(head('GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n').keepAlive).toBe(true)
    expect(head('POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-Continue\r\nContent-Length: 5\r\n\r\n').expect).toBe('continue')
    expect(head('POST / HTTP/1.1\r\nHost: a\r\nExpect: something\r\n\r\n').expect).toBe('other')
    expect(head('POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked\r\n\r\n').contentLength).toBe(-1)
  })

  it('refuses a head over the size limit, saying whether it was still in the request line (414) or in the fields (431)', () => {
    const longLine = `GET /${'q'.repeat(200)} HTTP/1.1\r\nHost: a\r\n\r\n`
    const longFields = `GET / HTTP/1.1\r\nHost: a\r\nX-Big: ${'h'.repeat(200)}\r\n\r\n`
    expect(read(longLine, 100)).toEqual({ code: 'HPE_HEADER_OVERFLOW', inRequestLine: true })
    expect(read(longFields, 100)).toEqual({ code: 'HPE_HEADER_OVERFLOW', inRequestLine: false })
    // ... also before the head's end has arrived
    expect(read(longLine.slice(0, 150), 100)).toEqual({ code: 'HPE_HEADER_OVERFLOW', inRequestLine: true })
    expect(read(longFields.slice(0, 150), 100)).toEqual({ code: 'HPE_HEADER_OVERFLOW', inRequestLine: false })
    expect(isHeadError(read(longFields, 1024)!)).toBe(false)
  })

  it('reads a head that arrives a byte at a time, looking at each byte a bounded number of times', () => {
    const text = `POST /x HTTP/1.1\r\nHost: a\r\n${'X-Pad: 0123456789\r\n'.repeat(50)}Content-Length: 0\r\n\r\n`
    const buffer = Buffer.from(text, 'latin1')
    let checked = 0
    let result: ReturnType<typeof readRequestHead> = null
    for (let end = 1; end <= buffer.length && result === null; end++) {
      result = readRequestHead(buffer, 0, end, MAX, checked)
      checked = end
    }
    expect(result).not.toBeNull()
    expect(isHeadError(result!)).toBe(false)
    expect((result as RequestHead).length).toBe(buffer.length)
  })

  it("says which names are tokens (what an answer's field names are checked against too)", () => {
    for (const name of ['content-type', 'X-Custom_1', "!#$%&'*+-.^_`|~"]) expect([name, isToken(name)]).toEqual([name, true])
    for (const name of ['', 'a b', 'a:b', 'a\r\nb', 'caf\u00e9', 'x\u0100', '(x)']) expect([name, isToken(name)]).toEqual([name, false])
  })
})
