import { z } from 'zod'
import { REGION_IDS } from '../shared/regions.ts'

const port = z.coerce.number().int().min(0).max(65535)

const WINDOW_UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const
const MAX_WINDOW_MS = 24 * 3_600_000

/** `20/1m`: at most 20 requests per window of one minute; a window in s, m or h, from 1 s to 24 h. */
const rateLimit = z
  .string()
  .trim()
  .transform((value, context) => {
    const match = /^(\d{1,6})\s*\/\s*(\d{1,5})\s*([smh])$/.exec(value)
    const max = Number(match?.[1])
    const windowMs = Number(match?.[2]) * WINDOW_UNIT_MS[(match?.[3] ?? 's') as keyof typeof WINDOW_UNIT_MS]
    if (!match || max < 1 || windowMs < 1000 || windowMs > MAX_WINDOW_MS) {
      context.addIssue({
        code: 'custom',
        message: 'expected <max>/<window> such as 20/1m: max at least 1, window 1s to 24h (s, m or h)',
      })
      return z.NEVER
    }
    return { max, windowMs }
  })

/** The process environment we read; each field is one documented variable (README table). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Which SSR path to use: the built client and server (`built`) or Vite's dev middleware (`vite`). */
  SSR_MODE: z.enum(['built', 'vite']).default('built'),
  /** The site's own origin, as browsers see it; Origin checks compare against it. */
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  /** Comma-separated base64 keys of 32 bytes, newest first (a key ring). */
  SESSION_KEYS: z.string().optional(),
  /** Upstream topology as JSON, or a path to a JSON file (Helm mounts one). */
  UPSTREAMS_JSON: z.string().optional(),
  UPSTREAMS_FILE: z.string().optional(),
  /**
   * Embedded sandbox upstream when no upstream is configured: `auto` outside production, `on` also
   * in a production build on a developer's machine (`npm start`), `off` never. Deployments never set it.
   */
  SANDBOX: z.enum(['auto', 'on', 'off']).default('auto'),
  /**
   * First port of the embedded sandbox's region servers (sg, us, hk, ten on this port and the next
   * three), so tests and people can reach its controls; unset: free ports chosen at start.
   */
  SANDBOX_PORT: z.coerce.number().int().min(1).max(65532).optional(),
  /** `pretty` for people at a terminal, `json` for log collectors. Default: json in production. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** A signed-in session ends this many hours after sign-in, however active it was. */
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(168).default(12),
  /** A signed-in session ends after this many minutes without a request. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(1440).default(120),
  /** Memory for cached signed-out pages (ADR 0015), in MiB; 0 renders every page per request. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(1024).default(32),
  /** Frame parts rendered once per key (ADR 0060); `off` renders them on every page. */
  FRAME_FRAGMENTS: z.enum(['on', 'off']).default('on'),
  EXIT_WITH_PARENT: z.enum(['on', 'off']).default('off'),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  EDITION: z.enum(['international', 'chinese']).default('international'),
  /** The region this release serves (the chart's `region`): the `region` label of every metric. */
  REGION: z.enum(REGION_IDS).optional(),
  /** The source revision the image was built from (Dockerfile build argument): `build_info{revision}`. */
  GIT_REVISION: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, { message: 'expected a commit id or tag (letters, digits, . _ -)' })
    .optional(),
  /** Microsoft sign-in: the authorize endpoint of the tenant (default on the sandbox: its provider page). */
  MICROSOFT_AUTHORIZE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Microsoft sign-in: the application (client) id registered with Microsoft. */
  MICROSOFT_CLIENT_ID: z.string().min(1).max(200).optional(),
  /**
   * Which proxies in front of us to believe about the client address (`X-Forwarded-For`), scheme
   * and host: `false`, `true` (every hop), or comma-separated addresses/CIDRs of our own proxies,
   * which may use proxy-addr's names `loopback`, `linklocal`, `uniquelocal` (private ranges, where
   * Kubernetes pods live). The rate limits key on that address: with `true` request.ip is the
   * left-most X-Forwarded-For entry, which the client writes itself and so picks its own budget;
   * with the proxies' addresses it is the entry our ingress appended.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value, context): boolean | string[] => {
      if (value === 'true' || value === 'false') return value === 'true'
      const proxies = value.split(',').map((part) => part.trim())
      const known = (part: string) =>
        ['loopback', 'linklocal', 'uniquelocal'].includes(part) || /^[\d.:a-fA-F]+(\/\d{1,3})?$/.test(part)
      if (proxies.every(known)) return proxies
      context.addIssue({
        code: 'custom',
        message: 'expected true, false or comma-separated proxy addresses/CIDRs (or loopback, uniquelocal…)',
      })
      return z.NEVER
    }),
  /**
   * Shared store of the rate limits (`redis://[:password@]host:port[/db]`, `rediss://` for TLS):
   * every replica then counts against the same budget. Unset: each process counts on its own.
   */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /**
   * First part of every key this release writes to Redis (`<prefix>:rate-limit:…`), so releases
   * (regions) sharing one Redis never share counts, sign-outs or claims (docs/redis.md).
   */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, {
      message: 'expected letters, digits, ".", "_" or "-" (at most 64), e.g. account-edge-sg',
    })
    .default('account-edge'),
  /**
   * How many replicas the deployment runs (the chart sets its replica count or HPA minimum). In
   * production, more than one without REDIS_URL stops the start: each pod would keep its own
   * sign-outs, rate limits and single-use claims (issue 47) — unless ALLOW_PER_POD_STORES=true.
   */
  EXPECTED_REPLICAS: z.coerce.number().int().min(1).max(1000).default(1),
  /** `true`: several replicas without Redis start anyway (a warning in the log), each with its own stores. */
  ALLOW_PER_POD_STORES: z.enum(['true', 'false']).default('false'),
  /** `true`: /readyz answers 503 while Redis is away (connection down or breaker open). */
  READINESS_REQUIRE_STORE: z.enum(['true', 'false']).default('false'),
  /**
   * Traces (docs/operations.md › Traces): where spans go over OTLP/HTTP (`<endpoint>/v1/traces`).
   * Unset: no tracing, and none of the OpenTelemetry SDK is loaded.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** Which traces are kept (OpenTelemetry's names); the parent's decision, else all, by default. */
  OTEL_TRACES_SAMPLER: z
    .enum([
      'always_on',
      'always_off',
      'traceidratio',
      'parentbased_always_on',
      'parentbased_always_off',
      'parentbased_traceidratio',
    ])
    .default('parentbased_always_on'),
  /** The ratio of the `*traceidratio` samplers, 0 to 1 (default 1). */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
  /** Per-IP limits of the rate-limit buckets (shared/api/endpoints.ts `limit`), as `<max>/<window>`. */
  RATE_LIMIT_SIGN_IN: rateLimit.prefault('20/1m'),
  RATE_LIMIT_SIGN_UP: rateLimit.prefault('10/1m'),
  RATE_LIMIT_RESET: rateLimit.prefault('10/1m'),
  RATE_LIMIT_CODE: rateLimit.prefault('5/1m'),
  /**
   * Reset messages one client IP may have sent to one address in 24 hours (review finding L4):
   * under the upstream's five a day, so a stranger cannot use up the owner's.
   */
  RESET_SENDS_PER_CLIENT: z.coerce.number().int().min(1).max(1_000_000).default(2),
  /**
   * Per-IP limit on pages rendered for one request (not served from the page cache: signed-in
   * pages, pages with a query parameter outside the cache's allowlist) — ADR 0068. Generous: one
   * office behind one address shares it. Default 120/1m; 999999/1m with NODE_ENV=test, whose
   * suites render hundreds of pages from one address to compare them.
   */
  RATE_LIMIT_RENDER: rateLimit.optional(),
  /**
   * Load shedding (ADR 0068): page and /api requests get 503 with Retry-After while the mean
   * event-loop delay of the last half second passes this many ms; 0 turns the check off.
   * /healthz and /readyz are never shed. Default 200; 0 with NODE_ENV=test, whose apps share busy
   * machines and assert exact answers.
   */
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(10_000).optional(),
  /** Load shedding on V8 heap in use, in MiB; unset: 90 % of the heap limit; 0 turns the check off. */
  SHED_HEAP_USED_MB: z.coerce.number().int().min(0).max(65_536).optional(),
  /** Longest a page render may wait for its turn (renders run one at a time); longer: 503 at once. */
  SHED_RENDER_WAIT_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  /**
   * Pages rendered before the process reports ready (/readyz), so its first visitors do not wait
   * for a renderer still being compiled (ADR 0114). Default 150; 0 with NODE_ENV=test or
   * SSR_MODE=vite, and 0 turns it off.
   */
  WARM_UP_RENDERS: z.coerce.number().int().min(0).max(2000).optional(),
  /**
   * Base path of the standalone external sign-in and connect app (docs/decisions/0040): one or more
   * path segments, no trailing slash. Under /auth by default, so the ingress rule for the account
   * area already covers it.
   */
  EXTERNAL_APP_BASE: z
    .string()
    .regex(/^(?:\/[A-Za-z0-9_-]+)+$/, { message: 'expected a path like /auth/external (no trailing slash)' })
    .default('/auth/external'),
  /** `URL_DOMAIN` of the external app's runtime config: the main site's origin its links lead to. */
  EXTERNAL_URL_DOMAIN: z.url({ protocol: /^https?$/ }).optional(),
  /** `TEXT_PREFIX` of the external app's runtime config (a product-name prefix of its texts). */
  EXTERNAL_TEXT_PREFIX: z.string().max(100).default(''),
  /**
   * Where each provider's authorization starts, as JSON `{"salesforce":"https://…",…}`. The BFF adds
   * `redirect_uri` and `state`. Unset providers use the sandbox's simulated providers when the
   * sandbox runs, and are offered as unavailable otherwise.
   */
  EXTERNAL_AUTHORIZE_URLS: z.string().optional(),
  /**
   * A real captcha provider (ADR 0027): the URL of GeeTest v4's client script (`gt4.js`). Set, the
   * captcha loads it and the CSP allows exactly its origin; unset, the upstream's own challenge.
   */
  CAPTCHA_SCRIPT_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The provider's captcha id (public: it is sent to every browser), required with CAPTCHA_SCRIPT_URL. */
  CAPTCHA_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: "expected the provider's id: letters, digits, _ or -" })
    .optional(),
  /** Port of the Prometheus `/metrics` listener, apart from PORT so the ingress never exposes it (ADR 0045); 0 picks a free port. */
  METRICS_PORT: port.default(9464),
  /** After SIGTERM: time readiness answers 503 while requests are still served, so the ingress stops sending first. */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * After that delay: longest wait for requests in flight before the process exits anyway. At least
   * UPSTREAM_TIMEOUT_MS (a call in flight at SIGTERM may take that long, ADR 0069); unset: that + 5 s.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(180_000).optional(),
})

export type RawEnv = z.infer<typeof envSchema>
