import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { getHeapStatistics } from 'node:v8'
import type { z } from 'zod'
import type { RateLimitBucket } from '../shared/api/endpoints.ts'
import { envSchema, type RawEnv } from './schema.ts'
import { type Topology, topologySchema } from './topology.ts'

export type { EnvironmentConfig, Topology } from './topology.ts'

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** At most `max` requests per client IP in `windowMs` (one rate-limit bucket). */
export interface RateLimitRule {
  max: number
  windowMs: number
}

/** The rate-limit buckets: the endpoints' own and `render` (pages rendered for one request). */
export type LimitedBucket = RateLimitBucket | 'render'

export type UpstreamSource = { kind: 'configured'; topology: Topology } | { kind: 'sandbox' }

export interface AppConfig {
  nodeEnv: 'production' | 'development' | 'test'
  isProduction: boolean
  host: string
  port: number
  logLevel: string
  logFormat: 'json' | 'pretty'
  ssrMode: 'built' | 'vite'
  /** The site's origin as browsers see it; unset means "whatever host the request was sent to". */
  publicOrigin: string | undefined
  /**
   * The origin in every address the BFF gives a provider to come back to (SSO `redirect_uri`s, the
   * external app's returns): PUBLIC_ORIGIN, required in production with real upstreams; outside it
   * `http://localhost:<PORT>`. Never taken from a request's `Host` or `X-Forwarded-Host`, which a
   * visitor chooses (issue 46: a foreign host would collect an employee's `authId`).
   */
  siteOrigin: string
  /** Which session cookie browsers get: `__Host-` and Secure, or plain on a loopback http origin (ADR 0155). */
  cookieSecurity: CookieSecurity
  sessionKeys: Buffer[]
  /** True when no SESSION_KEYS were given outside production: sessions end at restart. */
  ephemeralSessionKey: boolean
  upstreams: UpstreamSource
  upstreamTimeoutMs: number
  /** Byte cap of the signed-out page cache; 0 turns it off. */
  pageCacheBytes: number
  /** Frame parts rendered once per key (ADR 0060). */
  frameFragments: boolean
  /** Test runs: stop when the process that started this one is gone (its launcher was killed). */
  exitWithParent: boolean
  edition: 'international' | 'chinese'
  /** Fastify's trustProxy: `true` (every hop) or the addresses/CIDRs of our own proxies. */
  trustProxy: boolean | string[]
  /** Per-IP limits of the BFF's rate-limit buckets (RATE_LIMIT_*); `render`: uncached page renders. */
  rateLimits: Record<LimitedBucket, RateLimitRule>
  /** RESET_SENDS_PER_CLIENT: reset messages one client may have sent to one address a day. */
  resetSendsPerClient: number
  /** Load shedding (ADR 0068): thresholds past which pages and /api answer 503; 0 = check off. */
  shedding: { eventLoopDelayMs: number; heapUsedBytes: number; renderWaitMs: number; warmUpRenders: number }
  /** Shared store of rate limits and revoked sessions for several replicas; unset: in memory. */
  redisUrl: string | undefined
  /** First part of every Redis key (REDIS_KEY_PREFIX), without the colon. */
  redisKeyPrefix: string
  /** Several replicas without Redis were allowed (ALLOW_PER_POD_STORES): the start warns. */
  allowPerPodStores: boolean
  /** /readyz fails while Redis is away (READINESS_REQUIRE_STORE). */
  readinessRequiresStore: boolean
  /** OpenTelemetry traces (OTEL_*); null: off, and the SDK never loaded. */
  tracing: {
    endpoint: string
    sampler: RawEnv['OTEL_TRACES_SAMPLER']
    samplerArg: number | undefined
  } | null
  /** Port of the separate Prometheus listener (ADR 0045). */
  metricsPort: number
  /** What every metric says about this process: `region` label, `build_info{version,revision}`. */
  build: { region: string; version: string; revision: string }
  /** Graceful shutdown: readiness false for `delayMs` while serving, then at most `timeoutMs` to finish. */
  shutdown: { delayMs: number; timeoutMs: number }
  /** Lifetimes of a signed-in session (SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES), in ms. */
  sessionLifetime: { absoluteMs: number; idleMs: number }
  /** First port of the sandbox's region servers (SANDBOX_PORT); undefined: free ports. */
  sandboxPort: number | undefined
  /** Microsoft sign-in (MICROSOFT_AUTHORIZE_URL, MICROSOFT_CLIENT_ID); on the sandbox the URL defaults to its page. */
  microsoft: { authorizeUrl: string | undefined; clientId: string | undefined }
  /** The standalone external sign-in and connect app (EXTERNAL_*). */
  externalApp: ExternalAppConfig
  /** The captcha provider's script (CAPTCHA_SCRIPT_URL, CAPTCHA_ID; ADR 0027); null: the upstream's challenge. */
  captchaProvider: CaptchaProviderConfig | null
}

export interface CaptchaProviderConfig {
  scriptUrl: string
  captchaId: string
  /** The one origin the CSP lets the provider use (the script's). */
  origin: string
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * `host-secure`: a `__Host-` cookie with Secure (every origin but one on this machine);
 * `loopback-http`: a plain cookie, for the embedded default served over http on loopback (ADR 0155).
 */
export type CookieSecurity = 'host-secure' | 'loopback-http'

/** A name browsers resolve to this machine only (`sg.localhost` included, RFC 6761). */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || hostname.endsWith('.localhost') || hostname === '::1'
}

/**
 * WebKit keeps no Secure cookie from an http page, not even on loopback (Chromium and Firefox do):
 * on `npm start`'s http://localhost every step after the first lost its session there. The plain
 * cookie is used only where nobody but this machine can reach the site over http — the origin is
 * http on a loopback name, or no origin is configured and the server listens on loopback only —
 * and never in a deployment (a production build against configured upstreams). Plain http on any
 * other origin is refused: its cookies would travel readable on the network.
 */
function cookieSecurityOf(
  publicOrigin: string | undefined,
  host: string,
  deployment: boolean,
): CookieSecurity {
  if (publicOrigin) {
    const url = new URL(publicOrigin)
    if (url.protocol === 'https:') return 'host-secure'
    if (!isLoopbackHost(url.hostname))
      throw new ConfigError(
        `PUBLIC_ORIGIN: ${url.origin} is plain http on a host other machines reach: use https (http only for localhost, 127.0.0.1 or [::1])`,
      )
    return deployment ? 'host-secure' : 'loopback-http'
  }
  return !deployment && isLoopbackHost(host) ? 'loopback-http' : 'host-secure'
}

function readCaptchaProvider(scriptUrl: string | undefined, captchaId: string | undefined) {
  if (!scriptUrl && !captchaId) return null
  if (!scriptUrl || !captchaId)
    throw new ConfigError('CAPTCHA_SCRIPT_URL and CAPTCHA_ID go together: set both or neither')
  const url = new URL(scriptUrl)
  // A script fetched over plain http could be swapped on the way; only a local test provider may.
  if (url.protocol !== 'https:' && !LOOPBACK_HOSTS.has(url.hostname))
    throw new ConfigError('CAPTCHA_SCRIPT_URL: must be https (http only for localhost)')
  return { scriptUrl: url.href, captchaId, origin: url.origin }
}

export interface ExternalAppConfig {
  /** Path prefix without trailing slash, e.g. `/auth/external`. */
  basePath: string
  /** URL_DOMAIN of the app's runtime config; empty: the site's own origin. */
  urlDomain: string
  textPrefix: string
  /** Authorization start per provider name (EXTERNAL_AUTHORIZE_URLS). */
  authorizeUrls: Record<string, string>
}

function parseAuthorizeUrls(raw: string | undefined): Record<string, string> {
  if (!raw?.trim()) return {}
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch (error) {
    throw new ConfigError(`EXTERNAL_AUTHORIZE_URLS: not valid JSON (${(error as Error).message})`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError('EXTERNAL_AUTHORIZE_URLS: expected an object of provider → https URL')
  }
  const urls: Record<string, string> = {}
  for (const [provider, url] of Object.entries(value)) {
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
      throw new ConfigError(`EXTERNAL_AUTHORIZE_URLS: ${provider} must be an http(s) URL`)
    }
    urls[provider] = url
  }
  return urls
}

function describeIssues(error: z.ZodError, prefix = ''): string {
  return error.issues
    .map((issue) => `${prefix}${issue.path.join('.') || '(value)'}: ${issue.message}`)
    .join('; ')
}

const SESSION_KEY_BYTES = 32

function parseSessionKeys(raw: string | undefined, isProduction: boolean) {
  if (!raw?.trim()) {
    if (isProduction)
      throw new ConfigError('SESSION_KEYS is required in production (comma-separated base64 keys)')
    return { keys: [randomBytes(SESSION_KEY_BYTES)], ephemeral: true }
  }
  const keys = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((encoded, index) => {
      const key = Buffer.from(encoded, 'base64')
      if (key.length !== SESSION_KEY_BYTES) {
        throw new ConfigError(
          `SESSION_KEYS: key #${index + 1} must be ${SESSION_KEY_BYTES} bytes of base64 (got ${key.length} bytes)`,
        )
      }
      return key
    })
  return { keys, ephemeral: false }
}

function parseTopology(json: string, variable: string): Topology {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch (error) {
    throw new ConfigError(`${variable}: not valid JSON (${(error as Error).message})`)
  }
  const parsed = topologySchema.safeParse(value)
  if (!parsed.success) throw new ConfigError(`${variable}: ${describeIssues(parsed.error)}`)
  return parsed.data
}

function readUpstreams(env: z.infer<typeof envSchema>, isProduction: boolean): UpstreamSource {
  if (env.UPSTREAMS_JSON)
    return { kind: 'configured', topology: parseTopology(env.UPSTREAMS_JSON, 'UPSTREAMS_JSON') }
  if (env.UPSTREAMS_FILE) {
    let text: string
    try {
      text = readFileSync(env.UPSTREAMS_FILE, 'utf8')
    } catch (error) {
      throw new ConfigError(`UPSTREAMS_FILE: cannot read ${env.UPSTREAMS_FILE} (${(error as Error).message})`)
    }
    return { kind: 'configured', topology: parseTopology(text, `UPSTREAMS_FILE (${env.UPSTREAMS_FILE})`) }
  }
  if (env.SANDBOX === 'on' || (env.SANDBOX === 'auto' && !isProduction)) return { kind: 'sandbox' }
  // The sandbox answers with fixtures: a deployment must never fall back to it silently.
  throw new ConfigError(
    isProduction
      ? 'UPSTREAMS_FILE or UPSTREAMS_JSON is required in production'
      : 'UPSTREAMS_FILE or UPSTREAMS_JSON is required when SANDBOX=off',
  )
}

/** The version in package.json (the image carries it next to server/). */
function packageVersion(): string {
  const file = new URL('../package.json', import.meta.url)
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version
}

const MIB = 1024 * 1024
/**
 * Renders before a production process reports ready (ADR 0114): a fresh process's renders take
 * 10–20 ms for the first few dozen and approach their ≈ 4 ms after a hundred or two.
 */
const WARM_UP_RENDERS = 150

/**
 * Heap in use past which requests are shed: the configured MiB, or 90 % of V8's limit (which
 * follows --max-old-space-size, the chart's heapMb), so a pod sheds before it dies of OOM.
 */
function heapThresholdBytes(configuredMb: number | undefined): number {
  if (configuredMb !== undefined) return configuredMb * MIB
  return Math.floor(getHeapStatistics().heap_size_limit * 0.9)
}

/** What the drain adds to the upstream time-out when SHUTDOWN_TIMEOUT_MS is unset: the answer's own way out. */
export const DRAIN_MARGIN_MS = 5000

/**
 * The drain after SIGTERM (ADR 0069) outlasts the slowest upstream call: a sign-in waiting on a
 * slow upstream during a rollout must get its answer, not a cut connection and the ingress's 502.
 */
function shutdownTimeoutMs(configured: number | undefined, upstreamTimeoutMs: number): number {
  if (configured === undefined) return upstreamTimeoutMs + DRAIN_MARGIN_MS
  if (configured < upstreamTimeoutMs)
    throw new ConfigError(
      `SHUTDOWN_TIMEOUT_MS (${configured}) must be at least UPSTREAM_TIMEOUT_MS (${upstreamTimeoutMs}): ` +
        'an upstream call in flight at SIGTERM would be cut off (ADR 0069). Unset, it is the upstream time-out + 5 s',
    )
  return configured
}

/** Parses the process environment once; throws a ConfigError naming the variable at fault. */
/**
 * Several replicas share sign-outs, rate limits and single-use claims through Redis, or do not
 * start (issue 47): without it a cookie signed out on one pod stays signed in on the others. Only
 * production refuses (development and tests run one process); ALLOW_PER_POD_STORES=true starts
 * anyway, and the start says so at warn.
 */
function perPodStoresAllowed(env: RawEnv, isProduction: boolean): boolean {
  const allowed = env.ALLOW_PER_POD_STORES === 'true'
  if (isProduction && env.EXPECTED_REPLICAS > 1 && !env.REDIS_URL && !allowed)
    throw new ConfigError(
      `EXPECTED_REPLICAS is ${env.EXPECTED_REPLICAS} but REDIS_URL is unset: replicas would not share sign-outs, ` +
        'rate limits or single-use claims. Set REDIS_URL, or ALLOW_PER_POD_STORES=true to run each pod with its own stores.',
    )
  return allowed && !env.REDIS_URL
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) throw new ConfigError(describeIssues(parsed.error))
  const env = parsed.data
  const isProduction = env.NODE_ENV === 'production'
  if (isProduction && env.SSR_MODE === 'vite') throw new ConfigError('SSR_MODE: vite is for development only')
  const upstreams = readUpstreams(env, isProduction)
  const publicOrigin = env.PUBLIC_ORIGIN?.replace(/\/+$/, '')
  // A sandbox run is a machine of one's own: a random key is fine there, never in a deployment.
  const { keys, ephemeral } = parseSessionKeys(env.SESSION_KEYS, isProduction && upstreams.kind !== 'sandbox')
  // As the chart requires `publicOrigin`: a deployment never builds a return address from headers.
  if (!publicOrigin && isProduction && upstreams.kind !== 'sandbox')
    throw new ConfigError(
      'PUBLIC_ORIGIN is required in production (the site’s origin, e.g. https://www.example.com)',
    )
  return {
    nodeEnv: env.NODE_ENV,
    isProduction,
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (isProduction || env.NODE_ENV === 'test' ? 'json' : 'pretty'),
    ssrMode: env.SSR_MODE,
    publicOrigin,
    siteOrigin: publicOrigin ?? `http://localhost:${env.PORT}`,
    cookieSecurity: cookieSecurityOf(publicOrigin, env.HOST, isProduction && upstreams.kind === 'configured'),
    sessionKeys: keys,
    ephemeralSessionKey: ephemeral,
    upstreams,
    upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
    pageCacheBytes: env.PAGE_CACHE_MB * 1024 * 1024,
    frameFragments: env.FRAME_FRAGMENTS === 'on',
    exitWithParent: env.EXIT_WITH_PARENT === 'on',
    edition: env.EDITION,
    trustProxy: env.TRUST_PROXY,
    resetSendsPerClient: env.RESET_SENDS_PER_CLIENT,
    rateLimits: {
      signIn: env.RATE_LIMIT_SIGN_IN,
      signUp: env.RATE_LIMIT_SIGN_UP,
      reset: env.RATE_LIMIT_RESET,
      code: env.RATE_LIMIT_CODE,
      render:
        env.RATE_LIMIT_RENDER ??
        (env.NODE_ENV === 'test' ? { max: 999_999, windowMs: 60_000 } : { max: 120, windowMs: 60_000 }),
    },
    shedding: {
      // Off in tests and in development (SSR_MODE=vite): Vite's dependency optimizer and its
      // transforms block the loop by design (9 s on a loaded host), and a developer's page should
      // wait for them, not get a 503.
      eventLoopDelayMs:
        env.SHED_EVENT_LOOP_DELAY_MS ?? (env.NODE_ENV === 'test' || env.SSR_MODE === 'vite' ? 0 : 200),
      heapUsedBytes: heapThresholdBytes(env.SHED_HEAP_USED_MB),
      renderWaitMs: env.SHED_RENDER_WAIT_MS,
      // Tests build hundreds of apps and development compiles pages on demand: no warm-up there.
      warmUpRenders:
        env.WARM_UP_RENDERS ?? (env.NODE_ENV === 'test' || env.SSR_MODE === 'vite' ? 0 : WARM_UP_RENDERS),
    },
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    allowPerPodStores: perPodStoresAllowed(env, isProduction),
    readinessRequiresStore: env.READINESS_REQUIRE_STORE === 'true',
    tracing: env.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
          sampler: env.OTEL_TRACES_SAMPLER,
          samplerArg: env.OTEL_TRACES_SAMPLER_ARG,
        }
      : null,
    metricsPort: env.METRICS_PORT,
    build: {
      // Unset outside a deployment (a laptop, the tests): said plainly rather than guessed.
      region: env.REGION ?? 'unset',
      version: packageVersion(),
      revision: env.GIT_REVISION ?? 'unknown',
    },
    shutdown: {
      delayMs: env.SHUTDOWN_DELAY_MS,
      timeoutMs: shutdownTimeoutMs(env.SHUTDOWN_TIMEOUT_MS, env.UPSTREAM_TIMEOUT_MS),
    },
    sessionLifetime: {
      absoluteMs: env.SESSION_ABSOLUTE_HOURS * 60 * 60_000,
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
    },
    sandboxPort: env.SANDBOX_PORT,
    microsoft: { authorizeUrl: env.MICROSOFT_AUTHORIZE_URL, clientId: env.MICROSOFT_CLIENT_ID },
    externalApp: {
      basePath: env.EXTERNAL_APP_BASE,
      urlDomain: env.EXTERNAL_URL_DOMAIN?.replace(/\/+$/, '') ?? '',
      textPrefix: env.EXTERNAL_TEXT_PREFIX,
      authorizeUrls: parseAuthorizeUrls(env.EXTERNAL_AUTHORIZE_URLS),
    },
    captchaProvider: readCaptchaProvider(env.CAPTCHA_SCRIPT_URL, env.CAPTCHA_ID),
  }
}
