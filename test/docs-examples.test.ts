// Every code block of README.md and docs/*.md is run or checked against the code, so the pages stay true:
//   sh      run in bash against this checkout's CLI (a server is started when the block starts none; port
//           8010 becomes a free port; a curl that gets an HTTP error fails the block), unless it is made
//           of npm commands only (the scripts must exist) or aims at a real deployment (the
//           `analytics-mock verify` command lines are parsed in-process);
//           (the `analytics-mock verify|record|drift` command lines are parsed in-process);
//   yaml    the `analytics-mock verify` command lines in it are parsed in-process;
//   console a transcript: its `$` commands run in bash against this checkout's CLI, and every output line
//           shown appears in what they print, in order (`...` stands for lines left out; `$ echo $?` the
//           exit code);
//   ts      type-checked together; those that run in Node are run;
//   text    the checks listed in SAMPLES (the banner, the architecture tree) or a stated reason;
// A block none of these fits fails the suite until it is given a check or a reason in NOT_RUN.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseCommandLine } from '../src/cli/options.ts'
import { DRIFT_OPTIONS } from '../src/drift/cli.ts'
import { RECORD_OPTIONS } from '../src/record/cli.ts'
import { optionsFromArgs } from '../src/verify/cli.ts'
import { fencedBlocks, type Fenced } from './markdown.ts'
import { freePort } from './support.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const PAGES = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
]
const BLOCKS = PAGES.flatMap((page) => fencedBlocks(page))
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }

/** Blocks that cannot run, each with the reason (matched by page and first line). */
const NOT_RUN: Array<{ page: string; first: RegExp; why: string }> = [
  { page: 'docs/api.md', first: /^\[\{"type": "message"/, why: 'a sample of the insight tool answer, with elisions' },
  {
    page: 'docs/performance.md',
    first: /^analytics-mock benchmarks:/,
    why: 'the output of `npm run bench` on one machine',
  },
  {
    page: 'docs/msw.md',
    first: /^npm install --save-dev analytics-mock msw$/,
    why: 'the install test does this with the packed tarball',
  },
  {
    page: 'docs/jest.md',
    first: /^npm install --save-dev analytics-mock msw jest$/,
    why: 'test/package-jest.test.ts installs the packed tarball into Jest apps',
  },
  {
    page: 'docs/jest.md',
    first: /^\/\/ persons\.test\.js$/,
    why: 'a Jest suite: test/package-jest.test.ts runs it in Jest 29 and 30 apps, node and jsdom',
  },
  {
    page: 'docs/jest.md',
    first: /^\{ "jest": \{ "testEnvironment": "jest-fixed-jsdom" \} \}$/,
    why: 'test/package-jest.test.ts runs the suites in jest-fixed-jsdom',
  },
  {
    page: 'docs/record.md',
    first: /^\$ npx analytics-mock serve --port 8010/,
    why: 'the fakes are new on every run (a fresh salt); test/record-replay.test.ts runs the same record command against a served mock',
  },
  {
    page: 'docs/record.md',
    first:
      /^\$ ANALYTICS_MOCK_API_KEY=phx_\.\.\. npx analytics-mock record --base-url https:\/\/us\.posthog\.com .*--salt-file/,
    why: 'the real service, interrupted by hand: test/record-resume.test.ts kills the same command halfway and runs it again',
  },
  {
    page: 'docs/verify.md',
    first: /^checks: 10\/174, ETA/,
    why: 'progress of a run against the real limits: src/verify/cli.test.ts shows the same lines against a mock with scaled budgets',
  },
  {
    page: 'docs/drift.md',
    first: /^npx analytics-mock drift --schema \.\.\/shared\/research\/real-schema\//,
    why: 'the stored schema lies beside the checkout, not in it: test/drift-real-schema.test.ts runs the same comparison wherever it is',
  },
  {
    page: 'docs/drift.md',
    first: /^\$ npx analytics-mock drift --schema changed\.yaml/,
    why: 'an altered copy of the fixture: src/drift/drift.test.ts alters copies the same way and checks the report',
  },
]

type Plan =
  | { kind: 'shell' }
  | { kind: 'npm' }
  | { kind: 'command-args' }
  | { kind: 'transcript' }
  | { kind: 'ts'; run: boolean; why?: string }
  | { kind: 'banner' }
  | { kind: 'tree' }
  | { kind: 'not run'; why: string }
  | { kind: 'unknown' }

const firstLine = (b: Fenced) => b.code.split('\n')[0]!
/** The commands of a shell block: `\`-continued lines joined, comments and blank lines dropped. */
const commands = (code: string) =>
  code
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => withoutComment(line).trim())
    .filter(Boolean)

/** A line without its trailing `# comment` (a `#` outside quotes, after a space). */
function withoutComment(line: string): string {
  let quote = ''
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!
    if (quote) {
      if (c === quote) quote = ''
    } else if (c === "'" || c === '"') quote = c
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) return line.slice(0, i)
  }
  return line
}

function plan(b: Fenced): Plan {
  const reason = NOT_RUN.find((n) => n.page === b.page && n.first.test(firstLine(b)))
  if (reason) return { kind: 'not run', why: reason.why }
  switch (b.lang) {
    case 'sh':
      if (/https:\/\//.test(b.code)) return { kind: 'command-args' }
      if (commands(b.code).every((c) => /^npm (run |test$|ci$|start$)/.test(c) && !/^npm start$/.test(c)))
        return { kind: 'npm' }
      if (b.page === 'README.md' && b.section === 'Set up') return { kind: 'npm' }
      return { kind: 'shell' }
    case 'yaml':
      return { kind: 'command-args' }
    case 'console':
      return { kind: 'transcript' }
    case 'ts':
      if (/from '(analytics-mock\/)?msw\/browser'|import\('analytics-mock\/msw\/browser'\)/.test(b.code))
        return { kind: 'ts', run: false, why: 'runs in a browser (test/browser/ runs the worker)' }
      if (b.page === 'README.md' && b.section === 'In frontend tests (msw)') {
        return {
          kind: 'ts',
          run: false,
          why: 'a vitest suite: examples/readme.test.ts runs it, test/package-install.test.ts in a fresh app',
        }
      }
      if (/fixtures: '\.\/recorded\.json'/.test(b.code)) {
        return {
          kind: 'ts',
          run: false,
          why: 'needs a recorded file: test/record-replay.test.ts records one and loads it in createMock and the server',
        }
      }
      return { kind: 'ts', run: true }
    case 'text':
      if (/^analytics-mock \S+ listening on /.test(firstLine(b))) return { kind: 'banner' }
      if (b.page === 'docs/architecture.md') return { kind: 'tree' }
      return { kind: 'unknown' }
    default:
      return { kind: 'unknown' }
  }
}

const planned = BLOCKS.map((b) => ({ block: b, plan: plan(b), name: `${b.page}:${b.line} (${b.lang})` }))
const byKind = <K extends Plan['kind']>(kind: K) =>
  planned.filter((p): p is { block: Fenced; plan: Extract<Plan, { kind: K }>; name: string } => p.plan.kind === kind)

let work: string
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'analytics-mock-docs-'))
})
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('the docs examples', () => {
  it('every code block is run or checked, or says why it cannot be', () => {
    expect(BLOCKS.length).toBeGreaterThan(15)
    expect(planned.filter((p) => p.plan.kind === 'unknown').map((p) => p.name)).toEqual([])
    for (const n of NOT_RUN)
      expect(
        BLOCKS.some((b) => b.page === n.page && n.first.test(firstLine(b))),
        `NOT_RUN entry ${n.page} ${n.first}`,
      ).toBe(true)
  })
})

// ---------------------------------------------------------------------------------------------- shell

const PRELUDE = (port: number) => `set -euo pipefail
ROOT=${JSON.stringify(root)}
analytics-mock() { node "$ROOT/bin/analytics-mock.js" "$@"; }
npx() { if [ "\${1:-}" = analytics-mock ]; then shift; analytics-mock "$@"; else command npx --no-install "$@"; fi; }
npm() { if [ "\${1:-}" = start ]; then analytics-mock serve; else command npm "$@"; fi; }
# A curl that gets an HTTP error fails the block (unless the block chose its own --fail).
curl() { case " $* " in *" -f"*|*" -sf"*|*" --fail"*) command curl "$@" ;; *) command curl --fail-with-body -sS --max-time 30 "$@" ;; esac; }
up() {
  for _ in $(seq 1 600); do command curl -s -o /dev/null "http://127.0.0.1:${port}/_mock/health" && return 0; sleep 0.1; done
  echo "no server on port ${port}" >&2; return 1
}
`

const SERVE = /^(?:[A-Z_]+=\S+\s+)*(?:npm start|(?:npx )?analytics-mock serve)\b(?!.*--help)/

/** The block as a script: port 8010 is `port`, a server it starts goes to the background and is waited for. */
function script(code: string, port: number): string {
  const lines = code.replace(/(:|--port )8010\b/g, `$1${port}`).split('\n')
  const out: string[] = []
  let startsServer = false
  for (const line of lines) {
    const command = withoutComment(line).trimEnd()
    if (SERVE.test(command.trim())) {
      startsServer = true
      out.push(command.endsWith('&') ? command : `${command} &`, 'up')
    } else out.push(line)
  }
  return PRELUDE(port) + (startsServer ? '' : 'analytics-mock serve > serve.log &\nup\n') + out.join('\n') + '\n'
}

/** Runs a script in its own process group, which is killed afterwards (servers it left in the background). */
function runScript(text: string, cwd: string, port: number): Promise<{ code: number | null; output: string }> {
  const file = join(cwd, 'example.sh')
  writeFileSync(file, text)
  return new Promise((resolve) => {
    const child = spawn('bash', [file], {
      cwd,
      detached: true,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NO_COLOR: '1' },
    })
    let output = ''
    child.stdout.on('data', (c: Buffer) => (output += c.toString()))
    child.stderr.on('data', (c: Buffer) => (output += c.toString()))
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 150_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {
        // the group is already gone
      }
      resolve({ code, output })
    })
  })
}

const hasCurl = spawnSync('curl', ['--version']).status === 0

describe.skipIf(!hasCurl)('shell examples, run against the CLI', () => {
  it.each(byKind('shell').map((p) => [p.name, p.block] as const))(
    '%s',
    async (_, block) => {
      const port = await freePort()
      const cwd = join(work, `sh-${block.page.replace(/\W/g, '-')}-${block.line}`)
      mkdirSync(cwd, { recursive: true })
      const { code, output } = await runScript(script(block.code, port), cwd, port)
      expect(code, output).toBe(0)
    },
    180_000,
  )
})

describe.skipIf(!hasCurl)('transcripts, run against the CLI', () => {
  it.each(byKind('transcript').map((p) => [p.name, p.block] as const))(
    '%s prints what it shows',
    async (_, block) => {
      const port = await freePort()
      const cwd = join(work, `console-${block.page.replace(/\W/g, '-')}-${block.line}`)
      mkdirSync(cwd, { recursive: true })
      // Each `$` command runs in turn; what it prints is framed by markers, so each is compared with its own output.
      const steps: Array<{ command: string; shown: string[] }> = []
      for (const line of block.code.split('\n')) {
        if (line.startsWith('$ ')) steps.push({ command: line.slice(2), shown: [] })
        else if (steps.length) steps.at(-1)!.shown.push(line)
      }
      const body = steps
        .map((s, i) => `echo "@@step ${i}"\n${s.command.replace(/\$\?/g, '$status')}\nstatus=$?`)
        .join('\n')
      const { output } = await runScript(
        `${PRELUDE(port).replace('set -euo pipefail', 'set -uo pipefail')}ln -s ${JSON.stringify(join(root, 'test'))} test\nstatus=0\n${body}\n`,
        cwd,
        port,
      )
      const printed = output.split(/^@@step \d+\n/m).slice(1)
      expect(printed.length, output).toBe(steps.length)
      steps.forEach((step, i) => {
        const lines = printed[i]!.split('\n')
        let at = 0
        for (const shown of step.shown.filter((l) => l !== '')) {
          if (shown === '...') continue
          const found = lines.indexOf(shown, at)
          expect(
            found,
            `${step.command}\nexpected, in order: ${shown}\nprinted:\n${printed[i]}`,
          ).toBeGreaterThanOrEqual(0)
          at = found + 1
        }
      })
    },
    180_000,
  )
})

// ------------------------------------------------------------------------------ npm, verify, tree

describe('npm commands and command lines that cannot run here', () => {
  it.each(byKind('npm').map((p) => [p.name, p.block] as const))('%s: the npm scripts exist', (_, block) => {
    for (const command of commands(block.code)) {
      const script = /^npm (?:run (\S+)|(start|test)\b)/.exec(command)
      if (!script) continue
      expect(Object.keys(pkg.scripts), command).toContain(script[1] ?? script[2])
    }
  })

  it.each(byKind('command-args').map((p) => [p.name, p.block] as const))(
    '%s: its analytics-mock command lines parse',
    (_, block) => {
      const lines = commands(block.code).filter((c) => /analytics-mock (verify|record|drift)\b/.test(c))
      expect(lines.length).toBeGreaterThan(0)
      for (const line of lines) {
        const words = shellWords(line.replace(/^.*?\brun: /, '').replace(/\$\{\{[^}]*\}\}/g, '12345'))
        const at = words.findIndex((w) => ['verify', 'record', 'drift'].includes(w))
        const args = words.slice(at + 1)
        if (words[at] === 'record') expect(() => parseCommandLine(args, RECORD_OPTIONS), line).not.toThrow()
        else if (words[at] === 'drift') expect(() => parseCommandLine(args, DRIFT_OPTIONS), line).not.toThrow()
        else {
          const env = Object.fromEntries(
            words
              .slice(0, words.indexOf('npx') === -1 ? at : words.indexOf('npx'))
              .map((w) => w.split('=', 2) as [string, string]),
          )
          if (/ANALYTICS_MOCK_API_KEY/.test(block.code)) env.ANALYTICS_MOCK_API_KEY ??= 'phx_placeholder'
          expect(() => optionsFromArgs(args, env), line).not.toThrow()
        }
      }
    },
  )

  it.each(byKind('tree').map((p) => [p.name, p.block] as const))('%s: every path named exists', (_, block) => {
    for (const line of block.code.split('\n')) {
      if (!line || /^\s/.test(line)) continue
      for (const path of line.split(/\s{2,}/)[0]!.split(', ')) {
        const [dir, pattern] = path.includes('*')
          ? [path.slice(0, path.lastIndexOf('/') + 1), path.slice(path.lastIndexOf('/') + 1)]
          : [path, null]
        if (pattern === null) expect(existsSync(join(root, dir)), path).toBe(true)
        else {
          const re = new RegExp(`^${pattern.replace(/\./g, '\\.').replace(/\*/g, '.*')}$`)
          expect(
            readdirSync(join(root, dir)).some((f) => re.test(f)),
            path,
          ).toBe(true)
        }
      }
    }
  })
})

/** Words of a command line, quotes removed (enough for the pages' examples). */
function shellWords(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!)
}

// ---------------------------------------------------------------------------------------- banner

describe('the banner shown in docs/server.md', () => {
  it.each(byKind('banner').map((p) => [p.name, p.block] as const))(
    '%s is what serve prints on the default data',
    async (_, block) => {
      const port = await freePort()
      const cwd = join(work, `banner-${block.line}`)
      mkdirSync(cwd, { recursive: true })
      const { code, output } = await runScript(`${PRELUDE(port)}analytics-mock serve --port ${port} &\nup\n`, cwd, port)
      expect(code, output).toBe(0)
      const shown = block.code
        .trimEnd()
        .replaceAll('http://127.0.0.1:8010', `http://127.0.0.1:${port}`)
        .replaceAll('/path/to/analytics-mock/', root)
      expect(output.slice(output.indexOf('analytics-mock ')).trimEnd()).toBe(shown)
    },
    60_000,
  )
})

// -------------------------------------------------------------------------------------- TypeScript

describe('TypeScript examples', () => {
  const examples = byKind('ts').map((p) => ({ ...p, file: `${p.block.page.replace(/\W/g, '-')}-${p.block.line}.ts` }))
  const dir = join(root, 'tmp/docs-examples')

  beforeAll(() => {
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    for (const e of examples) writeFileSync(join(dir, e.file), `${e.block.code}\nexport {}\n`)
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: '../../tsconfig.json', include: ['*.ts'] }))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('type-check against the package', () => {
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], {
      encoding: 'utf8',
    })
    expect(tsc.stdout + tsc.stderr).toBe('')
  }, 120_000)

  it.each(examples.filter((e) => e.plan.run).map((e) => [e.name, e.file] as const))(
    '%s runs',
    async (_, file) => {
      const printed: string[] = []
      const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')))
      try {
        await import(/* @vite-ignore */ pathToFileURL(join(dir, file)).href)
      } finally {
        log.mockRestore()
      }
      // A verify report it printed must be all green.
      for (const summary of printed.join('\n').matchAll(/\d+ passed, (\d+) failed/g))
        expect(summary[0]).toMatch(/, 0 failed/)
    },
    120_000,
  )
})
