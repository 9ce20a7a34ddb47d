import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { UpstreamError } from '../../upstream/errors.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry; server.ts serves it on METRICS_PORT (ADR 0045). */
    metrics: Registry
    /** Counters and gauges other plugins move: stores, session cookies, load shedding. */
    opsMetrics: OpsMetrics
  }
}

/** The shared stores (Redis when REDIS_URL is set, this process's memory otherwise). */
export type StoreName = 'rate-limit' | 'session-revocations' | 'single-use'
/** Why a session cookie was refused: it did not open, its lifetime is over, or it was signed out. */
export type CookieRejection = 'unreadable' | 'expired' | 'revoked'

export interface OpsMetrics {
  storeUp: Gauge<'store'>
  /** Always 1, on the series naming where the store lives: `kind` memory or redis. */
  storeBackend: Gauge<'store' | 'kind'>
  /** Store commands that got no answer from Redis, by why (server/redis.ts RedisFailure). */
  redisCommandFailures: Counter<'reason'>
  /** 1 while Redis is taken as away (connection down or breaker open): commands fail at once. */
  redisBreakerOpen: Gauge
  /** Sign-outs kept in this process until Redis records them (an outage; docs/redis.md). */
  revocationsPending: Gauge
  storeFailOpen: Counter<'store'>
  storeFailClosed: Counter<'store'>
  sessionCookieRejected: Counter<'reason'>
  /** By ShedReason (server/busy.ts). */
  loadShed: Counter<'reason'>
  /** How long page renders waited for their turn (ADR 0057), by whether they then ran. */
  renderQueueWait: Histogram<'outcome'>
}

/** The page renderer's catch-all route (server/plugins/app/ssr.server.ts). */
const SSR_ROUTE = '/*'
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20]
/**
 * Render-queue waits: fine where renders barely wait, and steps of half a second up to past the
 * default bound (SHED_RENDER_WAIT_MS, 2 s), so a p99 creeping towards the bound shows before sheds.
 */
const QUEUE_WAIT_BUCKETS = [0.001, 0.005, 0.025, 0.1, 0.25, 0.5, 1, 1.5, 2, 2.5, 5, 10]

export interface MetricsPluginOptions {
  /** Process metrics (CPU, memory, event-loop lag, GC) too; off in tests that build many apps. */
  processMetrics?: boolean
  /** The release's region (a label on every series) and the build's version and revision. */
  build: { region: string; version: string; revision: string }
}

/**
 * Prometheus metrics of one process: requests by route pattern (never the raw URL: the label set
 * stays small) and status, page render time, upstream calls by region and environment, rate-limit
 * refusals, and Node's process metrics. Only counts: nothing is served from the app's own port.
 */
export default fp<MetricsPluginOptions>(
  async (app: FastifyInstance, options) => {
    const registry = new Registry()
    // Every series names its region, so one Prometheus (or a federation) holding all four
    // releases can tell them apart without relabelling (issue 20 point 6).
    registry.setDefaultLabels({ app: 'account-edge', region: options.build.region })
    if (options.processMetrics !== false) collectDefaultMetrics({ register: registry })
    // Every metric registers in this app's registry, never prom-client's global one (tests build
    // many apps in one process).
    const counter = <Label extends string = string>(name: string, help: string, labelNames: Label[] = []) =>
      new Counter<Label>({ name, help, labelNames, registers: [registry] })
    const gauge = <Label extends string = string>(name: string, help: string, labelNames: Label[] = []) =>
      new Gauge<Label>({ name, help, labelNames, registers: [registry] })
    const histogram = <Label extends string>(
      name: string,
      help: string,
      labelNames: Label[],
      buckets: number[],
    ) => new Histogram<Label>({ name, help, labelNames, buckets, registers: [registry] })

    const requestDuration = histogram(
      'http_request_duration_seconds',
      'Time to answer a request, by method, route pattern and status code',
      ['method', 'route', 'status_code'],
      LATENCY_BUCKETS,
    )
    const ssrDuration = histogram(
      'ssr_render_duration_seconds',
      'Time to render and send a page (the page route), by status code',
      ['status_code'],
      LATENCY_BUCKETS,
    )
    gauge(
      'build_info',
      'Always 1: the version (package.json) and source revision (GIT_REVISION) this process runs',
      ['version', 'revision'],
    ).set({ version: options.build.version, revision: options.build.revision }, 1)
    // `region` on every series is this release's; the region of the upstream called is its own label.
    const upstreamDuration = histogram(
      'upstream_request_duration_seconds',
      'Time of an upstream call until its answer was read, by upstream region, environment and outcome',
      ['upstream_region', 'environment', 'outcome'],
      LATENCY_BUCKETS,
    )
    const upstreamErrors = counter(
      'upstream_errors_total',
      'Upstream calls that failed (timeout, unreachable, bad status or body), by upstream region and environment',
      ['upstream_region', 'environment', 'failure'],
    )
    const rateLimitRefusals = counter(
      'rate_limit_refusals_total',
      'Requests refused by a rate limit (429), by route pattern',
      ['route'],
    )

    // Every upstream call goes through app.upstream.call: time it there, once, for all callers.
    const upstream = app.upstream
    const call = upstream.call.bind(upstream)
    upstream.call = async (request) => {
      // A double, not `process.hrtime.bigint()`: two BigInts per call for the same microseconds.
      const started = performance.now()
      const seconds = () => (performance.now() - started) / 1000
      let region = 'unknown'
      try {
        region = upstream.environment(request.environment).region
      } catch {
        // An environment missing from the topology: call() below reports it as an error.
      }
      const { environment } = request
      try {
        const answer = await call(request)
        upstreamDuration.observe({ upstream_region: region, environment, outcome: 'answered' }, seconds())
        return answer
      } catch (error) {
        const failure = error instanceof UpstreamError ? error.failure : 'internal'
        upstreamDuration.observe({ upstream_region: region, environment, outcome: 'failed' }, seconds())
        upstreamErrors.inc({ upstream_region: region, environment, failure })
        throw error
      }
    }

    // Callback style: no promise per request for synchronous bookkeeping.
    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
      const route = request.routeOptions.url ?? 'unmatched'
      const status = String(reply.statusCode)
      const seconds = reply.elapsedTime / 1000
      requestDuration.observe({ method: request.method, route, status_code: status }, seconds)
      if (route === SSR_ROUTE) ssrDuration.observe({ status_code: status }, seconds)
      if (reply.statusCode === 429) rateLimitRefusals.inc({ route })
      done()
    })

    app.decorate('metrics', registry)
    app.decorate('opsMetrics', {
      storeUp: gauge(
        'store_up',
        'Whether a store in Redis answers (1) or not (0); absent for a store in memory (see store_backend)',
        ['store'],
      ),
      storeBackend: gauge(
        'store_backend',
        'Always 1: where each store lives, kind="redis" (shared by the replicas) or kind="memory" (this pod only)',
        ['store', 'kind'],
      ),
      redisCommandFailures: counter(
        'redis_command_failures_total',
        'Store commands Redis did not answer: breaker_open (failed at once, Redis known away), timeout, error',
        ['reason'],
      ),
      redisBreakerOpen: gauge(
        'redis_breaker_open',
        'Whether Redis is taken as away (1: connection down or circuit breaker open; commands fail at once) or not (0)',
      ),
      revocationsPending: gauge(
        'session_revocations_pending',
        'Sign-outs this pod keeps in memory until Redis records them (written when it answers again)',
      ),
      storeFailOpen: counter(
        'store_fail_open_total',
        'Checks let through because their store failed (rate limits, sign-out revocations; ADR 0004/0010)',
        ['store'],
      ),
      storeFailClosed: counter(
        'store_fail_closed_total',
        'Single-use claims refused because their store failed',
        ['store'],
      ),
      sessionCookieRejected: counter(
        'session_cookie_rejected_total',
        'Session cookies refused and cleared: unreadable (tampered, unknown key), expired, revoked',
        ['reason'],
      ),
      loadShed: counter(
        'load_shed_total',
        'Requests answered 503 to shed load (ADR 0068), by what was over its threshold',
        ['reason'],
      ),
      renderQueueWait: histogram(
        'ssr_render_queue_wait_seconds',
        'Time a page render waited for its turn in the render queue, by outcome: rendered, or refused (503) because its turn came past SHED_RENDER_WAIT_MS',
        ['outcome'],
        QUEUE_WAIT_BUCKETS,
      ),
    })
  },
  { name: 'metrics', fastify: '5.x' },
)
