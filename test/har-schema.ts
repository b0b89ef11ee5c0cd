// A JSON Schema of HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), written from the spec: the
// fields it requires, their types, and sizes and timings as numbers where -1 means "not known". Tests
// check the journal's HAR export against it (ajv), as a HAR viewer would read the file.
import { Ajv } from 'ajv'
import ajvFormats from 'ajv-formats'

const addFormats = ((ajvFormats as any).default ?? ajvFormats) as (ajv: Ajv) => void

const nameValue = {
  type: 'object',
  required: ['name', 'value'],
  properties: { name: { type: 'string' }, value: { type: 'string' }, comment: { type: 'string' } },
}
const list = (items: object) => ({ type: 'array', items })
const size = { type: 'integer', minimum: -1 }
const timing = { type: 'number', minimum: -1 }
const cookie = {
  type: 'object',
  required: ['name', 'value'],
  properties: {
    name: { type: 'string' },
    value: { type: 'string' },
    path: { type: 'string' },
    domain: { type: 'string' },
    expires: { type: ['string', 'null'] },
    httpOnly: { type: 'boolean' },
    secure: { type: 'boolean' },
  },
}

export const HAR_SCHEMA = {
  type: 'object',
  required: ['log'],
  properties: {
    log: {
      type: 'object',
      required: ['version', 'creator', 'entries'],
      properties: {
        version: { type: 'string', enum: ['1.1', '1.2'] },
        creator: {
          type: 'object',
          required: ['name', 'version'],
          properties: { name: { type: 'string' }, version: { type: 'string' }, comment: { type: 'string' } },
        },
        browser: { type: 'object', required: ['name', 'version'] },
        pages: list({
          type: 'object',
          required: ['startedDateTime', 'id', 'title', 'pageTimings'],
          properties: {
            startedDateTime: { type: 'string', format: 'date-time' },
            id: { type: 'string' },
            title: { type: 'string' },
            pageTimings: { type: 'object', properties: { onContentLoad: timing, onLoad: timing } },
          },
        }),
        entries: list({
          type: 'object',
          required: ['startedDateTime', 'time', 'request', 'response', 'cache', 'timings'],
          properties: {
            pageref: { type: 'string' },
            startedDateTime: { type: 'string', format: 'date-time' },
            time: { type: 'number', minimum: 0 },
            request: {
              type: 'object',
              required: [
                'method',
                'url',
                'httpVersion',
                'cookies',
                'headers',
                'queryString',
                'headersSize',
                'bodySize',
              ],
              properties: {
                method: { type: 'string' },
                url: { type: 'string', format: 'uri' },
                httpVersion: { type: 'string' },
                cookies: list(cookie),
                headers: list(nameValue),
                queryString: list(nameValue),
                postData: {
                  type: 'object',
                  required: ['mimeType'],
                  properties: {
                    mimeType: { type: 'string' },
                    text: { type: 'string' },
                    params: list({
                      type: 'object',
                      required: ['name'],
                      properties: {
                        name: { type: 'string' },
                        value: { type: 'string' },
                        fileName: { type: 'string' },
                        contentType: { type: 'string' },
                      },
                    }),
                  },
                },
                headersSize: size,
                bodySize: size,
              },
            },
            response: {
              type: 'object',
              required: [
                'status',
                'statusText',
                'httpVersion',
                'cookies',
                'headers',
                'content',
                'redirectURL',
                'headersSize',
                'bodySize',
              ],
              properties: {
                status: { type: 'integer' },
                statusText: { type: 'string' },
                httpVersion: { type: 'string' },
                cookies: list(cookie),
                headers: list(nameValue),
                content: {
                  type: 'object',
                  required: ['size', 'mimeType'],
                  properties: {
                    size: { type: 'integer' },
                    compression: { type: 'integer' },
                    mimeType: { type: 'string' },
                    text: { type: 'string' },
                    encoding: { type: 'string' },
                  },
                },
                redirectURL: { type: 'string' },
                headersSize: size,
                bodySize: size,
              },
            },
            cache: { type: 'object' },
            timings: {
              type: 'object',
              required: ['send', 'wait', 'receive'],
              properties: {
                blocked: timing,
                dns: timing,
                connect: timing,
                send: { type: 'number', minimum: 0 },
                wait: { type: 'number', minimum: 0 },
                receive: { type: 'number', minimum: 0 },
                ssl: timing,
              },
            },
            serverIPAddress: { type: 'string' },
            connection: { type: 'string' },
            comment: { type: 'string' },
          },
        }),
        comment: { type: 'string' },
      },
    },
  },
}

/** The HAR 1.2 problems in `har` (an empty list: it is one). */
export function harProblems(har: unknown): string[] {
  const ajv = new Ajv({ allErrors: true, strict: false })
  addFormats(ajv)
  const validate = ajv.compile(HAR_SCHEMA)
  return validate(har) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`)
}
