/**
 * A production process of the BFF (built pages) for `npm run bench` / `npm run load`, with the
 * sandbox upstream in a second process (tests/bench/sandbox-process.ts) as upstreams are in
 * production; `BENCH_SANDBOX=embedded` measures the one-process `npm start` instead.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { US_ACCOUNT } from '../../sandbox/index.ts'

/** The host the load's `ten` calls name; the bench's sandbox gives ten this host (sandbox-process.ts). */
export const TEN_HOST = 'ten.localhost'
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
/** A pod's resident memory after the load, in MB (issue 19 point 4; issue 8's was 200). */
export const RSS_TARGET_MB = 250

/**
 * The environment of a measured process: this one's without Node's compile cache. The tests use the
 * cache (scripts/test-lib.sh) and a developer's shell may export it; production never does (the
 * image, `npm start`), and code loaded from it ran the `/api` call ≈ 11 % more instructions per call
 * once warm (`npm run bench:instructions`, 2026-11-28: 497–531 k without, 572–589 k with; ADR 0118).
 */
export function deployedEnv(): NodeJS.ProcessEnv {
  const { NODE_COMPILE_CACHE: _compileCache, ...env } = process.env
  return env
}

/**
 * Node's flags as the Helm chart gives every process of a pod (the container's args, values heapMb
 * and semiSpaceMb, ADR 0059/0082/0105/0120), for the BFF and the pass-through it is compared with
 * alike (ADR 0119): the young generation's size alone moved the pass-through's CPU per call ≈ 20 %.
 * `BENCH_NODE_FLAGS=--allocation-site-pretenuring` turns pretenuring back on (the later flag wins).
 */
export function deployedNodeFlags(): string[] {
  // The heap cap the Helm chart gives a pod (values heapMb, ADR 0059): RSS is measured as deployed.
  const heapMb = process.env.BENCH_HEAP_MB ?? '256'
  const semiSpaceMb = process.env.BENCH_SEMI_SPACE_MB ?? '8'
  return [
    `--max-old-space-size=${heapMb}`,
    // As the chart runs it (ADR 0105): the young generation never starts at V8's 1 MiB.
    `--min-semi-space-size=${Math.min(2, Number(semiSpaceMb))}`,
    `--max-semi-space-size=${semiSpaceMb}`,
    // As the image and the chart run it (ADR 0120).
    '--no-allocation-site-pretenuring',
    // Extra V8/Node flags to try memory settings against the same load (e.g. semi-space size).
    ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
  ]
}

/** glibc's arenas as the chart and the image set them (ADR 0082). */
export const DEPLOYED_MALLOC_ARENA_MAX = process.env.MALLOC_ARENA_MAX ?? '2'

export interface BenchServer {
  child: ChildProcess
  base: string
  /** Where the sandbox runs: its own process (how production looks) or inside the BFF. */
  sandbox: 'separate' | 'embedded'
  /** Resident memory of the sandbox process, when it is one (MiB). */
  sandboxRssMb: () => number
  /** A sandbox region server: sg on the first port, us on the next, ten three past sg. */
  sandboxBase: (region: 'sg' | 'us' | 'ten') => string
  /** Requests the BFF shed with 503 so far, by reason (its `load_shed_total`, ADR 0068). */
  shedByReason: () => Promise<Record<string, number>>
  /** The BFF's Prometheus metrics as text, from its metrics port. */
  metricsText: () => Promise<string>
  /** CPU time the sandbox process has used so far (ms); 0 when it runs inside the BFF. */
  sandboxCpuMs: () => number
  /** Milliseconds from spawn until /healthz answered 200 (serving). */
  startupMs: number
  /** Milliseconds from spawn until /readyz answered 200: the renderer warmed (ADR 0114). */
  readyMs: number
  rssMb: () => number
  /** CPU time the BFF process has used so far (user + system, ms), from /proc (Linux). */
  cpuMs: () => number
  stop: () => Promise<void>
}

/** Starts the sandbox process and answers its topology once it listens. */
async function startSandboxProcess(sandboxPort: number, linkOrigin: string) {
  const child = spawn(process.execPath, [path.join(ROOT, 'tests/bench/sandbox-process.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...deployedEnv(), SANDBOX_PORT: String(sandboxPort), LINK_ORIGIN: linkOrigin },
  })
  const topology = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('\n')) resolve(out.split('\n')[0] ?? '')
    })
    child.once('exit', (code) => reject(new Error(`the sandbox process ended (${code})`)))
  })
  return { child, topology }
}

/**
 * The BFF as deployed, with its sandbox in a process of its own; `env` adds settings (the bench's
 * in-run baseline renders the frame per page: `FRAME_FRAGMENTS=off`).
 */
export async function startBenchServer(port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  if (!existsSync(path.join(ROOT, 'dist/server/entry.mjs'))) throw new Error('run `npm run build` first')
  const sandboxPort = port + 2
  const base = `http://127.0.0.1:${port}`
  const embedded = process.env.BENCH_SANDBOX === 'embedded'
  const sandbox = embedded ? undefined : await startSandboxProcess(sandboxPort, base)
  const started = performance.now()
  const child = spawn(process.execPath, [...deployedNodeFlags(), path.join(ROOT, 'server/server.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...deployedEnv(),
      NODE_ENV: 'production',
      MALLOC_ARENA_MAX: DEPLOYED_MALLOC_ARENA_MAX,
      ...(sandbox
        ? // Production refuses to start without session keys once upstreams are configured.
          {
            SANDBOX: 'off',
            UPSTREAMS_JSON: sandbox.topology,
            SESSION_KEYS: randomBytes(32).toString('base64'),
            PUBLIC_ORIGIN: base,
          }
        : { SANDBOX: 'on', SANDBOX_PORT: String(sandboxPort) }),
      PORT: String(port),
      HOST: '127.0.0.1',
      // Past the sandbox's region ports (port + 2 … + 5) and the pass-through (port + 6).
      METRICS_PORT: String(port + 8),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SIGN_IN: '999999/1s',
      // The /api rows call the sign-up's address check (its bucket: signUp) from one address.
      RATE_LIMIT_SIGN_UP: '999999/1s',
      // The render rows and the render flood stand for many visitors; from one address the
      // per-IP render limit (120/min, its own test) would answer them 429 and the rows measure
      // refusals (an earlier bench's signed-in row did).
      RATE_LIMIT_RENDER: process.env.RATE_LIMIT_RENDER ?? '999999/1m',
      ...env,
    },
  })
  let startupMs = -1
  for (let attempt = 0; attempt < 400 && startupMs < 0; attempt++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) startupMs = performance.now() - started
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
  // An ingress sends traffic to a pod once it is ready, and so do the bench and the load.
  let readyMs = -1
  for (let attempt = 0; startupMs >= 0 && attempt < 1200 && readyMs < 0; attempt++) {
    if ((await fetch(`${base}/readyz`).catch(() => undefined))?.ok) readyMs = performance.now() - started
    else await new Promise((resolve) => setTimeout(resolve, 25))
  }
  if (startupMs < 0 || readyMs < 0) {
    child.kill()
    sandbox?.child.kill()
    throw new Error(startupMs < 0 ? 'the server did not start' : 'the server never became ready')
  }
  const metricsOf = async () => (await fetch(`http://127.0.0.1:${port + 8}/metrics`)).text()
  return {
    child,
    base,
    startupMs,
    readyMs,
    sandbox: sandbox ? 'separate' : 'embedded',
    sandboxRssMb: () => (sandbox ? rssOf(sandbox.child.pid) : 0),
    sandboxBase: (region) => `http://127.0.0.1:${sandboxPort + { sg: 0, us: 1, ten: 3 }[region]}`,
    rssMb: () => rssOf(child.pid),
    cpuMs: () => cpuOf(child.pid),
    sandboxCpuMs: () => (sandbox ? cpuOf(sandbox.child.pid) : 0),
    metricsText: metricsOf,
    shedByReason: async () => {
      const metrics = await metricsOf()
      const shed: Record<string, number> = {}
      for (const [, reason = '', count = '0'] of metrics.matchAll(
        /^load_shed_total\{[^}]*reason="([^"]+)"[^}]*\} (\S+)$/gm,
      ))
        shed[reason] = (shed[reason] ?? 0) + Number(count)
      return shed
    },
    stop: () =>
      Promise.all(
        [child, sandbox?.child].map(
          (process) =>
            new Promise<void>((resolve) => {
              if (!process || process.exitCode !== null) return resolve()
              process.once('exit', () => resolve())
              process.kill('SIGTERM')
            }),
        ),
      ).then(() => undefined),
  }
}

/** The bare `@fastify/http-proxy` pass-through to `upstream` (tests/bench/passthrough-process.ts). */
export async function startPassthrough(port: number, upstream: string) {
  // The same runtime settings as the BFF (ADR 0119): the comparison is of the code, not of V8's flags.
  const child = spawn(
    process.execPath,
    [...deployedNodeFlags(), path.join(ROOT, 'tests/bench/passthrough-process.ts')],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...deployedEnv(),
        MALLOC_ARENA_MAX: DEPLOYED_MALLOC_ARENA_MAX,
        PASSTHROUGH_PORT: String(port),
        PASSTHROUGH_UPSTREAM: upstream,
      },
    },
  )
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`the pass-through process ended (${code})`)))
  })
  return {
    base: `http://127.0.0.1:${port}`,
    rssMb: () => rssOf(child.pid),
    cpuMs: () => cpuOf(child.pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** Resident memory of a process in MiB, from /proc (Linux). */
function rssOf(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
  } catch {
    return -1
  }
}

/**
 * CPU time of a process in ms (utime + stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks
 * of 10 ms). Per request, it is what a setting costs even on a busy machine, where req/s is noise.
 */
function cpuOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return -1
  }
}

/** The `cookie` header a browser sends after `response`: each Set-Cookie's name=value. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ')
}

/**
 * A signed-in session of the us account (the region the API rows call), checked twice: the
 * upstream said yes, and the page rendered with it is the signed-in one (else the row would
 * measure the cached signed-out page).
 */
export async function signedInCookie(base: string, apiHeaders: Record<string, string>): Promise<string> {
  // The sign-in flow's steps, as the sign-in page makes them (the sign-in's rows are flow-only).
  const step = async (name: string, body: Record<string, string>, cookie = '') => {
    const response = await fetch(`${base}/auth/sign_in/flow/${name}`, {
      method: 'POST',
      headers: { ...apiHeaders, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    })
    const answer = (await response.json()) as { retCode?: string; retMsg?: string }
    const set = cookiesOf(response)
    return { answer, cookie: set || cookie }
  }
  const started = await step('email', { email: US_ACCOUNT.email })
  const { answer, cookie } = await step('password', { password: US_ACCOUNT.password }, started.cookie)
  if (answer.retCode !== '000000' || !cookie)
    throw new Error(`sign-in for the bench failed: ${answer.retCode} ${answer.retMsg}`)
  const response = await fetch(`${base}/auth/sign_in`, { headers: { cookie } })
  if (!(await response.text()).includes('header-sign-out'))
    throw new Error('the bench session does not render signed in')
  // The first signed-in page adds the session's CSRF secret to the cookie, which a browser keeps:
  // sending the older cookie would make every measured render mint a secret and seal the session
  // again, which only a visitor's first page does.
  const renewed = cookiesOf(response)
  return renewed || cookie
}
