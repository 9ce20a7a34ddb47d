import { once } from 'node:events'
import t from 'tap'
import { admin } from '../sandbox/helpers.ts'
import { sampleOf } from '../support/metrics.ts'
import { type ServerProcess, startServerProcess } from '../support/server-process.ts'
import { waitFor } from '../support/wait.ts'

// A real `node server/server.ts` (production build, embedded sandbox upstream) under steady load
// gets SIGTERM. What an ingress needs: readiness turns 503 while requests are still served, a
// request in flight when the server stops listening still gets its answer — also a sign-in whose
// upstream is slower than the old 10 s drain (issue 20 point 5, ADR 0069) — nothing fails, and
// the process exits 0 inside the grace period. Needs dist/ (npm test builds it first).

const SHUTDOWN_DELAY_MS = 2000
/** The drain before ADR 0069: fixed, shorter than an upstream call may take. */
const OLD_DRAIN_MS = 10_000
const UPSTREAM_TIMEOUT_MS = 15_000
// SHUTDOWN_TIMEOUT_MS is left unset: the server derives it from the upstream time-out.
/** The slow sign-in's upstream answers after the old drain would have cut it. */
const SLOW_UPSTREAM_MS = SHUTDOWN_DELAY_MS + OLD_DRAIN_MS + 1500
/** How long after readiness turns false the "ingress" still sends: endpoint propagation lag. */
const INGRESS_LAG_MS = 300
const WORKERS = 6
const LOAD_PATHS = ['/healthz', '/auth/sign_in', '/auth/sign_in?language=zh', '/']

function startServer(): Promise<ServerProcess> {
  return startServerProcess({
    SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
    UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
  })
}

t.test(
  'shutdown › SIGTERM under load: readiness false first, in-flight answered, 0 failed, exit 0',
  async (t) => {
    const server = await startServer()
    t.teardown(() => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL')
    })
    const exited = once(server.child, 'exit')

    let sending = true
    let ok = 0
    const failures: string[] = []
    let answeredAfterNotReady = 0
    let notReadyAt = 0
    const worker = async (index: number) => {
      for (let i = index; sending; i++) {
        const target = LOAD_PATHS[i % LOAD_PATHS.length] ?? '/healthz'
        try {
          const response = await fetch(`${server.baseUrl}${target}`)
          await response.arrayBuffer()
          if (response.status >= 200 && response.status < 400) {
            ok++
            if (notReadyAt) answeredAfterNotReady++
          } else failures.push(`${target} → ${response.status}`)
        } catch (error) {
          failures.push(`${target} → ${(error as Error).cause ?? (error as Error).message}`)
        }
      }
    }
    // The ingress's view: readiness polled; once it says 503 it sends for INGRESS_LAG_MS more.
    const readinessWatch = (async () => {
      while (!notReadyAt) {
        const response = await fetch(`${server.baseUrl}/readyz`).catch(() => undefined)
        if (response?.status === 503) notReadyAt = Date.now()
        await response?.arrayBuffer()
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      await new Promise((resolve) => setTimeout(resolve, INGRESS_LAG_MS))
      sending = false
    })()
    const load = Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)))

    await waitFor('steady load before the signal', () => ok >= 40 || failures.length > 0, { intervalMs: 100 })
    t.ok(ok >= 40, `steady load before the signal (${ok} answered; ${failures.slice(0, 3)})`)
    const metrics = await (await fetch(server.metricsUrl)).text()
    t.ok(sampleOf(metrics, 'http_request_duration_seconds_count', { route: '/*', status_code: '200' }) > 0)
    t.match(metrics, /^process_cpu_user_seconds_total\{[^}]*\} /m, 'process metrics on the metrics port')
    t.equal((await fetch(`${server.baseUrl}/metrics`)).status, 404, 'the public port does not serve them')

    // A slow upstream call begun inside the drain window is still running when the server stops
    // listening, and past the old 10 s drain; it must get its answer. (The load never calls an
    // upstream: the fault is its own.)
    for (const url of server.sandboxUrls) {
      await admin(url, 'PUT', '/faults', { delayMs: SLOW_UPSTREAM_MS, remaining: 1 })
    }
    const signalledAt = Date.now()
    server.child.kill('SIGTERM')
    const slow = await fetch(`${server.baseUrl}/api/basic-login/registerEmailCheck/4`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        'sec-fetch-site': 'same-origin',
      },
      body: JSON.stringify({ email: 'demo@sandbox.test' }),
    })
    const slowAnsweredAt = Date.now()
    t.equal(slow.status, 200, 'the request in flight during the close was answered')
    t.ok(
      slowAnsweredAt - signalledAt > SHUTDOWN_DELAY_MS + OLD_DRAIN_MS,
      `answered ${slowAnsweredAt - signalledAt} ms after SIGTERM: after the old drain would have cut it`,
    )

    await Promise.all([load, readinessWatch])
    const [code] = await exited

    t.same(failures, [], '0 failed requests')
    const closing = server.logLines().find((line) => line.msg === 'closing: finishing requests in flight')
    // By the order of events, not a stopwatch (issue 45): the ingress saw readiness 503 before the
    // server logged that it stops listening.
    t.ok(notReadyAt > 0 && closing && notReadyAt <= Number(closing.seenAt), 'readiness turned false first')
    t.ok(
      answeredAfterNotReady > 0,
      `requests still served after readiness went false (${answeredAfterNotReady})`,
    )
    t.ok(
      closing && Number(closing.seenAt) < slowAnsweredAt,
      'the server stopped listening before the slow answer',
    )
    // close-with-grace exits 1 when its grace (SHUTDOWN_DELAY_MS + the derived time-out) runs out:
    // exit code 0 is the process finishing its close inside the grace period.
    t.equal(code, 0, 'exit code 0: closed inside the grace period, not killed by its time-out')
  },
)
