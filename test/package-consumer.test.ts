// The package as a consumer gets it: `npm run build`'s output (tsc's declarations,
// scripts/bundle-cli.ts's and scripts/build-entries.ts's files; the build the tarball is packed from,
// test/package-setup.ts) behind the package.json "exports", with no TypeScript source and no custom
// condition. A consumer project imports each entry in Node and type-checks against the declarations
// (strict, without skipLibCheck).
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packed } from './package-apps.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const tsc = join(root, 'node_modules/typescript/bin/tsc')
let work: string
let consumer: string
let buildOutput: string

const CONSUMER_TS = `
import { setupServer } from 'msw/node'
import { createApp, scenarioNames } from 'analytics-mock'
import { createHandlers, type RequestBody, type ResponseBody, type Schema } from 'analytics-mock/msw'
import { setupMockServer } from 'analytics-mock/msw/node'
import { createMock, KEYS } from 'analytics-mock/testing'
import { verify } from 'analytics-mock/verify'

const mock = await createMock({ fixtures: 'empty-project', now: '2026-11-04T12:00:00Z' })
const server = setupServer(...mock.handlers)
server.listen({ onUnhandledRequest: 'error' })
const person = await mock.create.person({ properties: { email: 'ada@example.com' } })
const patch: RequestBody<'persons_partial_update'> = { properties: { plan: 'growth' } }
// @ts-expect-error: the contract's types reach the consumer, so a field the body does not have fails to compile
export const wrong: RequestBody<'persons_partial_update'> = { propertiez: {} }
await fetch(\`https://us.posthog.com/api/environments/1/persons/\${person.id}/\`, {
  method: 'PATCH',
  headers: { authorization: \`Bearer \${KEYS.all}\`, 'content-type': 'application/json' },
  body: JSON.stringify(patch),
})
const res = await fetch('https://us.posthog.com/api/environments/1/persons/', { headers: { authorization: \`Bearer \${KEYS.all}\` } })
const list = (await res.json()) as ResponseBody<'persons_list'>
const first: Schema<'Person'> = list.results[0]!
server.close()
const app = await createApp()
console.log(JSON.stringify({
  status: res.status,
  names: list.results.map((p) => p.name),
  plan: first.properties?.plan,
  calls: mock.calls('persons_partial_update').length,
  scenarios: scenarioNames().length,
  handlers: createHandlers(app).length,
  setupMockServer: typeof setupMockServer,
  verify: typeof verify,
}))
`

beforeAll(async () => {
  const built = await packed()
  buildOutput = built.buildOutput
  work = mkdtempSync(join(tmpdir(), 'analytics-mock-package-'))
  // The package: its package.json, its built dist/, its dependencies.
  const pkg = join(work, 'analytics-mock')
  mkdirSync(pkg)
  cpSync(join(built.staging, 'package.json'), join(pkg, 'package.json'))
  cpSync(join(built.staging, 'dist'), join(pkg, 'dist'), { recursive: true })
  symlinkSync(join(root, 'node_modules'), join(pkg, 'node_modules'))
  // The consumer: depends on the package and on msw.
  consumer = join(work, 'consumer')
  mkdirSync(join(consumer, 'node_modules'), { recursive: true })
  symlinkSync(pkg, join(consumer, 'node_modules/analytics-mock'))
  for (const dep of ['msw', '@types']) symlinkSync(join(root, 'node_modules', dep), join(consumer, 'node_modules', dep))
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ type: 'module' }))
  writeFileSync(join(consumer, 'app.ts'), CONSUMER_TS)
  writeFileSync(
    join(consumer, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        target: 'ES2022',
        strict: true,
        outDir: 'out',
        types: ['node'],
        lib: ['ES2023', 'DOM'],
      },
      files: ['app.ts'],
    }),
  )
}, 1_200_000)

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('the built package, from a consumer project', () => {
  it('type-checks the consumer against the declarations (a wrong body is refused) and runs it on the JavaScript', () => {
    expect(buildOutput, 'what npm run build printed').toBe('')
    const check = spawnSync(process.execPath, [tsc, '-p', join(consumer, 'tsconfig.json')], { encoding: 'utf8' })
    expect(check.stdout + check.stderr).toBe('')
    const run = spawnSync(process.execPath, [join(consumer, 'out/app.js')], { encoding: 'utf8', cwd: consumer })
    expect(run.stderr).toBe('')
    expect(JSON.parse(run.stdout)).toEqual({
      status: 200,
      names: ['ada@example.com'],
      plan: 'growth',
      calls: 1,
      scenarios: 4,
      handlers: 2,
      setupMockServer: 'function',
      verify: 'function',
    })
  }, 180_000) // two compilers' worth of work on a shared 2-core machine
})
