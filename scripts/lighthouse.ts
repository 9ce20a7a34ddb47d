/**
 * Lighthouse (mobile emulation, simulated throttling) on the production build, each page against
 * issue 8's budgets. Run by `npm test` (scripts/test.sh) after `vike build`; exits non-zero when a
 * page is below budget and prints `lighthouse: N passed, N failed` (one per page).
 * Ports: E2E_PORT + 20 for the app, + 21 … + 24 for its sandbox, clear of Playwright's + 0 … + 14
 * (npm test runs Lighthouse beside tap, ADR 0098).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import {
  contendedSlowdown,
  DEFAULT_SLOWDOWN,
  medianByScore,
  overBudget,
  PERFORMANCE_RUNS,
  type StableBudget,
  slowdownFor,
  stableMeasures,
} from './lighthouse-score.ts'

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const PORT = Number(process.env.E2E_PORT ?? 3107) + 20
const BASE = `http://localhost:${PORT}`
const PAGES = ['/', '/auth/sign_in', '/auth/sign_up']
const BUDGET: Record<string, number> = {
  performance: 0.95,
  accessibility: 1,
  'best-practices': 1,
  seo: 0.95,
}
/**
 * Enforced in every mode (lighthouse-score.ts StableBudget). Measured 2026-11-23 on 2 cores:
 * / 114 KiB, 34 requests, 2.1 s, 7 long tasks; sign-in 110 KiB, 27, 1.6–2.0 s, 6; sign-up 121 KiB,
 * 31, 1.5–2.1 s, 7 (main thread quiet and beside two CPU burners). Bytes and requests get ≈ 15 %,
 * main-thread work and long tasks ≈ 50 % (they still move with the host).
 * Bytes re-measured 2026-11-26 with React DOM (ADR 0064/0065): / 149 KiB, sign-in 140, sign-up 156
 * (React DOM's ≈ 57 KB more than preact/compat, minus the cuts of ADR 0065); ≈ 8 % on top.
 */
const STABLE_BUDGET: Record<string, StableBudget> = {
  '/': { transferKib: 160, requests: 38, mainThreadMs: 3200, longTasks: 10 },
  '/auth/sign_in': { transferKib: 151, requests: 31, mainThreadMs: 3000, longTasks: 9 },
  '/auth/sign_up': { transferKib: 168, requests: 35, mainThreadMs: 3000, longTasks: 10 },
}
/**
 * Performance is a timing score: on a shared CI machine one run can measure the neighbours as much
 * as the page. A page whose first score is below budget is measured twice more and the median of
 * the three decides (ADR 0022); LIGHTHOUSE_PERFORMANCE=report prints the score without enforcing it.
 */
const REPORT_ONLY = new Set(process.env.LIGHTHOUSE_PERFORMANCE === 'report' ? ['performance'] : [])

async function startServer(): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['server/server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SANDBOX: 'on',
      EXIT_WITH_PARENT: 'on',
      SANDBOX_PORT: String(PORT + 1),
      PORT: String(PORT),
      HOST: 'localhost',
      // tap's servers run beside this one (npm test): no shared metrics port.
      METRICS_PORT: '0',
      // Canonical links are absolute only with a configured origin (the SEO audit wants them so).
      PUBLIC_ORIGIN: BASE,
      LOG_LEVEL: 'warn',
    },
  })
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return server
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  server.kill()
  throw new Error(`the app did not come up on ${BASE}`)
}

interface PageResult {
  page: string
  scores: Record<string, number>
  /** Audits that cost points in a category below budget. */
  failing: string[]
}

/**
 * The share of a core this process gets right now: a fixed piece of work timed in CPU and in wall
 * time (1 on a quiet machine, ≈ 0.6 beside two burners on two cores). A stand-in for what the
 * browser's renderer gets during the run that follows.
 */
let _workSink = 0

function cpuShareNow(): number {
  const wallStart = performance.now()
  const cpuStart = process.cpuUsage()
  let x = 0
  while (performance.now() - wallStart < 300) for (let i = 0; i < 10_000; i++) x = (x + i * i) % 7919
  const cpu = process.cpuUsage(cpuStart)
  const share = (cpu.user + cpu.system) / 1000 / (performance.now() - wallStart)
  _workSink = x // kept, so the loop is not optimised away
  return share
}

async function run(port: number, page: string, calibratedSlowdown: number): Promise<LighthouseResult> {
  const share = cpuShareNow()
  const cpuSlowdownMultiplier = contendedSlowdown(calibratedSlowdown, share)
  if (share < 0.9)
    console.log(
      `  ${page}: this process got ${Math.round(share * 100)} % of a core: CPU slowdown ${cpuSlowdownMultiplier.toFixed(2)}×`,
    )
  let lhr: LighthouseResult | undefined
  // A trace that Chromium failed to record (NO_NAVSTART and kin) says nothing about the page.
  for (let attempt = 0; attempt < 3 && (!lhr || lhr.runtimeError); attempt += 1) {
    const result = await lighthouse(
      `${BASE}${page}`,
      { port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(BUDGET) },
      {
        extends: 'lighthouse:default',
        settings: {
          throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier },
        },
      },
    )
    lhr = result?.lhr
  }
  if (!lhr) throw new Error(`no Lighthouse result for ${page}`)
  return lhr
}

/** The slowdown this host needs, measured by the first run (of the first page) and kept. */
let calibrated: number | undefined

async function audit(port: number, page: string): Promise<PageResult> {
  let lhr: LighthouseResult
  if (calibrated === undefined) {
    // The first run measures the host; the scored run uses the slowdown that host needs.
    const probe = await run(port, page, DEFAULT_SLOWDOWN)
    calibrated = slowdownFor(probe.environment.benchmarkIndex)
    console.log(
      `  host BenchmarkIndex ${Math.round(probe.environment.benchmarkIndex)}: CPU slowdown ${calibrated.toFixed(2)}×`,
    )
    // Scored in a run of its own: the probe ran while the server was still warming up.
    lhr = await run(port, page, calibrated)
  } else lhr = await run(port, page, calibrated)
  const slowdown = calibrated
  const performanceOf = (result: LighthouseResult) => result.categories.performance?.score ?? 0
  if (performanceOf(lhr) < (BUDGET.performance ?? 0) && !REPORT_ONLY.has('performance')) {
    const runs = [lhr]
    while (runs.length < PERFORMANCE_RUNS) runs.push(await run(port, page, slowdown))
    lhr = medianByScore(runs, performanceOf)
    console.log(
      `  ${page}: performance below budget once, measured ${PERFORMANCE_RUNS} times: ${runs.map(performanceOf).join(', ')}; the median decides`,
    )
  }
  mkdirSync(path.join(ROOT, '.cache/lighthouse'), { recursive: true })
  const name = page === '/' ? 'home' : page.replaceAll('/', '_').replace(/^_/, '')
  writeFileSync(path.join(ROOT, `.cache/lighthouse/${name}.json`), JSON.stringify(lhr))
  const scores: Record<string, number> = {}
  const failing: string[] = []
  for (const [id, minimum] of Object.entries(BUDGET)) {
    const category = lhr.categories[id]
    const score = category?.score ?? 0
    scores[id] = score
    if (score >= minimum || !category) continue
    if (REPORT_ONLY.has(id)) {
      console.log(`  ${page}: ${id} ${score} below its budget ${minimum} (reported, not enforced here)`)
      continue
    }
    for (const ref of category.auditRefs) {
      const item = lhr.audits[ref.id]
      if (ref.weight > 0 && item && item.score !== null && item.score < 1) {
        failing.push(`${id}: ${ref.id} (${item.score}) ${item.displayValue ?? ''}`.trim())
      }
    }
  }
  const measures = stableMeasures(lhr.audits)
  console.log(
    `  ${page}: ${measures.transferKib} KiB in ${measures.requests} requests, main thread ${measures.mainThreadMs} ms, ${measures.longTasks} long tasks (enforced)`,
  )
  const budget = STABLE_BUDGET[page]
  if (budget) failing.push(...overBudget(measures, budget))
  else failing.push(`no stable budget for ${page}`)
  if (lhr.runtimeError) failing.push(`runtime error: ${lhr.runtimeError.code}`)
  return { page, scores, failing }
}

async function main(): Promise<number> {
  const server = await startServer()
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  })
  let passed = 0
  let failed = 0
  try {
    for (const page of PAGES) {
      const { scores, failing } = await audit(chrome.port, page)
      const line = Object.entries(scores)
        .map(([id, score]) => `${id} ${score.toFixed(2)}`)
        .join(', ')
      if (failing.length === 0) {
        passed += 1
        console.log(`ok ${page}: ${line}`)
      } else {
        failed += 1
        console.log(`not ok ${page}: ${line}`)
        for (const reason of failing) console.log(`    ${reason}`)
      }
    }
  } finally {
    chrome.kill()
    server.kill()
  }
  console.log(`lighthouse: ${passed} passed, ${failed} failed`)
  return failed === 0 ? 0 : 1
}

process.exitCode = await main()
