import { readFileSync } from 'node:fs'
import * as msw from 'msw'
import { describe, expect, it } from 'vitest'
import { MSW_RANGE, mswProblem } from './msw-version.ts'

describe('the msw peer range', () => {
  it('is the one package.json declares', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
    expect(pkg.peerDependencies.msw).toBe(MSW_RANGE)
    expect(pkg.dependencies.msw).toBeUndefined()
  })

  it('takes every msw from the floor up to the next major', () => {
    for (const version of ['2.2.3', '2.2.10', '2.3.0', '2.7.0', '2.15.0', '2.99.0', '2.3.0-ws.rc-12']) {
      expect(mswProblem(version, msw), version).toBeNull()
    }
  })

  it('refuses an msw outside it with one message naming the range and the version found', () => {
    for (const version of ['2.2.2', '2.0.0', '1.3.5', '0.49.3', '3.0.0', 'not-a-version']) {
      expect(mswProblem(version, msw)).toBe(
        `analytics-mock needs msw ${MSW_RANGE} (a peer dependency: your app's own msw), but found msw ${version}. Install one in that range: npm install --save-dev msw@${MSW_RANGE}`,
      )
    }
  })

  it('where the version cannot be read (a browser), refuses an msw without the 2.x API and takes one with it', () => {
    expect(mswProblem(undefined, msw)).toBeNull()
    expect(mswProblem(undefined, { rest: {} })).toMatch(
      /needs msw \^2\.\d+\.\d+ .* but found an msw without the 2\.x API/,
    )
    expect(mswProblem('2.5.0', { rest: {} })).toMatch(/but found msw 2\.5\.0/)
  })
})
