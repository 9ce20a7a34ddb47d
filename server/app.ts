import path from 'node:path'
import formbody from '@fastify/formbody'
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { AppConfig, Topology } from '../config/index.ts'
import { PAGE_IMAGES } from '../shared/frame/constants.ts'
import { Overloaded, sendRetryLater } from './busy.ts'
import { PRERENDERED_DIR } from './image-variants.ts'
import { SpanFirstLogController } from './log-trace-context.ts'
import funnel from './plugins/app/funnel.ts'
import language from './plugins/app/language.ts'
import metrics from './plugins/app/metrics.ts'
import ownPages from './plugins/app/own-pages.ts'
import proxyWarning from './plugins/app/proxy-warning.ts'
import requestId, { requestIdOptions } from './plugins/app/request-id.ts'
import safeRedirects from './plugins/app/safe-redirects.ts'
import session from './plugins/app/session.server.ts'
import singleUse from './plugins/app/single-use.server.ts'
import ssr from './plugins/app/ssr.server.ts'
import compression from './plugins/external/compression.ts'
import csrfTokens from './plugins/external/csrf.ts'
import helmet from './plugins/external/helmet.ts'
import rateLimit from './plugins/external/rate-limit.ts'
import underPressure from './plugins/external/under-pressure.ts'
import { parseQuery } from './query.ts'
import { connectSharedRedis } from './redis.ts'
import { languageOfRaw, sendRefusal, writeRawRefusal } from './refusal.ts'
import { requestLoggerFactory } from './request-logger.ts'
import { agentLanguageAtSignIn, agentLanguageRoutes } from './routes/agent-language.server.ts'
import { apiProxyRoutes } from './routes/api/proxy.server.ts'
import { browserAsksRoutes } from './routes/browser-asks.ts'
import { channelAuthRoutes, channelStatusHook } from './routes/channel-auth.server.ts'
import { channelConsentFormRoutes } from './routes/channel-consent-form.server.ts'
import { consoleOpenRoutes } from './routes/console-open.server.ts'
import { demoFormRoutes } from './routes/demo-form.server.ts'
import {
  externalAppRoutes,
  externalLoginConfigLanguage,
  runtimeConfig,
} from './routes/external-app.server.ts'
import { healthRoutes } from './routes/health.ts'
import { imageRoutes } from './routes/image.ts'
import { resetFlowHooks, resetFlowRoutes } from './routes/reset-flow.server.ts'
import { resetFormRoutes } from './routes/reset-form.server.ts'
import { sessionRoutes } from './routes/session.ts'
import { signInFlow, signInFlowRoutes } from './routes/sign-in-flow.server.ts'
import { signInFormRoutes } from './routes/sign-in-form.server.ts'
import { passwordChangeRoutes } from './routes/sign-in-password-change.server.ts'
import { signUpFlowHooks, signUpFlowRoutes } from './routes/sign-up-flow.server.ts'
import { signUpFormRoutes } from './routes/sign-up-form.server.ts'
import { ssoRoutes } from './routes/sso.server.ts'
import type { Tracing } from './tracing.ts'
import { UpstreamClient } from './upstream/client.server.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig
    upstream: UpstreamClient
    /** Readiness answers 503 from now on (first step of a graceful shutdown). */
    stopReadiness: () => void
  }
}

export interface BuildAppOptions {
  config: AppConfig
  topology: Topology
  /** Project root holding vite.config.ts and dist/. */
  root: string
  logger?: FastifyServerOptions['logger']
  /** Unit tests of the BFF alone can leave page rendering out. */
  ssr?: boolean
  /** Microsoft's authorize page when the config names none (the sandbox's provider page). */
  microsoftAuthorizeFallback?: string
  /** The clock of session lifetimes; tests move it. */
  now?: () => number
  /** OpenTelemetry, when OTEL_EXPORTER_OTLP_ENDPOINT is set (server/tracing.ts). */
  tracing?: Tracing
}

/** The origins of the configured consoles (each region's `consoleUrl`), once each. */
function consoleOrigins(topology: Topology): string[] {
  const origins = Object.values(topology.regions).flatMap((region) => {
    if (!region?.consoleUrl) return []
    try {
      return [new URL(region.consoleUrl).origin]
    } catch {
      return []
    }
  })
  return [...new Set(origins)]
}

/** How long after listening the warm-up starts (ADR 0114). */
const WARM_UP_DELAY_MS = 100

/** The whole BFF as one Fastify instance, not listening: server.ts and the tests start it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, topology } = options
  const defaultLanguage = config.edition === 'chinese' ? 'zh' : 'en'
  const refusal = { https: config.publicOrigin?.startsWith('https:') ?? false }
  // Every request's lines carry its trace (ADR 0151): with tracing on the BFF's span (pino's mixin,
  // the incoming line held until the span exists), else the ingress's `traceparent`.
  const spanFirst = options.tracing ? new SpanFirstLogController() : undefined
  const app = Fastify({
    ...requestIdOptions,
    logger: options.logger ?? false,
    childLoggerFactory: requestLoggerFactory({ traceparentFields: !options.tracing }),
    ...(spanFirst ? { logController: spanFirst } : {}),
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    routerOptions: { querystringParser: parseQuery, maxParamLength: 200 },
    // Headers the client cannot wait on forever; keeps slowloris away from the pods.
    requestTimeout: 30_000,
    return503OnClosing: true,
    // Development starts Vite's dev server inside the SSR plugin: on a busy machine that takes
    // longer than Fastify's 10 s plugin limit (seen at a load average of 28). Built pages load fast.
    pluginTimeout: config.ssrMode === 'vite' ? 120_000 : 10_000,
    // A malformed `%` in the path fails before any hook runs: still our page and our headers.
    frameworkErrors: (error, request, reply) => {
      // No hook runs for this request: its incoming line comes before the refusal's.
      spanFirst?.writeHeldIncoming(request)
      request.language = languageOfRaw(request.url, request.headers['accept-language'], defaultLanguage)
      request.log.info({ err: { message: error.message, code: error.code } }, 'request refused')
      return sendRefusal(request, reply, 400, refusal, 'errors:malformedRequest')
    },
    // Requests Node itself cannot read (400, 408, 431) never reach Fastify.
    clientErrorHandler: (error, socket) => writeRawRefusal(socket, error, { ...refusal, defaultLanguage }),
  })
  // Set before any route plugin is registered: Fastify copies the handlers into each plugin's
  // context when it is registered, so handlers set later never see those plugins' errors.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500
    if (error instanceof Overloaded) {
      app.opsMetrics.loadShed.inc({ reason: error.reason })
      // Pressure is shed before the language plugin runs: the same rule, read from the request.
      if (error.reason !== 'render_queue')
        request.language = languageOfRaw(request.url, request.headers['accept-language'], defaultLanguage)
      return sendRetryLater(request, reply, 'busy', error.retryAfterSeconds, refusal)
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      // Never show internals: the log has them, the user gets a plain message.
      return sendRefusal(request, reply, status, refusal, 'errors:generic')
    }
    request.log.info({ err: { message: error.message, code: error.code } }, 'request refused')
    const csrf = error.code?.startsWith('FST_CSRF') ?? false
    return sendRefusal(request, reply, status, refusal, csrf ? 'errors:csrfForm' : undefined)
  })
  // First: @fastify/otel must see every route and hook registered after it.
  if (options.tracing) await app.register(options.tracing.plugin)
  // Right after @fastify/otel's onRequest hook: the request's span exists, its line can be written.
  if (spanFirst)
    app.addHook('onRequest', (request, _reply, done) => {
      spanFirst.writeHeldIncoming(request)
      done()
    })
  app.setNotFoundHandler((request, reply) => sendRefusal(request, reply, 404, refusal))
  let ready = false
  app.decorate('config', config)
  app.decorate('upstream', new UpstreamClient({ topology, timeoutMs: config.upstreamTimeoutMs }))
  let draining = false
  app.decorate('stopReadiness', () => {
    ready = false
    draining = true
  })
  // While draining, every answer closes its connection: clients reconnect (to another pod) rather
  // than reuse a socket we are about to close, and the close does not wait on idle keep-alives.
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (draining) reply.header('connection', 'close')
    done()
  })
  app.addHook('onClose', async () => {
    ready = false
    await app.upstream.close()
  })

  await app.register(requestId)
  await app.register(metrics, { processMetrics: config.nodeEnv !== 'test', build: config.build })
  await app.register(funnel)
  await app.register(underPressure, config.shedding)
  await app.register(helmet, {
    development: config.ssrMode === 'vite',
    https: config.publicOrigin?.startsWith('https:') ?? false,
    captchaOrigin: config.captchaProvider?.origin,
    consoleOrigins: consoleOrigins(topology),
  })
  await app.register(safeRedirects)
  await app.register(proxyWarning, { trustProxy: config.trustProxy })
  await app.register(formbody, { parser: parseQuery })
  // One connection for every store (issue 44 point 4), closed after the stores' own onClose hooks.
  const redis = config.redisUrl
    ? await connectSharedRedis({
        url: config.redisUrl,
        keyPrefix: config.redisKeyPrefix,
        log: app.log,
        metrics: app.opsMetrics,
      })
    : undefined
  if (redis) app.addHook('onClose', () => redis.close())
  else if (config.allowPerPodStores)
    app.log.warn(
      'REDIS_URL is unset and ALLOW_PER_POD_STORES=true: every replica keeps its own rate limits, sign-outs and single-use claims',
    )
  else app.log.info('stores in memory (REDIS_URL unset): right for one replica only')
  const stores = { redis, metrics: app.opsMetrics }
  await app.register(session, {
    ...stores,
    keys: config.sessionKeys,
    cookieSecurity: config.cookieSecurity,
    lifetime: config.sessionLifetime,
    now: options.now,
  })
  await app.register(singleUse, stores)
  await app.register(compression)
  await app.register(csrfTokens)
  await app.register(language, {
    edition: config.edition,
    // The external app's pages: the host's login config comes before the browser (spec §2, §3).
    configuredLanguage: externalLoginConfigLanguage(app, config, topology),
  })
  // The own-pages verdict first: a call another site makes us refuse spends no one's budget (an
  // open tab elsewhere must not keep an office's shared address at zero sign-ins: issue 46 L).
  await app.register(ownPages, { publicOrigin: config.publicOrigin })
  await app.register(rateLimit, { ...stores, limits: config.rateLimits })

  await app.register(agentLanguageAtSignIn, { topology })
  // READINESS_REQUIRE_STORE: pods leave the Service while Redis is away, for those who would rather
  // have no pod than pods that fail open (off by default: an outage would take every pod out).
  const storeReady = config.readinessRequiresStore && redis ? () => redis.answering() : () => true
  await app.register(healthRoutes, { isReady: () => ready && storeReady() })
  await app.register(sessionRoutes, { publicOrigin: config.publicOrigin })
  await app.register(apiProxyRoutes, {
    publicOrigin: config.publicOrigin,
    topology,
    flows: [resetFlowHooks, signUpFlowHooks],
  })
  await app.register(resetFlowRoutes, { publicOrigin: config.publicOrigin, topology })
  const signIn = signInFlow(topology)
  await app.register(signInFlowRoutes, { flow: signIn })
  await app.register(passwordChangeRoutes, { topology })
  await app.register(ssoRoutes, {
    publicOrigin: config.publicOrigin,
    siteOrigin: config.siteOrigin,
    topology,
    edition: config.edition,
    microsoftAuthorizeUrl: config.microsoft.authorizeUrl ?? options.microsoftAuthorizeFallback,
    microsoftClientId: config.microsoft.clientId,
  })
  await app.register(signUpFlowRoutes, { publicOrigin: config.publicOrigin, topology })
  await app.register(agentLanguageRoutes, { publicOrigin: config.publicOrigin, topology })
  await app.register(consoleOpenRoutes, { publicOrigin: config.publicOrigin, topology })
  // Image sources: only the media folder of the build being served (or of the sources in dev).
  const mediaDir = config.ssrMode === 'built' ? 'dist/client/static/media' : 'public/static/media'
  await app.register(browserAsksRoutes, {
    mediaDir: path.join(options.root, mediaDir),
    edition: config.edition,
    refusal,
  })
  await app.register(imageRoutes, {
    mediaDir: path.join(options.root, mediaDir),
    // The external app's own image path (spec §7), the same endpoint under its base.
    alsoAt: [`${config.externalApp.basePath}/_next/image`],
    prerender: Object.values(PAGE_IMAGES),
    // A render is CPU like an uncached page: the same per-client budget (RATE_LIMIT_RENDER).
    spendRenderBudget: (request) => app.spendRateLimit(request, 'render'),
    ...(config.ssrMode === 'built'
      ? { prerenderedDir: path.join(options.root, 'dist', PRERENDERED_DIR) }
      : {}),
  })
  await app.register(externalAppRoutes, {
    config,
    topology,
    // With the sandbox, providers without a configured address are its simulated ones (on sg).
    simulatedProviders:
      config.upstreams.kind === 'sandbox' ? topology.environments['sg-k8s']?.upstream : undefined,
  })
  await app.register(channelAuthRoutes, { config, topology })
  // The consent page rendered on request and its plain form post (issue 21: works without JavaScript).
  await app.register(channelConsentFormRoutes, { topology, publicOrigin: config.publicOrigin })
  app.addHook('preHandler', channelStatusHook)
  // The header's Book Demo (/demo/) is the booking form of the account area.
  for (const url of ['/demo', '/demo/']) {
    app.get(url, async (request, reply) => {
      const queryStart = request.url.indexOf('?')
      return reply.redirect(`/auth/demo${queryStart >= 0 ? request.url.slice(queryStart) : ''}`, 302)
    })
  }
  if (options.ssr !== false) {
    await app.register(ssr, {
      mode: config.ssrMode,
      root: options.root,
      edition: config.edition,
      publicOrigin: config.publicOrigin,
      pageCacheBytes: config.ssrMode === 'built' ? config.pageCacheBytes : 0,
      frameFragments: config.frameFragments,
      externalApp: { basePath: config.externalApp.basePath, runtimeConfig: runtimeConfig(config) },
      captchaProvider: config.captchaProvider
        ? { scriptUrl: config.captchaProvider.scriptUrl, captchaId: config.captchaProvider.captchaId }
        : null,
      renderWaitMs: config.shedding.renderWaitMs,
      refusal,
    })
    // Forms posted without JavaScript are answered with pages: they need the renderer.
    await app.register(demoFormRoutes, { topology, captchaProvider: config.captchaProvider !== null })
    await app.register(resetFormRoutes, { topology })
    await app.register(signInFormRoutes, {
      flow: signIn,
      publicOrigin: config.publicOrigin,
      topology,
      captchaProvider: config.captchaProvider !== null,
    })
    await app.register(signUpFormRoutes, {
      topology,
      edition: config.edition,
      captchaProvider: config.captchaProvider !== null,
    })
  }

  const warmUpRenders = options.ssr !== false ? config.shedding.warmUpRenders : 0
  app.addHook('onReady', async () => {
    if (warmUpRenders === 0) ready = true
  })
  // Once listening, and a moment later: a probe or visitor arriving right at start is answered
  // before the first warm-up render (≈ 150 ms compiling the renderer) occupies the process. Not
  // awaited: liveness and visitors are answered between the renders; readiness waits for them,
  // so the ingress sends traffic to a warm pod (ADR 0114).
  let warming = false
  app.addHook('onListen', (done) => {
    if (warmUpRenders > 0 && !warming) {
      warming = true
      setTimeout(() => {
        const started = performance.now()
        app
          .warmUpRenderer(warmUpRenders)
          .then(
            () =>
              app.log.info(
                { renders: warmUpRenders, ms: Math.round(performance.now() - started) },
                'renderer warmed up: ready',
              ),
            (err: unknown) => app.log.error({ err }, 'renderer warm-up failed: ready without it'),
          )
          .finally(() => {
            // A process told to stop while it warmed stays unready.
            if (!draining) ready = true
          })
      }, WARM_UP_DELAY_MS)
    }
    done()
  })
  return app
}
