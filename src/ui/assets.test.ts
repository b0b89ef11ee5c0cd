import { describe, expect, it } from 'vitest'
import { isUiPath, UI_HEADERS, UiFiles } from './assets.ts'

const files = new UiFiles()

describe("the dashboard's files", () => {
  it('are the page, its script and its style, with their types', () => {
    for (const [path, type] of [
      ['/_mock/ui', 'text/html; charset=utf-8'],
      ['/_mock/ui/', 'text/html; charset=utf-8'],
      ['/_mock/ui/dashboard.js', 'text/javascript; charset=utf-8'],
      ['/_mock/ui/dashboard.css', 'text/css; charset=utf-8'],
    ]) {
      const answer = files.answer('GET', path!)
      expect(answer.status, path).toBe(200)
      expect(answer.headers['content-type'], path).toBe(type)
      expect(answer.body.length, path).toBeGreaterThan(500)
    }
    expect(files.answer('GET', '/_mock/ui').body).toContain(
      '<script type="module" src="/_mock/ui/dashboard.js"></script>',
    )
    expect(files.answer('HEAD', '/_mock/ui').status).toBe(200)
  })

  it('forbid inline code, other origins, framing and sniffing, on every answer', () => {
    const csp = UI_HEADERS['content-security-policy']!
    for (const directive of [
      "default-src 'none'",
      "script-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "form-action 'none'",
    ])
      expect(csp).toContain(directive)
    for (const answer of [
      files.answer('GET', '/_mock/ui'),
      files.answer('GET', '/_mock/ui/nope'),
      files.answer('POST', '/_mock/ui'),
    ]) {
      expect(answer.headers).toMatchObject({
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
      })
    }
  })

  it('hold no inline script or style and load nothing from elsewhere, so the policy above holds them', () => {
    const html = files.answer('GET', '/_mock/ui').body
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    expect(html).not.toMatch(/\sstyle=|\son[a-z]+=/i)
    const js = files.answer('GET', '/_mock/ui/dashboard.js').body
    expect(js).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/)
    for (const text of [html, js, files.answer('GET', '/_mock/ui/dashboard.css').body])
      expect(text).not.toMatch(/(src|href|url)\s*[=(]\s*["']?(https?:)?\/\//)
  })

  it('answer anything else under /_mock/ui in the error shape: 404 for another name, 405 for another method', () => {
    const missing = files.answer('GET', '/_mock/ui/secrets.txt')
    expect(missing.status).toBe(404)
    expect(JSON.parse(missing.body)).toMatchObject({ type: 'invalid_request', code: 'not_found' })
    const post = files.answer('POST', '/_mock/ui')
    expect(post.status).toBe(405)
    expect(post.headers.allow).toBe('GET, HEAD')
  })

  it('are what sits under /_mock/ui, and nothing beside it', () => {
    expect(['/_mock/ui', '/_mock/ui/', '/_mock/ui/dashboard.js'].map(isUiPath)).toEqual([true, true, true])
    expect(['/_mock/uix', '/_mock/journal', '/ui'].map(isUiPath)).toEqual([false, false, false])
  })
})
