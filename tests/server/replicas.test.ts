import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { createInterface } from 'node:readline'
import t, { type Test } from 'tap'
import { request } from 'undici'
import { DEMO_ACCOUNT } from '../../sandbox/fixtures.ts'
import { startSandbox } from '../../sandbox/index.ts'
import { SESSION_COOKIE } from '../../server/plugins/app/session.server.ts'
import { ROOT, SAME_ORIGIN, sessionKey } from '../support/root.ts'
import { plainTopology, requestLog, TEST_ENV } from './upstream/harness.ts'

/**
 * Two real BFF processes (`node server/server.ts`, as in the container) with one key ring serve
 * one user's session interchangeably; a process with another key ring does not open it.
 */

const SERVER = path.join(ROOT, 'server/server.ts')
const ENTRY = path.join(ROOT, 'dist/server/entry.mjs')
/** A hang guard: each start waits for the server's own "listening" line. */
const START_TIMEOUT_MS = 120_000
const RING = `${sessionKey(21)},${sessionKey(22)}`
const OTHER_RING = sessionKey(99)

/** server.ts needs Node 24 (type stripping); tap runs us under it, plain `node` may be older. */
function nodeBinary(): string {
  const major = Number(process.versions.node.split('.')[0])
  return major >= 24 ? process.execPath : path.join(ROOT, 'node_modules/.bin/node')
}

/** Runs a command, collecting its output for the failure message (never into the TAP stream). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed:\n${output.slice(-4000)}`)),
    )
  })
}

// The production server always loads the built pages (SSR_MODE=built); build them when missing.
if (!existsSync(ENTRY)) {
  t.setTimeout(300_000)
  await run('npx', ['vike', 'build'], {
    ...process.env,
    NODE_ENV: 'production',
    _TAPJS_PROCESSINFO_COVERAGE_: '0',
  })
}

interface Replica {
  name: string
  url: string
  child: ChildProcess
}

/** Starts `node server/server.ts` on a free loopback port and waits until it listens. */
async function startReplica(t: Test, name: string, env: Record<string, string>): Promise<Replica> {
  const child = spawn(nodeBinary(), [SERVER], {
    cwd: ROOT,
    // Nothing of the test runner's environment (REDIS_URL, SANDBOX, …) leaks into the replica.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      SSR_MODE: 'built',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      // tap's process tracking would measure the replica's coverage and then fail the run for the
      // files it sees only partly; the replicas are black boxes here.
      _TAPJS_PROCESSINFO_COVERAGE_: '0',
      // Shedding on event-loop lag has its own tests (overload, shedding); on a busy shared machine
      // it would answer these flows 503 (ADR 0068).
      SHED_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  t.teardown(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000)
    await exited
    clearTimeout(killer)
  })

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start in ${START_TIMEOUT_MS} ms:\n${stderr}`)),
      START_TIMEOUT_MS,
    )
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`${name} exited (${code ?? signal}) before listening:\n${stderr}`))
    })
    const lines = createInterface({ input: child.stdout! })
    lines.on('line', (line) => {
      let message = ''
      try {
        message = String((JSON.parse(line) as { msg?: unknown }).msg ?? '')
      } catch {
        return
      }
      const listening = /^Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(message)
      if (listening?.[1]) {
        clearTimeout(timer)
        resolve(listening[1])
      }
    })
  })
  return { name, url, child }
}

async function post(replica: Replica, urlPath: string, body: unknown, cookie?: string) {
  const response = await request(`${replica.url}${urlPath}`, {
    method: 'POST',
    headers: {
      ...SAME_ORIGIN,
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  })
  const text = await response.body.text()
  const setCookie = response.headers['set-cookie']
  const cookies = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]
  /** `__Host-session=<value>` as a browser would send it back, when the answer set one. */
  const session = cookies
    .find((line) => line.startsWith(`${SESSION_COOKIE}=`) && !/max-age=0/i.test(line))
    ?.split(';')[0]
  return {
    status: response.statusCode,
    headers: response.headers,
    json: JSON.parse(text) as { retCode: string; retMsg: string },
    cookies,
    session,
  }
}

const sandbox = await startSandbox()
t.teardown(() => sandbox.close())
const sg = sandbox.regions.sg.url
const upstreams = JSON.stringify(plainTopology(sandbox))
const common = {
  UPSTREAMS_JSON: upstreams,
  // Required in production (issue 46): the replicas' return addresses; no request here sends Origin.
  PUBLIC_ORIGIN: 'http://127.0.0.1',
  RATE_LIMIT_SIGN_IN: TEST_ENV.RATE_LIMIT_SIGN_IN ?? '1000/1m',
}

t.test('two replicas with one key ring serve one session interchangeably', async (t) => {
  const [a, b, other] = await Promise.all([
    startReplica(t, 'replica A', { ...common, SESSION_KEYS: RING }),
    startReplica(t, 'replica B', { ...common, SESSION_KEYS: RING }),
    startReplica(t, 'replica with another key ring', { ...common, SESSION_KEYS: OTHER_RING }),
  ])
  t.not(a.url, b.url, 'two processes on two ports')

  // The sign-in flow's steps (its rows are flow-only): the e-mail, then the password.
  const started = await post(a, '/auth/sign_in/flow/email', { email: DEMO_ACCOUNT.email })
  t.equal(started.json.retCode, '000000', JSON.stringify(started.json))
  const signedIn = await post(
    a,
    '/auth/sign_in/flow/password',
    { password: DEMO_ACCOUNT.password },
    started.session,
  )
  t.equal(signedIn.status, 200, JSON.stringify(signedIn.json))
  t.equal(signedIn.json.retCode, '000000', 'signed in through replica A')
  const cookie = signedIn.session
  if (!cookie) throw new Error('replica A set no session cookie')

  await fetch(`${sg}/__sandbox/requests`, { method: 'DELETE' })
  const onB = await post(b, '/api/tokens/getToken', {}, cookie)
  t.equal(onB.status, 200, JSON.stringify(onB.json))
  t.equal(onB.json.retCode, '000000', 'replica B opened the session sealed by A and used its token')
  const seen = (await requestLog(sg)).find((entry) => entry.url === '/tokens/getToken')
  t.match(seen?.auth, { valid: true, email: DEMO_ACCOUNT.email }, 'B sent the token A had sealed')

  // B sealed the refreshed token with the shared ring: A opens B's cookie just as well.
  const refreshed = onB.session
  t.ok(refreshed, 'replica B re-sealed the session')
  const backOnA = await post(a, '/api/tokens/getToken', {}, refreshed ?? cookie)
  t.equal(backOnA.status, 200, JSON.stringify(backOnA.json))
  t.equal(backOnA.json.retCode, '000000', 'replica A opened the cookie sealed by B')

  const elsewhere = await post(other, '/api/tokens/getToken', {}, cookie)
  t.equal(elsewhere.status, 401, 'a process with another key ring does not open the cookie')
  t.equal(elsewhere.json.retCode, '401')
  t.ok(
    elsewhere.cookies.some((line) => line.startsWith(`${SESSION_COOKIE}=`) && /max-age=0/i.test(line)),
    'and it clears the cookie it cannot open',
  )

  const signOut = await post(b, '/auth/sign_out', {}, refreshed ?? cookie)
  t.equal(signOut.status, 200, JSON.stringify(signOut.json))
  t.equal(signOut.json.retCode, '000000', 'signed out on replica B')
  t.equal(signOut.headers['clear-site-data'], '"cookies"')
  t.ok(
    signOut.cookies.some((line) => line.startsWith(`${SESSION_COOKIE}=`) && /max-age=0/i.test(line)),
    'the session cookie is expired',
  )
  t.notOk(signOut.session, 'no new session value is handed out')

  for (const replica of [a, b, other]) {
    t.equal(replica.child.exitCode, null, `${replica.name} is still running`)
  }
})
