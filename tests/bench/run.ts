/**
 * `npm run bench`: throughput and latency of the BFF's main paths, measured against a real
 * production process (built pages, embedded sandbox) with autocannon from this process.
 * Numbers vary with the machine; compare the ratios printed in one run, not across machines.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const PORT = Number(process.env.BENCH_PORT ?? 3207)
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 10

interface Scenario {
  name: string
  path: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
}

const SCENARIOS: Scenario[] = [
  { name: 'liveness (baseline: Fastify alone)', path: '/healthz' },
  { name: 'SSR sign-in page', path: '/auth/sign_in' },
  { name: 'SSR home page', path: '/' },
  {
    name: '/api proxy to the sandbox upstream',
    path: '/api/basic-login/loginEmailCheck/4',
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
    body: 'email=demo%40sandbox.test',
  },
]

async function startServer(): Promise<ChildProcess> {
  if (!existsSync(path.join(ROOT, 'dist/server/entry.mjs'))) throw new Error('run `npm run build` first')
  const child = spawn(process.execPath, [path.join(ROOT, 'server/server.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SANDBOX: 'on',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SIGN_IN: '999999/1s',
    },
  })
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/readyz`)).ok) return child
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  child.kill()
  throw new Error('the server did not become ready')
}

async function measure(scenario: Scenario) {
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}${scenario.path}`,
    method: scenario.method ?? 'GET',
    headers: scenario.headers,
    body: scenario.body,
    connections: CONNECTIONS,
    duration: DURATION_S,
  })
  return {
    name: scenario.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

const server = await startServer()
try {
  const results = []
  for (const scenario of SCENARIOS) results.push(await measure(scenario))
  const baseline = results[0]?.requestsPerSecond ?? 1
  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each, one server process\n`)
  for (const row of results) {
    const ratio = (row.requestsPerSecond / baseline).toFixed(2)
    console.log(
      `${row.name.padEnd(40)} ${String(row.requestsPerSecond).padStart(7)} req/s  p50 ${row.p50ms} ms  p99 ${row.p99ms} ms  ×${ratio} of baseline${row.errors ? `  (${row.errors} errors)` : ''}`,
    )
  }
  mkdirSync(path.join(ROOT, '.cache'), { recursive: true })
  writeFileSync(
    path.join(ROOT, '.cache/bench.json'),
    JSON.stringify({ at: new Date().toISOString(), results }, null, 2),
  )
} finally {
  server.kill('SIGTERM')
}
