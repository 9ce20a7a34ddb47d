import t from 'tap'
import { sampleOf } from '../support/metrics.ts'
import { startServerProcess } from '../support/server-process.ts'

// Issue 20 point 1, ADR 0068: a real server (production build, one process) under a flood of
// uncacheable page renders at about twice what it renders per second. What the kubelet and the
// clients need: /healthz keeps answering fast (else a busy pod is restarted), and every request
// gets an answer — the page, or a quick 503 with Retry-After — before its client's deadline,
// instead of waiting in a queue nobody will be there to read.
//
// No clock decides it (issue 45): the rate is measured in the same run, not assumed; the flood is
// open-loop (requests keep arriving whatever the server answers, like real clients); "shed, not
// queued" is the server's own record (no page rendered after waiting past the bound); probes are
// judged against the pages they share the process with (a ratio). The client's deadline is a hang
// guard. The absolute figures (/healthz p99 100 ms on a core of its own) are printed for
// the reader: they measure the host as much as the server.

const RENDER_WAIT_MS = 1000
// Run alone by node (scripts/test-lib.sh run_alone), outside tap's runner and its 240 s: the same
// hang guard here.
t.setTimeout(240_000)
/** A hang guard per request: an answer later than this is a server that stopped answering. */
const DEADLINE_MS = 60_000
const FLOOD_SECONDS = 6
/** Query parameters outside the page cache's allowlist: every one of these is rendered. */
const uncached = (i: number) => `/auth/sign_in?utm_flood=${i}`

async function timed(url: string, signal?: AbortSignal) {
  const started = performance.now()
  const response = await fetch(url, { signal })
  await response.arrayBuffer()
  return { response, ms: performance.now() - started }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

t.test('overload › a render flood at 2× capacity: probes fast, every request answered in time', async (t) => {
  const server = await startServerProcess({
    SHED_RENDER_WAIT_MS: String(RENDER_WAIT_MS),
    // The production default, which the helper turns off for other tests.
    SHED_EVENT_LOOP_DELAY_MS: '200',
    // This test is about the queue and the probes; the per-IP limit has its own test. A flood
    // from many addresses looks like this one without it.
    RATE_LIMIT_RENDER: '999999/1m',
  })
  t.teardown(() => {
    server.child.kill('SIGKILL')
  })

  // What this process renders per second here and now: 4 clients in a loop for 2 s (after a warm-up).
  // A longer warm-up: measured cold (JIT, caches) the rate came out at a quarter of what a quiet
  // machine then served, and a flood at "twice" it was no flood at all.
  for (let i = 0; i < 150; i++) await timed(`${server.baseUrl}${uncached(-i)}`)
  let rendered = 0
  const measureUntil = performance.now() + 2000
  await Promise.all(
    Array.from({ length: 4 }, async (_, worker) => {
      for (let i = 0; performance.now() < measureUntil; i++) {
        const { response } = await timed(`${server.baseUrl}${uncached(worker * 1e6 + i)}`)
        if (response.status === 200) rendered++
      }
    }),
  )
  const capacity = rendered / 2
  t.ok(rendered > 0, `renders per second measured: ${capacity.toFixed(0)}`)
  const renderMs = 1000 / capacity
  const restProbes: number[] = []
  for (const until = performance.now() + 1500; performance.now() < until; ) {
    restProbes.push((await timed(`${server.baseUrl}/healthz`)).ms)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }

  // The flood: 2 × capacity per second, sent in slices every 20 ms, each with its deadline.
  const perSlice = (2 * capacity) / 50
  const outcomes: Array<
    Promise<{ status: number; ms: number; retryAfter: string | null } | { error: string }>
  > = []
  let owed = 0
  let sent = 0
  const floodUntil = performance.now() + FLOOD_SECONDS * 1000
  const probeLatencies: number[] = []
  const probeStatuses = new Set<number>()
  // How long this test process itself stalls meanwhile: the machine's noise, for the report.
  let clientStallMs = 0
  let lastTick = performance.now()
  const lagTimer = setInterval(() => {
    const at = performance.now()
    clientStallMs = Math.max(clientStallMs, at - lastTick - 10)
    lastTick = at
  }, 10)
  // Two probers, like a kubelet's liveness and readiness, each on its own connection.
  const probing = Promise.all(
    ['/healthz', '/healthz'].map(async (probe) => {
      while (performance.now() < floodUntil) {
        const { response, ms } = await timed(`${server.baseUrl}${probe}`)
        probeLatencies.push(ms)
        probeStatuses.add(response.status)
        await new Promise((resolve) => setTimeout(resolve, 15))
      }
    }),
  )
  while (performance.now() < floodUntil) {
    owed += perSlice
    for (; owed >= 1; owed--) {
      const url = `${server.baseUrl}${uncached(1e9 + sent++)}`
      outcomes.push(
        timed(url, AbortSignal.timeout(DEADLINE_MS)).then(
          ({ response, ms }) => ({
            status: response.status,
            ms,
            retryAfter: response.headers.get('retry-after'),
          }),
          (error: Error) => ({ error: `${error.name}: ${error.message}` }),
        ),
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  await probing
  clearInterval(lagTimer)
  const results = await Promise.all(outcomes)

  const failed = results.filter((result) => 'error' in result)
  const answered = results.filter((result) => 'status' in result)
  const statuses = [...new Set(answered.map((result) => result.status))].sort()
  t.same(
    failed.slice(0, 3),
    [],
    `every request answered before its ${DEADLINE_MS} ms deadline (${sent} sent)`,
  )
  t.ok(
    statuses.every((status) => status === 200 || status === 503),
    `answers are pages or 503s, nothing else (${statuses})`,
  )
  const refused = answered.filter((result) => result.status === 503)
  const metrics = await (await fetch(server.metricsUrl)).text()
  // Shed, not queued, by the server's own record: every page it rendered had waited no longer
  // than the render-wait bound; the rest were refused at their turn (or before any hook when the
  // loop lagged). The queue's arithmetic itself is tested in shedding.test.ts.
  const queueWait = (le: string) =>
    sampleOf(metrics, 'ssr_render_queue_wait_seconds_bucket', { outcome: 'rendered', le })
  t.equal(
    queueWait(String(RENDER_WAIT_MS / 1000)),
    queueWait('+Inf'),
    `the flood was shed, not queued: no page rendered after waiting past ${RENDER_WAIT_MS} ms (${refused.length} × 503 of ${sent})`,
  )
  t.ok(
    refused.every((result) => Number(result.retryAfter) >= 1),
    'every 503 says when to retry',
  )
  const pages = answered.filter((result) => result.status === 200).map((result) => result.ms)
  const page50 = percentile(pages, 50)

  t.same([...probeStatuses], [200], '/healthz never shed')
  t.ok(probeLatencies.length >= 10, `${probeLatencies.length} probes during the flood`)
  const probe50 = percentile(probeLatencies, 50)
  const probe99 = percentile(probeLatencies, 99)
  // Probes never wait for the render queue: the typical probe is much faster than the typical page.
  t.ok(
    probe50 * 3 < page50,
    `/healthz p50 ${probe50.toFixed(0)} ms vs rendered page p50 ${page50.toFixed(0)} ms under the flood`,
  )
  // The issue's figures (p99 100 ms on a core of its own; Kubernetes' 1 s probe time-out) measure
  // the host as much as the server here: printed, not judged.
  const probe95 = percentile(probeLatencies, 95)
  t.comment(
    `/healthz p95 ${probe95.toFixed(0)} ms, p99 ${probe99.toFixed(0)} ms under the flood (idle here: p99 ${percentile(restProbes, 99).toFixed(0)} ms; one render ≈ ${renderMs.toFixed(0)} ms; this test process stalled up to ${clientStallMs.toFixed(0)} ms; ${probeLatencies.filter((ms) => ms < 100).length} of ${probeLatencies.length} under 100 ms)`,
  )

  // Shed by the render queue or, when the loop lags, before any hook (both ADR 0068).
  const shedBy = (reason: string) => sampleOf(metrics, 'load_shed_total', { reason }) || 0
  const shed = shedBy('render_queue') + shedBy('event_loop_delay')
  t.ok(shed >= refused.length, `every 503 counted in load_shed_total (${shed})`)
})
