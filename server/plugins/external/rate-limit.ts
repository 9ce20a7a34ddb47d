import rateLimit, { normalizeIP } from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { LimitedBucket, RateLimitRule } from '../../../config/index.ts'
import type { FlowAction } from '../../../shared/api/endpoints/define.ts'
import type { RateLimitBucket } from '../../../shared/api/endpoints.ts'
import type { OpsMetrics } from '../../plugins/app/metrics.ts'
import { type ActionStep, openAllowance, paidByAllowance } from '../../rate-limit-actions.server.ts'
import { sendRateLimited } from '../../rate-limited.ts'
import { logStoreFailure, type SharedRedis } from '../../redis.ts'
import { API_ROUTE, apiEndpointOf, decorateApiEndpoint } from '../../routes/api/endpoint-of.ts'
import { storeHealth } from '../../store-health.ts'

export interface RateLimitPluginOptions {
  /** Requests per client IP and window of each bucket; an endpoint names its bucket (`limit`). */
  limits: Record<LimitedBucket, RateLimitRule>
  /** The shared connection (server/redis.ts) every replica counts in; none: each process counts on its own. */
  redis: SharedRedis | undefined
  /** store_up / store_fail_open_total; none when registered alone. */
  metrics?: OpsMetrics
}

/** Distinct client+bucket keys one process remembers (in-memory store, least recently used go). */
const MEMORY_KEYS = 50_000
/** Keys in Redis: `<REDIS_KEY_PREFIX>:rate-limit:<bucket>:<ip>`. */
const REDIS_NAMESPACE = 'rate-limit:'

/**
 * Per-IP limits on sign-in, sign-up, password-reset and code-sending endpoints, with
 * @fastify/rate-limit's counting and stores. Nothing else is limited: the check runs in a root
 * `onRequest` hook, so before the proxy's own hooks and handler, and only for `/api/*` calls whose
 * endpoint names a bucket. Register it after the language plugin (the 429 answer is localised).
 *
 * The client IP is Fastify's `request.ip`: the socket's address, or with TRUST_PROXY the address
 * X-Forwarded-For gives (see config/schema.ts: set the ingress's addresses, e.g. `uniquelocal`, not
 * `true`, or a client chooses its own address and so its own budget). IPv6 clients are counted per
 * /64, the block one subscriber holds.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Spends one unit of `bucket` for the request's client: 0 when allowed (or when the store
     * fails: fail open), else the seconds until the budget refills. For checks a handler makes
     * itself, such as the page renderer's per-IP limit on uncached renders (ADR 0068).
     */
    spendRateLimit(request: FastifyRequest, bucket: LimitedBucket): Promise<number>
  }
  interface FastifyRequest {
    /** The bucket this request spends, while its check runs (read by the limiter's key and rule). */
    rateLimitBucket: LimitedBucket | null
    /** The action step this request paid for, so the allowance opens once it passed every refusal. */
    paidActionStep: ActionStep | null
  }
  interface FastifyContextConfig {
    /** A BFF route of its own that spends a bucket (e.g. starting a WeCom QR sign-in). */
    rateLimitBucket?: RateLimitBucket
    /** The action the route is a step of (its cost shared with the action's other steps). */
    rateLimitAction?: FlowAction
  }
}

interface Spending {
  bucket: RateLimitBucket
  step: ActionStep | undefined
}

/** The bucket a request spends, its `/api` endpoint's or its own route's, and the action step. */
function spendingOf(request: FastifyRequest): Spending | undefined {
  if (request.routeOptions.url !== API_ROUTE) {
    const { rateLimitBucket: bucket, rateLimitAction: action } = request.routeOptions.config ?? {}
    if (!bucket) return undefined
    return { bucket, step: action ? { action, step: request.routeOptions.url ?? '' } : undefined }
  }
  // The proxy's own lookup (made here first, kept on the request): whatever path spelling reaches
  // an endpoint there is counted here.
  const endpoint = apiEndpointOf(request)?.endpoint
  if (endpoint?.access !== 'page' || !endpoint.limit) return undefined
  return {
    bucket: endpoint.limit,
    step: endpoint.action ? { action: endpoint.action, step: endpoint.name } : undefined,
  }
}

export default fp<RateLimitPluginOptions>(
  async (app, options) => {
    // Request fields, not WeakMaps keyed by the request: two ephemerons per limited call were
    // work for every garbage collection under load.
    app.decorateRequest('rateLimitBucket', null)
    app.decorateRequest('paidActionStep', null)
    decorateApiEndpoint(app)
    const ruleOf = (request: FastifyRequest): RateLimitRule => {
      const bucket = request.rateLimitBucket
      if (!bucket) throw new Error('rate limit checked for a request without a bucket')
      return options.limits[bucket]
    }

    // An unreachable store must never take the site down: the check then lets the request through
    // (fail open) and the log says so once per outage. Failing closed would refuse every customer's
    // sign-in for as long as Redis is away; failing open only loses the brute-force brake for that
    // time. We catch the store's error ourselves rather than set the library's `skipOnError: true`,
    // which does the same but silently: operators must see that limiting is off.
    const { redis } = options
    const health = storeHealth(options.metrics, 'rate-limit', redis)
    let storeFailing = false
    const storeFailed = (err: unknown) => {
      if (!storeFailing)
        logStoreFailure(app.log, err, 'rate-limit store failed: limited endpoints pass unchecked')
      storeFailing = true
      health.down()
    }
    const storeAnswered = () => {
      if (storeFailing) app.log.info('rate-limit store answers again')
      storeFailing = false
      health.up()
    }
    /** A request let through unchecked: counted, so an outage shows as more than one log line. */
    const passedUnchecked = (err: unknown) => {
      storeFailed(err)
      health.failedOpen()
    }

    await app.register(rateLimit, {
      // Routes get no limit of their own; the hook below applies the one check we create.
      global: false,
      skipOnError: false,
      cache: MEMORY_KEYS,
      redis: redis?.client,
      nameSpace: redis?.prefix(REDIS_NAMESPACE) ?? REDIS_NAMESPACE,
      // Client and bucket: sign-in attempts never use up the budget of code-sending, and back.
      // An IPv4 address is its own key; only IPv6 needs the library's parsing into its /64 (its
      // IPv6 check is a long regular expression run on every limited call).
      keyGenerator: (request) =>
        `${request.rateLimitBucket}:${request.ip.includes(':') ? normalizeIP(request.ip) : request.ip}`,
      max: (request) => ruleOf(request).max,
      timeWindow: (request) => ruleOf(request).windowMs,
    })
    const limiter = app.createRateLimit()
    // The library calls Redis itself: its check goes through the breaker as a whole, so while
    // Redis is away a limited call passes at once (fail open) instead of waiting on the store.
    const check: typeof limiter = redis ? (request) => redis.run(() => limiter(request)) : limiter

    /** Seconds until the bucket has room again: 0 now, undefined when the store did not answer. */
    const spend = async (request: FastifyRequest, bucket: LimitedBucket): Promise<number | undefined> => {
      request.rateLimitBucket = bucket
      let limit: Awaited<ReturnType<typeof check>>
      try {
        limit = await check(request)
      } catch (err) {
        passedUnchecked(err)
        return undefined
      }
      storeAnswered()
      if (limit.isAllowed || !limit.isExceeded) return 0
      request.log.warn({ bucket, ip: request.ip }, 'rate limit reached')
      return Math.max(1, limit.ttlInSeconds)
    }

    app.decorate('spendRateLimit', async (request: FastifyRequest, bucket: LimitedBucket) => {
      return (await spend(request, bucket)) ?? 0
    })

    app.addHook('onRequest', async (request, reply) => {
      const spending = spendingOf(request)
      if (!spending) return
      const { bucket, step } = spending
      // A later step of an action this session has paid for costs nothing more.
      if (step && (await paidByAllowance(request, step))) return
      const wait = await spend(request, bucket)
      // Passed unchecked (the store did not answer): nothing was paid, so no allowance opens.
      if (wait === undefined) return
      if (wait > 0) return sendRateLimited(request, reply, wait)
      if (step) request.paidActionStep = step
    })

    // The allowance opens once the request got past every refusal (a cross-site call, refused in
    // a later onRequest hook, must not be handed a session cookie).
    // Callback style: most requests paid for nothing and pass without a promise.
    app.addHook('preHandler', (request, _reply, done) => {
      const step = request.paidActionStep
      if (!step) return done()
      // A throw in done() becomes the request's error, never an unhandled rejection.
      openAllowance(request, step)
        .then(() => done())
        .catch(done)
    })
  },
  { name: 'rate-limit', fastify: '5.x', dependencies: ['language', 'single-use'] },
)
