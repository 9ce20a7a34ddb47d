/**
 * `npm run bench`: one table from one alternating run (every scenario once per round, rounds
 * repeated) against a production process: req/s, p50, p99 at 50 connections, and each row as a
 * ratio of its reference with the issue 8 target. Numbers vary with the machine; read the ratios.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import autocannon from 'autocannon'
import { Pool } from 'undici'
import { US_ACCOUNT } from '../../sandbox/index.ts'
import { writeBenchBlock } from './performance-doc.ts'
import {
  cookiesOf,
  ROOT,
  RSS_TARGET_MB,
  signedInCookie,
  startBenchServer,
  startPassthrough,
} from './server.ts'

const PORT = Number(process.env.BENCH_PORT ?? 3207)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const CONNECTIONS = 50
/**
 * Each row is warmed in uncounted windows until its rate stops rising, as a production process
 * serves warm: V8 optimises a long path over tens of thousands of calls. Measured on a 2-core
 * machine (2026-11-27), the BFF's `/api` call took most of 20 s of traffic to settle (760 → 340 µs
 * of CPU per call, and a further 10–15 % over the rest of a minute: the minimum below) and a 404
 * render ≈ 12 s (300 → 500 renders/s), while a one-second warm-up left both rows measuring code
 * still being optimised — the longer path longer so than the small pass-through's. Every row gets
 * the same rule, references included.
 */
const WARM_UP_WINDOW_SECONDS = Number(process.env.BENCH_WARM_UP_WINDOW ?? 2)
const WARM_UP_MAX_SECONDS = Number(process.env.BENCH_WARM_UP_MAX ?? 24)
/**
 * The `/api` rows (through the BFF, the pass-through and direct) warm at least this long, whatever
 * the rule above says: V8 keeps optimising the BFF's call for about a minute of traffic (one
 * process, 2026-11-27: 712 µs of CPU per call over its first 12 s, 510–530 at 12–20 s, 440–470 after
 * a minute), a slope the 2-second windows' noise hides: the rule stopped after 8 s. (Most of the
 * gap between the table and the line after it was the switch from the render rows: the settle
 * below, ADR 0115.) A production process serves warm; the three rows get the same.
 */
const API_WARM_UP_MIN_SECONDS = Number(process.env.BENCH_API_WARM_UP_MIN ?? 60)
/**
 * Each measured window follows this many seconds of the same row, uncounted (ADR 0115). A process
 * that switches from one kind of traffic to another runs slow for seconds while V8 and its heap
 * adjust: the BFF's `/api` after its render rows, per second, 1,737 → 1,987 → 2,116 → 2,326 req/s,
 * the next window of the same call 2,417 → 2,389 → 2,234 → 2,301 (2026-11-28, four rounds: the
 * first window 12–14 % slower on average). A pod serving a steady mix never makes that switch;
 * the pass-through, serving one kind, barely does. Every row gets the same settle.
 */
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE ?? 2)
/** A window no more than this much faster than the best before it has not risen. */
const SETTLED_GAIN = 0.03
/** Settled after this many windows in a row that did not rise (one alone is often noise). */
const SETTLED_WINDOWS = 2
/**
 * More pairs of the two `/api` windows (through the BFF, then through the pass-through, or the
 * other way round), after the table, each beside the other under the same host (ADR 0116). The
 * share is the median of every pair's ratio, the table's rounds included: one window of a 2-core
 * host moves ±10 % with its neighbours, and the table's two rounds alone read the same code at
 * 52 % and 69 % of the pass-through in two runs of one morning (2026-11-28).
 */
const API_PAIRS = Number(process.env.BENCH_API_PAIRS ?? 7)
/** `/auth/sign_in` rendered per request before issue 8 (issue 8, same machine class): req/s. */
const UNCACHED_BEFORE_RPS = 250
/** Renders per second, as a multiple of UNCACHED_BEFORE_RPS (issue 19 point 3). */
const RENDER_SPEEDUP_TARGET = 1.6
/** A cached page's req/s as a share of `/healthz`'s, and its p99 at 50 connections (issue 8). */
const CACHED_SHARE_TARGET = 0.5
const CACHED_P99_TARGET_MS = 20
/** `/api` through the BFF as a share of the bare pass-through (issue 19 point 5), and one call's added p50. */
const API_SHARE_TARGET = 0.6
const API_ADDED_MS_TARGET = 1
/** `npm run bench -- --write`: the targets and this run's table into docs/performance.md. */
const WRITE_DOC = process.argv.includes('--write')
/**
 * `/healthz` on the host and day the 250 req/s was measured (2026-11-23, README of 82c5cc0): a
 * miss of the fixed number is printed with this run's ceiling beside it, since the number does not
 * move with the host as the in-run reference does.
 */
const UNCACHED_BEFORE_CEILING_RPS = 10_612
/** Serving within this long of the process's spawn (`/healthz` answers). */
const SERVING_TARGET_MS = 1000
/**
 * A second BFF process at this port offset renders the frame's parts on every page, as React
 * rendered before ADR 0060 cached them: what the cached parts give within this run. It is no
 * stand-in for the target's 250 req/s, which was measured before every later gain (the Vike
 * patch, cheaper compression) that this process has too; but it moves with the host as the
 * fixed number does not (±20 % from hour to hour on the 2-core machine).
 */
const FRAME_PER_PAGE_PORT_OFFSET = 20

const BROWSER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-US,en;q=0.9',
}
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1'
/**
 * The call the `/api` rows measure, through the BFF, the bare pass-through and straight to the
 * sandbox: its name, its path under `/api` (the sandbox's path without it) and its body. The one
 * place to change which endpoint the rows use. The sign-up's address check: a read-only page row
 * with a bucket and an action, like the sign-in's e-mail check it replaces (the sign-in's rows are
 * flow-only since issue 17).
 */
const API_ROW = {
  name: 'registerEmailCheck',
  path: '/basic-login/registerEmailCheck/4',
  body: { email: US_ACCOUNT.email },
}
/** Calls of the `/api` latency line, one at a time, so its latency is what a call takes. */
const LATENCY_CALLS = 2000
const API = {
  method: 'POST' as const,
  body: JSON.stringify(API_ROW.body),
  headers: {
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    'sec-fetch-site': 'same-origin',
    // The browser's time zone picks the region (spec §4): us, where the account and the direct call live.
    'x-time-zone': 'America/Chicago',
  },
}

interface Scenario {
  name: string
  url: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  kind: 'ceiling' | 'cached' | 'uncached' | 'framePerPage' | 'api' | 'passthrough' | 'direct' | 'asset'
  /** An uncached row's `framePerPage` twin, by name. */
  reference?: string
}

interface Row {
  scenario: Scenario
  requests: number
  seconds: number
  p50: number[]
  p99: number[]
  /** req/s of each measured window, in order: the `/api` rows are compared window by window. */
  rates: number[]
  /** CPU (ms) and requests of the process serving the row, over its measured windows. */
  cpu: { ms: number; requests: number }
  errors: number
}

/**
 * The session cookie a browser gets with its first /api call (it remembers the region) and sends
 * with every later one; without it each call would pay for sealing a new session.
 */
async function visitorCookie(base: string, usSandbox: string): Promise<string> {
  // The check answers alike in every region: the us server's request log tells where it went.
  const usCalls = async () =>
    ((await (await fetch(`${usSandbox}/__sandbox/requests`)).json()) as { requests: { url: string }[] })
      .requests.length
  const before = await usCalls()
  const response = await fetch(`${base}/api${API_ROW.path}`, API)
  const answer = (await response.json()) as { retCode?: string }
  // 700037: the address has an account (the upstream answered the check, not a refusal of ours).
  if (answer.retCode !== '700037' || (await usCalls()) === before)
    throw new Error(`${API_ROW.name} for the bench did not reach us: ${answer.retCode}`)
  return cookiesOf(response)
}

function hashedAsset(): string {
  const dir = path.join(ROOT, 'dist/client/assets/chunks')
  const file = readdirSync(dir).find((name) => name.endsWith('.js'))
  if (!file) throw new Error('no hashed chunk in dist/client/assets/chunks')
  return `/auth/_next/assets/chunks/${file}`
}

/** p50 (ms) of LATENCY_CALLS calls of `scenario` made one after the other on one connection. */
async function oneAtATime(scenario: Scenario): Promise<number> {
  const url = new URL(scenario.url.startsWith('http') ? scenario.url : `${server.base}${scenario.url}`)
  const pool = new Pool(url.origin, { connections: 1 })
  const times: number[] = []
  try {
    for (let call = 0; call < LATENCY_CALLS; call++) {
      const started = performance.now()
      const response = await pool.request({
        path: `${url.pathname}${url.search}`,
        method: scenario.method ?? 'GET',
        headers: { ...BROWSER, ...scenario.headers },
        body: scenario.body ?? null,
      })
      await response.body.arrayBuffer()
      times.push(performance.now() - started)
      if (response.statusCode !== 200) throw new Error(`${scenario.name}: ${response.statusCode}`)
    }
  } finally {
    await pool.close()
  }
  return median(times)
}

/** The bench's targets as docs/performance.md states them, from the constants the run judges by. */
function targetLines(): string[] {
  return [
    '## `npm run bench`: targets',
    '',
    '| row | target |',
    '| --- | --- |',
    `| cached pages (home, sign-in in both languages and on a phone, a visitor's 404) | ≥ ${percent(CACHED_SHARE_TARGET)} of \`/healthz\`'s req/s, p99 ≤ ${CACHED_P99_TARGET_MS} ms at ${CONNECTIONS} connections |`,
    `| pages rendered per request (signed in; a 404 with a query outside the cache) | ≥ ${RENDER_SPEEDUP_TARGET}× the ${UNCACHED_BEFORE_RPS} req/s measured before issue 8 |`,
    `| \`/api\` through the BFF | ≥ ${percent(API_SHARE_TARGET)} of the same call through a bare \`@fastify/http-proxy\` (median of paired windows); ≤ ${API_ADDED_MS_TARGET} ms added to one call at a time |`,
    `| memory | BFF RSS ≤ ${RSS_TARGET_MB} MB after the run |`,
    `| start-up | serving (\`/healthz\` 200) within ${SERVING_TARGET_MS / 1000} s of the process's spawn |`,
  ]
}

const percent = (share: number) => `${(share * 100).toFixed(0)} %`
/** `+0.29`, `−0.38`: a one-at-a-time call can read faster through the BFF in a noisy window. */
const signed = (value: number, digits = 2) => `${value < 0 ? '−' : '+'}${Math.abs(value).toFixed(digits)}`

/** The median proper (the mean of the middle two of an even count): the `/api` share is judged on it. */
function middleOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const half = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[half] ?? 0) : ((sorted[half - 1] ?? 0) + (sorted[half] ?? 0)) / 2
}

/**
 * The upper middle value: with the table's two rounds, the worse p50/p99 of the two (a row's
 * latency targets are judged on it). The `/api` share takes the median proper (`middleOf`).
 */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

const server = await startBenchServer(PORT)
// Past the sandbox's four region ports (PORT + 2 … + 5).
const passthrough = await startPassthrough(PORT + 6, server.sandboxBase('us'))
const framePerPage = await startBenchServer(PORT + FRAME_PER_PAGE_PORT_OFFSET, { FRAME_FRAGMENTS: 'off' })
try {
  const cookie = await signedInCookie(server.base, API.headers)
  const framePerPageCookie = await signedInCookie(framePerPage.base, API.headers)
  const visitor = await visitorCookie(server.base, server.sandboxBase('us'))
  const scenarios: Scenario[] = [
    { name: '/healthz (ceiling)', url: '/healthz', kind: 'ceiling' },
    { name: '/ (cached)', url: '/', kind: 'cached' },
    { name: '/auth/sign_in en (cached)', url: '/auth/sign_in', kind: 'cached' },
    { name: '/auth/sign_in zh (cached)', url: '/auth/sign_in?language=zh', kind: 'cached' },
    {
      name: '/auth/sign_in phone (cached)',
      url: '/auth/sign_in',
      headers: { 'user-agent': PHONE },
      kind: 'cached',
    },
    {
      name: '/auth/sign_in signed in (render)',
      url: '/auth/sign_in',
      headers: { cookie },
      kind: 'uncached',
      reference: 'signed in, frame per page',
    },
    {
      name: 'signed in, frame per page',
      url: `${framePerPage.base}/auth/sign_in`,
      headers: { cookie: framePerPageCookie },
      kind: 'framePerPage',
    },
    // Every path no page answers shares one cached 404 (ADR 0121); a query outside the cache's
    // allowlist still makes it a render of its own, through Vike: the render rows' second page.
    { name: '404 page (cached)', url: '/auth/no_such_page', kind: 'cached' },
    {
      name: '404 page, query outside the cache (render)',
      url: '/auth/no_such_page?ref=bench',
      kind: 'uncached',
      reference: '404, frame per page',
    },
    {
      name: '404, frame per page',
      url: `${framePerPage.base}/auth/no_such_page?ref=bench`,
      kind: 'framePerPage',
    },
    {
      name: `/api ${API_ROW.name} via BFF`,
      url: `/api${API_ROW.path}`,
      ...API,
      headers: { ...API.headers, cookie: visitor },
      kind: 'api',
    },
    {
      name: 'same call via bare @fastify/http-proxy',
      url: `${passthrough.base}/api${API_ROW.path}`,
      ...API,
      kind: 'passthrough',
    },
    {
      name: 'same call straight to sandbox',
      url: `${server.sandboxBase('us')}${API_ROW.path}`,
      ...API,
      kind: 'direct',
    },
    { name: 'hashed asset (br)', url: hashedAsset(), kind: 'asset' },
  ]
  const rows: Row[] = scenarios.map((scenario) => ({
    scenario,
    requests: 0,
    seconds: 0,
    p50: [],
    p99: [],
    rates: [],
    cpu: { ms: 0, requests: 0 },
    errors: 0,
  }))
  // The process each row loads: its CPU per request moves less with the host's load than req/s,
  // so two trees benched at different hours compare better by it.
  const cpuClock: Partial<Record<Scenario['kind'], () => number>> = {
    framePerPage: framePerPage.cpuMs,
    passthrough: passthrough.cpuMs,
    direct: server.sandboxCpuMs,
  }
  const measure = (scenario: Scenario, connections: number, seconds = SECONDS) =>
    autocannon({
      url: scenario.url.startsWith('http') ? scenario.url : `${server.base}${scenario.url}`,
      method: scenario.method ?? 'GET',
      headers: { ...BROWSER, ...scenario.headers },
      body: scenario.body,
      connections,
      duration: seconds,
    })
  /** A measured window after its uncounted settle (ADR 0115). */
  const measureSettled = async (row: Row) => {
    if (SETTLE_SECONDS > 0) await measure(row.scenario, CONNECTIONS, SETTLE_SECONDS)
    const clock = cpuClock[row.scenario.kind] ?? server.cpuMs
    const before = clock()
    const result = await measure(row.scenario, CONNECTIONS)
    row.cpu.ms += clock() - before
    row.cpu.requests += result.requests.total
    return result
  }
  const warmUpSeconds = new Map<Row, number>()
  for (const row of rows) {
    let best = 0
    let seconds = 0
    let flat = 0
    const { kind } = row.scenario
    const minimum =
      kind === 'api' || kind === 'passthrough' || kind === 'direct' ? API_WARM_UP_MIN_SECONDS : 0
    while (seconds < minimum || (seconds < WARM_UP_MAX_SECONDS && flat < SETTLED_WINDOWS)) {
      const rate = (await measure(row.scenario, CONNECTIONS, WARM_UP_WINDOW_SECONDS)).requests.average
      seconds += WARM_UP_WINDOW_SECONDS
      flat = best > 0 && rate <= best * (1 + SETTLED_GAIN) ? flat + 1 : 0
      best = Math.max(best, rate)
    }
    warmUpSeconds.set(row, seconds)
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const row of rows) {
      const { scenario } = row
      const result = await measureSettled(row)
      row.requests += result.requests.total
      row.seconds += SECONDS
      row.p50.push(result.latency.p50)
      row.p99.push(result.latency.p99)
      row.rates.push(result.requests.total / SECONDS)
      row.errors +=
        result.errors +
        result.timeouts +
        result.non2xx -
        (scenario.url.includes('no_such') ? result['4xx'] : 0)
    }
  }

  // At 50 connections a row's p50 is mostly its queue (connections ÷ req/s, Little's law), so the
  // "added p50" above follows throughput; one call at a time shows what the BFF adds to a call.
  // Timed here to the microsecond: autocannon's latencies are whole milliseconds, coarser than the
  // ≈ 0.1–0.3 ms a call takes one at a time (its mean read 0.05 ms through the BFF).
  const callLatency: Partial<Record<Scenario['kind'], number[]>> = {}
  for (let round = 0; round < ROUNDS; round++) {
    for (const row of rows) {
      if (row.scenario.kind !== 'api' && row.scenario.kind !== 'passthrough') continue
      const p50s = callLatency[row.scenario.kind] ?? []
      p50s.push(await oneAtATime(row.scenario))
      callLatency[row.scenario.kind] = p50s
    }
  }
  // Issue 19 point 5: the BFF's /api against the pass-through, window beside window. The table's
  // rounds are pairs already (the two rows follow each other); these add API_PAIRS more, the
  // order turned each time so that neither row always runs on a host that just got busier.
  const bffRow = rows.find((row) => row.scenario.kind === 'api')
  const passthroughRow = rows.find((row) => row.scenario.kind === 'passthrough')
  if (!bffRow || !passthroughRow) throw new Error('the bench lost its /api rows')
  const pairShares = bffRow.rates.map((rate, round) => rate / (passthroughRow.rates[round] ?? Number.NaN))
  for (let pair = 0; pair < API_PAIRS; pair++) {
    const rate = new Map<Row, number>()
    for (const row of pair % 2 ? [passthroughRow, bffRow] : [bffRow, passthroughRow])
      rate.set(row, (await measureSettled(row)).requests.total / SECONDS)
    pairShares.push((rate.get(bffRow) ?? 0) / (rate.get(passthroughRow) ?? Number.NaN))
  }
  const apiShare = middleOf(pairShares)
  const rssAfter = server.rssMb()
  const rps = (row: Row | undefined) => (row ? row.requests / row.seconds : 0)
  const ceilingRow = rows.find((row) => row.scenario.kind === 'ceiling')
  const ceiling = rps(ceilingRow)
  const direct = rows.find((row) => row.scenario.kind === 'direct')
  const lines = [
    `${CONNECTIONS} connections, ${ROUNDS} alternating rounds × ${SECONDS} s per row, each after ${SETTLE_SECONDS} s of the same row uncounted; ${
      server.sandbox === 'separate'
        ? `the BFF alone (sandbox upstream in its own process, ${server.sandboxRssMb()} MB)`
        : 'the BFF with the embedded sandbox in one process'
    }; serving ${Math.round(server.startupMs)} ms after spawn, ready (renderer warmed, ADR 0114) after ${Math.round(server.readyMs)} ms; BFF RSS ${rssAfter} MB after the run (target ≤ ${RSS_TARGET_MB} MB: ${rssAfter <= RSS_TARGET_MB ? 'met' : 'MISSED'})`,
    '',
    `Warm-up per row until its rate stopped rising (${SETTLED_WINDOWS} windows of ${WARM_UP_WINDOW_SECONDS} s in a row no more than ${SETTLED_GAIN * 100} % above the best before, at most ${WARM_UP_MAX_SECONDS} s; the /api rows at least ${API_WARM_UP_MIN_SECONDS} s): ${rows
      .map((row) => `${row.scenario.name} ${warmUpSeconds.get(row)} s`)
      .join(', ')}.`,
    '',
    '| scenario | req/s | CPU µs/req | p50 ms | p99 ms | ratio | target |',
    '| --- | ---: | ---: | ---: | ---: | --- | --- |',
  ]
  /** CPU of the serving process per request over the row's measured windows (µs). */
  const microsPerCall = (row: Row) => (row.cpu.ms * 1000) / Math.max(1, row.cpu.requests)
  for (const row of rows) {
    const p50 = median(row.p50)
    const p99 = median(row.p99)
    let ratio = ''
    let target = ''
    switch (row.scenario.kind) {
      case 'cached': {
        const share = rps(row) / ceiling
        ratio = `${(share * 100).toFixed(0)} % of /healthz`
        const ceilingP99 = median(ceilingRow?.p99 ?? [])
        const shortBy = [
          share < CACHED_SHARE_TARGET
            ? `${percent(share)} of /healthz, ${(CACHED_SHARE_TARGET * 100 - share * 100).toFixed(0)} points short`
            : '',
          p99 > CACHED_P99_TARGET_MS ? `p99 ${p99} ms, ${p99 - CACHED_P99_TARGET_MS} ms over` : '',
        ].filter(Boolean)
        // The tail at 50 connections is the host's as much as the page's: /healthz, which does
        // nothing, shows the tail this run's host adds to every row.
        target = `≥ ${percent(CACHED_SHARE_TARGET)}, p99 ≤ ${CACHED_P99_TARGET_MS} ms: ${
          shortBy.length === 0
            ? 'met'
            : `MISSED (${shortBy.join('; ')}; why: /healthz, which does nothing, had p99 ${ceilingP99} ms in this run${ceilingP99 > CACHED_P99_TARGET_MS ? ': the tail is the host' : ''})`
        }`
        break
      }
      case 'uncached': {
        const speedup = rps(row) / UNCACHED_BEFORE_RPS
        const reference = rows.find((other) => other.scenario.name === row.scenario.reference)
        const inRun = rps(row) / rps(reference)
        ratio = `${speedup.toFixed(2)}× the ${UNCACHED_BEFORE_RPS} req/s before (${inRun.toFixed(2)}× its frame per page)`
        target = `≥ ${RENDER_SPEEDUP_TARGET}×: ${
          speedup >= RENDER_SPEEDUP_TARGET
            ? 'met'
            : `MISSED (${speedup.toFixed(2)}×, ${(RENDER_SPEEDUP_TARGET - speedup).toFixed(2)}× short; why: the ${UNCACHED_BEFORE_RPS} req/s is fixed, measured where /healthz ran at ${UNCACHED_BEFORE_CEILING_RPS} req/s, this run's at ${Math.round(ceiling)}; against the in-run frame per page it reads ${inRun.toFixed(2)}×)`
        }`
        break
      }
      case 'framePerPage':
        ratio = 'the frame rendered per page (FRAME_FRAGMENTS=off)'
        break
      case 'api': {
        // The fair anchor (issue 19 point 5): the same call through a pass-through proxy that
        // checks nothing; the sandbox answered directly from memory is shown for reference only.
        // The share is the median of the paired windows (the line below lists them, ADR 0116).
        const added = p50 - median(passthroughRow.p50)
        ratio = `${percent(apiShare)} of the pass-through (median of ${pairShares.length} paired windows, below), ${signed(added, 1)} ms p50 (${percent(
          rps(row) / rps(direct),
        )} of direct)`
        // The p50 at 50 connections is mostly queue (Little's law): any row slower than its anchor
        // adds milliseconds there. What the BFF adds to a call is the one-at-a-time line below.
        target = `≥ ${percent(API_SHARE_TARGET)} (≤ ${API_ADDED_MS_TARGET} ms added: one call at a time, below): ${
          apiShare >= API_SHARE_TARGET
            ? 'met'
            : `MISSED (${(apiShare * 100).toFixed(1)} %, ${(API_SHARE_TARGET * 100 - apiShare * 100).toFixed(1)} points short; why: the pairs below)`
        }`
        break
      }
      case 'passthrough':
      case 'direct':
        ratio = `${((rps(row) / ceiling) * 100).toFixed(0)} % of /healthz (reference)`
        break
      default:
        ratio = `${((rps(row) / ceiling) * 100).toFixed(0)} % of /healthz`
    }
    const errors = row.errors ? ` (${row.errors} errors)` : ''
    lines.push(
      `| ${row.scenario.name}${errors} | ${Math.round(rps(row))} | ${microsPerCall(row).toFixed(0)} | ${p50} | ${p99} | ${ratio} | ${target} |`,
    )
  }
  const bffCall = median(callLatency.api ?? [])
  const passthroughCall = median(callLatency.passthrough ?? [])
  lines.push(
    '',
    `/api ${API_ROW.name} one call at a time (${LATENCY_CALLS} calls per round, p50): via BFF ${bffCall.toFixed(2)} ms, via the pass-through ${passthroughCall.toFixed(2)} ms: ${signed(bffCall - passthroughCall)} ms added (≤ ${API_ADDED_MS_TARGET} ms: ${bffCall - passthroughCall <= API_ADDED_MS_TARGET ? 'met' : 'MISSED'})`,
  )
  const [lowest = 0, highest = 0] = [Math.min(...pairShares), Math.max(...pairShares)]
  lines.push(
    '',
    `/api ${API_ROW.name} via BFF as a share of the pass-through, window by window (each ${SECONDS} s window of one beside the other's; ${ROUNDS} pairs from the table's rounds, where the BFF's /api follows its render rows, then ${API_PAIRS} more after everything above, the order turned each time): ${pairShares
      .map(percent)
      .join(
        ', ',
      )}; median ${percent(apiShare)} (≥ ${percent(API_SHARE_TARGET)}: ${apiShare >= API_SHARE_TARGET ? 'met' : 'MISSED'}), ${percent(lowest)} to ${percent(highest)}: the spread of one window on this host. CPU per call over these windows (each process serves on one core): via BFF ${microsPerCall(bffRow).toFixed(0)} µs, via the pass-through ${microsPerCall(passthroughRow).toFixed(0)} µs, a share of ${percent(microsPerCall(passthroughRow) / microsPerCall(bffRow))} (CPU per call moves less with the host's load than req/s does, not nothing).`,
  )
  const overMs = Math.round(server.startupMs - SERVING_TARGET_MS)
  lines.push(
    '',
    `serving within ${SERVING_TARGET_MS / 1000} s of process start: ${
      overMs <= 0
        ? 'met'
        : `MISSED (${Math.round(server.startupMs)} ms, ${overMs} ms over; why: half of it is loading ≈ 1,200 modules before listening — Vike's server runtime, undici, zod, Fastify — docs/performance.md; this run's /healthz ${Math.round(ceiling)} req/s)`
    }`,
  )
  console.log(`\n${lines.join('\n')}\n`)
  mkdirSync(path.join(ROOT, '.cache'), { recursive: true })
  writeFileSync(path.join(ROOT, '.cache/bench.md'), `${lines.join('\n')}\n`)
  if (WRITE_DOC) {
    const document = path.join(ROOT, 'docs/performance.md')
    writeBenchBlock(document, [...targetLines(), '', '### The latest run', '', ...lines].join('\n'))
    console.log(`written: ${path.relative(ROOT, document)}`)
  }
} finally {
  await Promise.all([server.stop(), passthrough.stop(), framePerPage.stop()])
}
