import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import t, { type Test } from 'tap'
import { DEMO_ACCOUNT } from '../../sandbox/fixtures.ts'
import { startSandbox } from '../../sandbox/index.ts'
import { plainTopology } from '../server/upstream/harness.ts'
import { ROOT, SAME_ORIGIN, sessionKey } from '../support/root.ts'

/**
 * No Docker engine here: the runtime image's file set, laid out by the script the Dockerfile runs
 * (build/runtime-files.ts), serves every page and the API from a directory of its own, as an
 * unprivileged user that cannot write to it (the image's read-only root filesystem), against an
 * upstream configured by UPSTREAMS_JSON. A file the server imports but the layout misses fails here.
 */

/** A hang guard: each start waits for the server's own "listening" line. */
const START_TIMEOUT_MS = 120_000
const NOBODY = '65534'

function nodeBinary(): string {
  const major = Number(process.versions.node.split('.')[0])
  return major >= 24 ? process.execPath : path.join(ROOT, 'node_modules/.bin/node')
}

// The layout copies the page build: build it when missing (as the image's build stage does).
if (!existsSync(path.join(ROOT, 'dist/server/entry.mjs'))) {
  t.setTimeout(780_000)
  const build = spawnSync('npx', ['vike', 'build'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', _TAPJS_PROCESSINFO_COVERAGE_: '0' },
    encoding: 'utf8',
  })
  if (build.status !== 0) throw new Error(`vike build failed:\n${build.stdout}${build.stderr}`)
}

/** The laid-out files of a directory, relative to it. */
function filesOf(dir: string): string[] {
  // mkdtemp makes the directory private to its owner; the image's /app is readable by everyone.
  chmodSync(dir, 0o755)
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
}

/**
 * Lays both targets out as the Dockerfile's build stage does (build/runtime-files.ts's `layOut`,
 * through tests/ops/lay-out-images.ts: one process, the demo trace reusing the runtime trace's
 * analysis), in a process of its own: under tap's coverage collection the trace runs several
 * times slower. Returns each target's directory and laid-out files.
 */
function layOutImages(t: Test): Record<'runtime' | 'demo', { dir: string; files: string[] }> {
  const runtime = mkdtempSync(path.join(tmpdir(), 'runtime-image-'))
  const demo = mkdtempSync(path.join(tmpdir(), 'runtime-image-demo-'))
  t.teardown(() => {
    for (const dir of [runtime, demo]) rmSync(dir, { recursive: true, force: true })
  })
  const { NODE_V8_COVERAGE: _coverage, ...env } = process.env
  const run = spawnSync(nodeBinary(), ['--no-warnings', 'tests/ops/lay-out-images.ts', runtime, demo], {
    cwd: ROOT,
    env: { ...env, _TAPJS_PROCESSINFO_COVERAGE_: '0' },
    encoding: 'utf8',
  })
  if (run.status !== 0) throw new Error(`lay-out-images.ts failed:\n${run.stdout}${run.stderr}`)
  return { runtime: { dir: runtime, files: filesOf(runtime) }, demo: { dir: demo, files: filesOf(demo) } }
}

const laidOut = layOutImages(t)
const { dir: image, files } = laidOut.runtime

/** As root, the server runs as nobody (setpriv, util-linux), like the image's USER 10001. */
function asUnprivileged(command: string[]): string[] {
  if (process.getuid?.() !== 0) return command
  return ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', ...command]
}

interface Started {
  child: ChildProcess
  url: Promise<string>
  exit: Promise<number | null>
  output: () => string
}

/** The image's command (the Dockerfile's CMD: Node, its flags, the entry point). */
const imageCommand = JSON.parse(
  /^CMD (\[.*\])$/m.exec(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'))?.[1] ?? '[]',
) as string[]

/** The image's command from the laid-out image, with nothing of the test runner's environment. */
function startServer(t: Test, env: Record<string, string>, cwd = image): Started {
  const [command, ...args] = asUnprivileged([nodeBinary(), ...imageCommand.slice(1)])
  const child = spawn(command as string, args, {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      METRICS_PORT: '0',
      LOG_FORMAT: 'json',
      SESSION_KEYS: sessionKey(31),
      // Required in production with real upstreams (issue 46); these requests send no Origin.
      PUBLIC_ORIGIN: 'http://127.0.0.1',
      // The laid-out server is a black box: tap's coverage tracking stays out of it.
      _TAPJS_PROCESSINFO_COVERAGE_: '0',
      // Shedding has its own tests (shedding, overload); on a busy machine (npm test runs tap
      // beside Playwright) the first renders' event-loop delay would answer these pages 503.
      SHED_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  t.teardown(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000)
    await exit
    clearTimeout(killer)
  })
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no start in ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    )
    void exit.then((code) => {
      clearTimeout(timer)
      reject(new Error(`the server exited (${code}) before listening:\n${output}`))
    })
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output += `${line}\n`
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)
      if (listening?.[1]) {
        clearTimeout(timer)
        resolve(listening[1])
      }
    })
  })
  url.catch(() => undefined)
  return { child, url, exit, output: () => output }
}

t.test('the file set: what the server runs, no sandbox, no build tools, no npm', async (t) => {
  t.ok(files.includes('server/server.ts'), 'the server')
  t.ok(files.includes('dist/server/entry.mjs'), 'the page build')
  t.ok(files.includes('package.json'), 'package.json (type: module)')
  t.ok(
    files.some((file) => file.startsWith('node_modules/fastify/')),
    'its dependencies',
  )
  for (const absent of ['sandbox/', 'node_modules/vite/', 'node_modules/tsx/', 'node_modules/npm/', 'tests/'])
    t.notOk(
      files.some((file) => file.startsWith(absent)),
      `${absent} is not in the runtime image`,
    )
  t.notOk(existsSync(path.join(image, 'sandbox')), 'no sandbox/ laid out')
})

t.test(
  'as an unprivileged user, against a configured upstream, it serves every page and the API',
  async (t) => {
    if (process.getuid?.() !== 0) t.comment('not root: the server runs as this user (already unprivileged)')
    const sandbox = await startSandbox()
    t.teardown(() => sandbox.close())
    const server = startServer(t, {
      SANDBOX: 'off',
      UPSTREAMS_JSON: JSON.stringify(plainTopology(sandbox)),
      RATE_LIMIT_SIGN_IN: '1000/1m',
    })
    const url = await server.url
    const expected: Array<[string, number]> = [
      ['/', 200],
      ['/auth/sign_in', 200],
      ['/auth/sign_up', 200],
      ['/auth/reset', 200],
      ['/auth/demo', 200],
      ['/auth/external', 200],
      ['/auth/no-such-page', 404],
    ]
    for (const [page, status] of expected) {
      const response = await fetch(`${url}${page}`, { redirect: 'manual' })
      const body = await response.text()
      t.equal(response.status, status, `GET ${page} answers ${status}`)
      if (status === 200) t.match(body, /^<!DOCTYPE html>/i, `${page} is a rendered page`)
    }
    const chinese = await (await fetch(`${url}/auth/sign_in?language=zh`)).text()
    t.match(chinese, /<html[^>]* lang="zh/, 'the Chinese page: its resources are in the file set')
    t.match(chinese, /[\u4e00-\u9fff]/, 'Chinese text')
    const asset = /\/auth\/_next\/assets\/[^"]+\.js/.exec(
      await (await fetch(`${url}/auth/sign_in`)).text(),
    )?.[0]
    t.ok(asset, 'the page links its script')
    t.equal((await fetch(`${url}${asset}`)).status, 200, 'the built assets are served')

    // The sign-in flow's steps (its rows are flow-only): the e-mail, then the password.
    const started = await fetch(`${url}/auth/sign_in/flow/email`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNT.email }),
    })
    const cookie = started.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ')
    const signIn = await fetch(`${url}/auth/sign_in/flow/password`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json', cookie },
      body: JSON.stringify({ password: DEMO_ACCOUNT.password }),
    })
    const answer = (await signIn.json()) as { retCode: string }
    t.equal(signIn.status, 200)
    t.equal(answer.retCode, '000000', 'signed in through the upstream')
  },
)

t.test('SANDBOX=on is refused with a message naming the demo target', async (t) => {
  const server = startServer(t, { SANDBOX: 'on' })
  t.equal(await server.exit, 1, 'exits with an error')
  t.match(server.output(), /no embedded sandbox.*--target demo/s)
})

t.test('a runtime import missing from the file set stops the server (the check can fail)', async (t) => {
  rmSync(path.join(image, 'node_modules/close-with-grace'), { recursive: true, force: true })
  const server = startServer(t, { SANDBOX: 'off', UPSTREAMS_JSON: '{}' })
  t.not(await server.exit, 0, 'exits with an error')
  t.match(server.output(), /close-with-grace/)
})

t.test('the demo target: the same set plus the sandbox, which answers with SANDBOX=on', async (t) => {
  const { dir: demo, files: demoFiles } = laidOut.demo
  t.ok(demoFiles.includes('sandbox/index.ts'), 'the sandbox ships in the demo target')
  const inDemo = new Set(demoFiles)
  t.same(
    files.filter((file) => !inDemo.has(file)),
    [],
    'everything of the runtime set is in the demo set',
  )
  const server = startServer(t, { SANDBOX: 'on' }, demo)
  const url = await server.url
  for (const page of ['/auth/sign_in', '/auth/demo'])
    t.equal((await fetch(`${url}${page}`)).status, 200, `GET ${page} on the sandbox`)
})
