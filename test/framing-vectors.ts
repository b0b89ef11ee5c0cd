// Raw request bytes for the differential framing test (framing-differential.test.ts): each is sent as
// it is (Latin-1, one byte a character) to the mock's server and to a bare node:http server. They are
// the shapes where a hand-written HTTP/1.1 reader and node's parser (llhttp) have disagreed: chunk
// sizes and extensions, trailers, CONNECT and Upgrade followed by pipelined bytes, Content-Length and
// Transfer-Encoding together, line endings, request-line oddities, Expect on HTTP/1.0.

export interface FramingVector {
  name: string
  bytes: string
}

const H = 'Host: localhost'
/** A well-formed request to pipeline after a vector: its answer shows whether the bytes before it were framed as node frames them. */
const NEXT = `GET /framing/next HTTP/1.1\r\n${H}\r\n\r\n`
const chunkedPost = (body: string) => `POST /framing HTTP/1.1\r\n${H}\r\nTransfer-Encoding: chunked\r\n\r\n${body}`
const lengthPost = (length: string, body: string, extra = '') =>
  `POST /framing HTTP/1.1\r\n${H}\r\n${extra}Content-Length: ${length}\r\n\r\n${body}`
const withTe = (te: string, body: string, extra = '') =>
  `POST /framing HTTP/1.1\r\n${H}\r\n${extra}Transfer-Encoding: ${te}\r\n\r\n${body}`

/** Chunk extensions: valid ones, and ones holding bytes llhttp refuses. */
const extensions: Array<[string, string]> = [
  ['name=value', ';name=value'],
  ['a bare name', ';name'],
  ['a quoted value', ';name="v a l"'],
  ['a quoted value with an escape', ';name="v\\"q"'],
  ['two extensions', ';a=1;b=2'],
  ['an empty extension', ';'],
  ['a space before the semicolon', ' ;a=b'],
  ['a tab before the semicolon', '\t;a=b'],
  ['a bare LF inside', ';a=b\nc'],
  ['a bare CR inside', ';a=b\rc'],
  ['a NUL inside', ';a=\x00'],
  ['a high byte inside', ';a=\xff'],
  ['a high byte in the name', ';\xe9=1'],
  ['a control byte (0x01)', ';a=\x01'],
  ['a DEL byte', ';a=\x7f'],
  ['a space in the value', ';a=b c'],
  ['an unterminated quoted value', ';a="b'],
]

const chunkExtensionVectors: FramingVector[] = extensions.flatMap(([what, ext]) => [
  { name: `chunk extension: ${what}`, bytes: chunkedPost(`5${ext}\r\nhello\r\n0\r\n\r\n`) + NEXT },
  { name: `chunk extension on the last chunk: ${what}`, bytes: chunkedPost(`5\r\nhello\r\n0${ext}\r\n\r\n`) + NEXT },
])

const chunkSizeVectors: FramingVector[] = [
  ['a space after the size', '5 \r\nhello\r\n0\r\n\r\n'],
  ['a tab after the size', '5\t\r\nhello\r\n0\r\n\r\n'],
  ['spaces after the last size', '5\r\nhello\r\n0  \r\n\r\n'],
  ['a space before the size', ' 5\r\nhello\r\n0\r\n\r\n'],
  ['upper-case hex', 'A\r\nhellohello\r\n0\r\n\r\n'],
  ['lower-case hex', 'a\r\nhellohello\r\n0\r\n\r\n'],
  ['leading zeros', '0005\r\nhello\r\n0\r\n\r\n'],
  ['a 0x prefix', '0x5\r\nhello\r\n0\r\n\r\n'],
  ['a minus sign', '-5\r\nhello\r\n0\r\n\r\n'],
  ['a plus sign', '+5\r\nhello\r\n0\r\n\r\n'],
  ['a size that overflows 64 bits', 'fffffffffffffffff\r\nhello\r\n0\r\n\r\n'],
  ['no size at all', '\r\nhello\r\n0\r\n\r\n'],
  ['a bare LF after the size', '5\nhello\r\n0\r\n\r\n'],
  ['a bare CR after the size', '5\rhello\r\n0\r\n\r\n'],
  ['no CRLF after the data', '5\r\nhello0\r\n\r\n'],
  ['a bare LF after the data', '5\r\nhello\n0\r\n\r\n'],
  ['more data than the size', '3\r\nhello\r\n0\r\n\r\n'],
  ['a non-hex size', 'g\r\nhello\r\n0\r\n\r\n'],
  ['several chunks', '1\r\nh\r\n2\r\nel\r\n2\r\nlo\r\n0\r\n\r\n'],
  ['an empty body', '0\r\n\r\n'],
].map(([what, body]) => ({ name: `chunk size: ${what}`, bytes: chunkedPost(body!) + NEXT }))

const trailerVectors: FramingVector[] = [
  ['a valid trailer', '0\r\nX-Trailer: v\r\n\r\n' + NEXT],
  ['two valid trailers', '0\r\nX-A: 1\r\nX-B: 2\r\n\r\n' + NEXT],
  ['a trailer line with no colon', '0\r\nnot a field\r\n\r\n' + NEXT],
  ['a trailer with an empty name', '0\r\n: v\r\n\r\n' + NEXT],
  ['a trailer name with a space', '0\r\nX A: v\r\n\r\n' + NEXT],
  ['a folded trailer', '0\r\nX-A: 1\r\n  more\r\n\r\n' + NEXT],
  ['a trailer ended by a bare LF', '0\r\nX-A: 1\n\r\n' + NEXT],
  ['a NUL in a trailer value', '0\r\nX-A: 1\x002\r\n\r\n' + NEXT],
  ['no final CRLF, then a pipelined request', '0\r\n' + NEXT],
  ['a trailer and no final CRLF, then a pipelined request', '0\r\nX-A: 1\r\n' + NEXT],
  ['a final bare LF', '0\r\n\n' + NEXT],
].map(([what, body]) => ({ name: `trailers: ${what}`, bytes: chunkedPost('5\r\nhello\r\n' + body!) }))

const upgradeVectors: FramingVector[] = [
  {
    name: 'CONNECT, then a pipelined request',
    bytes: `CONNECT localhost:80 HTTP/1.1\r\nHost: localhost:80\r\n\r\n${NEXT}`,
  },
  {
    name: 'CONNECT with a Content-Length body, then a pipelined request',
    bytes: `CONNECT localhost:80 HTTP/1.1\r\nHost: localhost:80\r\nContent-Length: 5\r\n\r\nhello${NEXT}`,
  },
  { name: 'CONNECT to a path target', bytes: `CONNECT /framing HTTP/1.1\r\n${H}\r\n\r\n${NEXT}` },
  {
    name: 'Upgrade: websocket, then a pipelined request',
    bytes: `GET /framing HTTP/1.1\r\n${H}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n${NEXT}`,
  },
  {
    name: 'Upgrade: h2c, then a pipelined request',
    bytes: `GET /framing HTTP/1.1\r\n${H}\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQCAAAAAAIAAAAA\r\n\r\n${NEXT}`,
  },
  {
    name: 'Upgrade: h2c on a POST with a body, then a pipelined request',
    bytes: `POST /framing HTTP/1.1\r\n${H}\r\nConnection: Upgrade\r\nUpgrade: h2c\r\nContent-Length: 5\r\n\r\nhello${NEXT}`,
  },
  {
    name: 'Upgrade without Connection: Upgrade, then a pipelined request',
    bytes: `GET /framing HTTP/1.1\r\n${H}\r\nUpgrade: websocket\r\n\r\n${NEXT}`,
  },
  {
    name: 'Connection: Upgrade without Upgrade, then a pipelined request',
    bytes: `GET /framing HTTP/1.1\r\n${H}\r\nConnection: Upgrade\r\n\r\n${NEXT}`,
  },
  {
    name: 'Upgrade on HTTP/1.0, then a pipelined request',
    bytes: `GET /framing HTTP/1.0\r\n${H}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n${NEXT}`,
  },
  {
    name: 'Upgrade with a chunked body, then a pipelined request',
    bytes: `POST /framing HTTP/1.1\r\n${H}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n${NEXT}`,
  },
]

const lengthVectors: FramingVector[] = [
  {
    name: 'CL and TE: chunked',
    bytes: lengthPost('5', '5\r\nhello\r\n0\r\n\r\n', 'Transfer-Encoding: chunked\r\n') + NEXT,
  },
  { name: 'TE: chunked and CL', bytes: withTe('chunked', '5\r\nhello\r\n0\r\n\r\n', 'Content-Length: 5\r\n') + NEXT },
  { name: 'a duplicate Content-Length, same value', bytes: lengthPost('5', 'hello', 'Content-Length: 5\r\n') + NEXT },
  { name: 'a duplicate Content-Length, other values', bytes: lengthPost('5', 'hello', 'Content-Length: 6\r\n') + NEXT },
  { name: 'Content-Length as a list', bytes: lengthPost('5, 5', 'hello') + NEXT },
  { name: 'Content-Length with a plus sign', bytes: lengthPost('+5', 'hello') + NEXT },
  { name: 'a negative Content-Length', bytes: lengthPost('-5', 'hello') + NEXT },
  { name: 'Content-Length in hex', bytes: lengthPost('0x5', 'hello') + NEXT },
  { name: 'Content-Length with a space inside', bytes: lengthPost('5 0', 'hello') + NEXT },
  { name: 'Content-Length with trailing spaces', bytes: lengthPost('5  ', 'hello') + NEXT },
  { name: 'an empty Content-Length', bytes: lengthPost('', 'hello') + NEXT },
  { name: 'a Content-Length that overflows', bytes: lengthPost('99999999999999999999', 'hello') + NEXT },
  {
    name: 'Content-Length: 0 and body bytes (read as the next request)',
    bytes: lengthPost('0', 'hello\r\n\r\n') + NEXT,
  },
  { name: 'a Content-Length shorter than the body', bytes: lengthPost('3', 'hello') + NEXT },
  { name: 'TE: identity, chunked', bytes: withTe('identity, chunked', '5\r\nhello\r\n0\r\n\r\n') + NEXT },
  { name: 'TE: chunked, identity', bytes: withTe('chunked, identity', 'hello') + NEXT },
  { name: 'TE: gzip, chunked', bytes: withTe('gzip, chunked', '5\r\nhello\r\n0\r\n\r\n') + NEXT },
  { name: 'TE: chunked, gzip (chunked not last)', bytes: withTe('chunked, gzip', '5\r\nhello\r\n0\r\n\r\n') + NEXT },
  { name: 'TE: chunked, chunked', bytes: withTe('chunked, chunked', '5\r\nhello\r\n0\r\n\r\n') + NEXT },
  {
    name: 'two TE: chunked fields',
    bytes: withTe('chunked', '5\r\nhello\r\n0\r\n\r\n', 'Transfer-Encoding: chunked\r\n') + NEXT,
  },
  { name: 'TE: Chunked (upper case)', bytes: withTe('Chunked', '5\r\nhello\r\n0\r\n\r\n') + NEXT },
  { name: 'TE: chunked with trailing spaces', bytes: withTe('chunked  ', '5\r\nhello\r\n0\r\n\r\n') + NEXT },
  { name: 'TE: xchunked', bytes: withTe('xchunked', '5\r\nhello\r\n0\r\n\r\n') + NEXT },
  { name: 'TE: identity alone', bytes: withTe('identity', 'hello') + NEXT },
  { name: 'TE: gzip alone (no length: read to the end)', bytes: withTe('gzip', 'hello') },
  {
    name: 'TE: chunked with a space before the colon',
    bytes: `POST /framing HTTP/1.1\r\n${H}\r\nTransfer-Encoding : chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n${NEXT}`,
  },
  {
    name: 'TE: chunked on HTTP/1.0',
    bytes: `POST /framing HTTP/1.0\r\n${H}\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n${NEXT}`,
  },
  {
    name: 'CL and TE: chunked on HTTP/1.0',
    bytes: `POST /framing HTTP/1.0\r\n${H}\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n${NEXT}`,
  },
  {
    name: 'a body on a GET by Content-Length',
    bytes: `GET /framing HTTP/1.1\r\n${H}\r\nContent-Length: 5\r\n\r\nhello${NEXT}`,
  },
  { name: 'a Content-Length body not all sent yet', bytes: lengthPost('10', 'hello') },
]

const lineEndingVectors: FramingVector[] = [
  { name: 'bare LF line endings throughout', bytes: `GET /framing HTTP/1.1\n${H}\n\n${NEXT}` },
  { name: 'a bare LF after the request line', bytes: `GET /framing HTTP/1.1\n${H}\r\n\r\n${NEXT}` },
  { name: 'a bare LF ending the head', bytes: `GET /framing HTTP/1.1\r\n${H}\r\n\n${NEXT}` },
  { name: 'bare CR line endings', bytes: `GET /framing HTTP/1.1\r${H}\r\r${NEXT}` },
  { name: 'a bare CR inside a header value', bytes: `GET /framing HTTP/1.1\r\n${H}\r\nX-A: 1\r2\r\n\r\n${NEXT}` },
  { name: 'a NUL inside a header value', bytes: `GET /framing HTTP/1.1\r\n${H}\r\nX-A: 1\x002\r\n\r\n${NEXT}` },
  { name: 'a high byte inside a header value', bytes: `GET /framing HTTP/1.1\r\n${H}\r\nX-A: caf\xe9\r\n\r\n${NEXT}` },
  { name: 'a space before a header colon', bytes: `GET /framing HTTP/1.1\r\n${H}\r\nX-A : 1\r\n\r\n${NEXT}` },
  { name: 'a space inside a header name', bytes: `GET /framing HTTP/1.1\r\n${H}\r\nX A: 1\r\n\r\n${NEXT}` },
  { name: 'an empty header name', bytes: `GET /framing HTTP/1.1\r\n${H}\r\n: 1\r\n\r\n${NEXT}` },
  { name: 'a folded header (obs-fold)', bytes: `GET /framing HTTP/1.1\r\n${H}\r\nX-A: 1\r\n 2\r\n\r\n${NEXT}` },
  { name: 'a header line without a colon', bytes: `GET /framing HTTP/1.1\r\n${H}\r\nnot a field\r\n\r\n${NEXT}` },
  { name: 'an empty line before the request', bytes: `\r\nGET /framing HTTP/1.1\r\n${H}\r\n\r\n${NEXT}` },
  { name: 'several empty lines before the request', bytes: `\r\n\r\n\r\nGET /framing HTTP/1.1\r\n${H}\r\n\r\n${NEXT}` },
  { name: 'an empty line between pipelined requests', bytes: `GET /framing HTTP/1.1\r\n${H}\r\n\r\n\r\n${NEXT}` },
  { name: 'a tab-separated header value', bytes: `GET /framing HTTP/1.1\r\n${H}\r\nX-A:\t1\t\r\n\r\n${NEXT}` },
]

const requestLineVectors: FramingVector[] = [
  ['two spaces after the method', `GET  /framing HTTP/1.1`],
  ['two spaces before the version', `GET /framing  HTTP/1.1`],
  ['a trailing space after the version', `GET /framing HTTP/1.1 `],
  ['tabs as separators', `GET\t/framing\tHTTP/1.1`],
  ['a lower-case method', `get /framing HTTP/1.1`],
  ['an unknown method', `FROB /framing HTTP/1.1`],
  ['a method with a digit', `G3T /framing HTTP/1.1`],
  ['HTTP/1.2', `GET /framing HTTP/1.2`],
  ['HTTP/2.0', `GET /framing HTTP/2.0`],
  ['HTTP/0.9', `GET /framing HTTP/0.9`],
  ['no version', `GET /framing`],
  ['a lower-case protocol name', `GET /framing http/1.1`],
  ['an absolute-form target', `GET http://localhost/framing HTTP/1.1`],
  ['an asterisk target on OPTIONS', `OPTIONS * HTTP/1.1`],
  ['an asterisk target on GET', `GET * HTTP/1.1`],
  ['a space inside the target', `GET /fra ming HTTP/1.1`],
  ['a high byte in the target', `GET /fr\xe9ming HTTP/1.1`],
  ['a NUL in the target', `GET /fr\x00ming HTTP/1.1`],
  ['a fragment in the target', `GET /framing#part HTTP/1.1`],
  ['a query with odd bytes', `GET /framing?a=|b^c HTTP/1.1`],
  ['a target not starting with a slash', `GET framing HTTP/1.1`],
  ['a double-slash target', `GET //framing HTTP/1.1`],
].map(([what, line]) => ({ name: `request line: ${what}`, bytes: `${line}\r\n${H}\r\n\r\n${NEXT}` }))

const expectVectors: FramingVector[] = [
  {
    name: 'Expect: 100-continue on HTTP/1.0 with a body',
    bytes: `POST /framing HTTP/1.0\r\n${H}\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\nhello`,
  },
  {
    name: 'Expect: 100-continue on HTTP/1.0 without a body',
    bytes: `GET /framing HTTP/1.0\r\n${H}\r\nExpect: 100-continue\r\n\r\n`,
  },
  { name: 'Expect: something else on HTTP/1.0', bytes: `GET /framing HTTP/1.0\r\n${H}\r\nExpect: something\r\n\r\n` },
  {
    name: 'Expect: 100-continue on HTTP/1.1 with a body',
    bytes: lengthPost('5', 'hello', 'Expect: 100-continue\r\n') + NEXT,
  },
  {
    name: 'Expect: 100-Continue (case) on HTTP/1.1',
    bytes: lengthPost('5', 'hello', 'Expect: 100-Continue\r\n') + NEXT,
  },
  { name: 'Expect: something else on HTTP/1.1', bytes: lengthPost('5', 'hello', 'Expect: something\r\n') + NEXT },
  {
    name: 'Expect: 100-continue on a chunked body',
    bytes: withTe('chunked', '5\r\nhello\r\n0\r\n\r\n', 'Expect: 100-continue\r\n') + NEXT,
  },
]

const connectionVectors: FramingVector[] = [
  { name: 'two pipelined GETs', bytes: `GET /framing HTTP/1.1\r\n${H}\r\n\r\n${NEXT}` },
  { name: 'a GET and a POST pipelined', bytes: `GET /framing HTTP/1.1\r\n${H}\r\n\r\n${lengthPost('5', 'hello')}` },
  { name: 'HTTP/1.0 without keep-alive, then a request', bytes: `GET /framing HTTP/1.0\r\n${H}\r\n\r\n${NEXT}` },
  {
    name: 'HTTP/1.0 with keep-alive, then a request',
    bytes: `GET /framing HTTP/1.0\r\n${H}\r\nConnection: keep-alive\r\n\r\n${NEXT}`,
  },
  {
    name: 'Connection: close, then a request',
    bytes: `GET /framing HTTP/1.1\r\n${H}\r\nConnection: close\r\n\r\n${NEXT}`,
  },
  { name: 'no Host on HTTP/1.1', bytes: `GET /framing HTTP/1.1\r\n\r\n${NEXT}` },
  { name: 'two Host fields', bytes: `GET /framing HTTP/1.1\r\n${H}\r\n${H}\r\n\r\n${NEXT}` },
  { name: 'a Host with a port', bytes: `GET /framing HTTP/1.1\r\nHost: localhost:80\r\n\r\n${NEXT}` },
  { name: 'HEAD, then a request', bytes: `HEAD /framing HTTP/1.1\r\n${H}\r\n\r\n${NEXT}` },
  { name: 'garbage instead of HTTP', bytes: 'hello there\r\n\r\n' },
  { name: 'a request head not finished yet', bytes: `GET /framing HTTP/1.1\r\n${H}\r\n` },
]

export const FRAMING_VECTORS: FramingVector[] = [
  ...chunkExtensionVectors,
  ...chunkSizeVectors,
  ...trailerVectors,
  ...upgradeVectors,
  ...lengthVectors,
  ...lineEndingVectors,
  ...requestLineVectors,
  ...expectVectors,
  ...connectionVectors,
]
