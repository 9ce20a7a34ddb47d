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

    const requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    })
    const ssrDuration = new Histogram({
      name: 'ssr_render_duration_seconds',
      help: 'Time to render and send a page (the page route), by status code',
      labelNames: ['status_code'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    })
    new Gauge({
      name: 'build_info',
      help: 'Always 1: the version (package.json) and source revision (GIT_REVISION) this process runs',
      labelNames: ['version', 'revision'] as const,
      registers: [registry],
    }).set({ version: options.build.version, revision: options.build.revision }, 1)
    // `region` on every series is this release's; the region of the upstream called is its own label.
    const upstreamDuration = new Histogram({
      name: 'upstream_request_duration_seconds',
      help: 'Time of an upstream call until its answer was read, by upstream region, environment and outcome',
      labelNames: ['upstream_region', 'environment', 'outcome'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    })
    const upstreamErrors = new Counter({
      name: 'upstream_errors_total',
      help: 'Upstream calls that failed (timeout, unreachable, bad status or body), by upstream region and environment',
      labelNames: ['upstream_region', 'environment', 'failure'] as const,
      registers: [registry],
    })
    const rateLimitRefusals = new Counter({
      name: 'rate_limit_refusals_total',
      help: 'Requests refused by a rate limit (429), by route pattern',
      labelNames: ['route'] as const,
      registers: [registry],
    })

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
      storeUp: new Gauge({
        name: 'store_up',
        help: 'Whether a store in Redis answers (1) or not (0); absent for a store in memory (see store_backend)',
        labelNames: ['store'] as const,
        registers: [registry],
      }),
      storeBackend: new Gauge({
        name: 'store_backend',
        help: 'Always 1: where each store lives, kind="redis" (shared by the replicas) or kind="memory" (this pod only)',
        labelNames: ['store', 'kind'] as const,
        registers: [registry],
      }),
      redisCommandFailures: new Counter({
        name: 'redis_command_failures_total',
        help: 'Store commands Redis did not answer: breaker_open (failed at once, Redis known away), timeout, error',
        labelNames: ['reason'] as const,
        registers: [registry],
      }),
      redisBreakerOpen: new Gauge({
        name: 'redis_breaker_open',
        help: 'Whether Redis is taken as away (1: connection down or circuit breaker open; commands fail at once) or not (0)',
        registers: [registry],
      }),
      revocationsPending: new Gauge({
        name: 'session_revocations_pending',
        help: 'Sign-outs this pod keeps in memory until Redis records them (written when it answers again)',
        registers: [registry],
      }),
      storeFailOpen: new Counter({
        name: 'store_fail_open_total',
        help: 'Checks let through because their store failed (rate limits, sign-out revocations; ADR 0004/0010)',
        labelNames: ['store'] as const,
        registers: [registry],
      }),
      storeFailClosed: new Counter({
        name: 'store_fail_closed_total',
        help: 'Single-use claims refused because their store failed',
        labelNames: ['store'] as const,
        registers: [registry],
      }),
      sessionCookieRejected: new Counter({
        name: 'session_cookie_rejected_total',
        help: 'Session cookies refused and cleared: unreadable (tampered, unknown key), expired, revoked',
        labelNames: ['reason'] as const,
        registers: [registry],
      }),
      loadShed: new Counter({
        name: 'load_shed_total',
        help: 'Requests answered 503 to shed load (ADR 0068), by what was over its threshold',
        labelNames: ['reason'] as const,
        registers: [registry],
      }),
      renderQueueWait: new Histogram({
        name: 'ssr_render_queue_wait_seconds',
        help: 'Time a page render waited for its turn in the render queue, by outcome: rendered, or refused (503) because its turn came past SHED_RENDER_WAIT_MS',
        labelNames: ['outcome'] as const,
        buckets: QUEUE_WAIT_BUCKETS,
        registers: [registry],
      }),
    })
  },
  { name: 'metrics', fastify: '5.x' },
)
