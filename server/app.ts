import path from 'node:path'
import formbody from '@fastify/formbody'
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { AppConfig, Topology } from '../config/index.ts'
import type { EndpointName } from '../shared/api/endpoints.ts'
import { statusMessageKey } from '../shared/api/response.ts'
import { envelope } from '../shared/envelope.ts'
import { i18nFor } from '../shared/i18n/index.ts'
import language from './plugins/app/language.ts'
import metrics from './plugins/app/metrics.ts'
import requestId, { requestIdOptions } from './plugins/app/request-id.ts'
import session from './plugins/app/session.server.ts'
import ssr from './plugins/app/ssr.server.ts'
import csrfTokens from './plugins/external/csrf.ts'
import helmet from './plugins/external/helmet.ts'
import rateLimit from './plugins/external/rate-limit.ts'
import { parseQuery } from './query.ts'
import { apiProxyRoutes } from './routes/api/proxy.server.ts'
import { healthRoutes } from './routes/health.ts'
import { imageRoutes } from './routes/image.ts'
import { sessionRoutes } from './routes/session.ts'
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
}

const SIGN_IN_ENDPOINTS = new Set<EndpointName>([
  'serviceLoginNew',
  'aadLogin',
  'aadLoginOverseas',
  'ssoAccessAuth',
])
const SESSION_ENDPOINTS = new Set<EndpointName>([
  'consoleLogin',
  'getToken',
  'updateAgentLanguage',
  'queryAgentMenus',
])

/** The whole BFF as one Fastify instance, not listening: server.ts and the tests start it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, topology } = options
  const app = Fastify({
    ...requestIdOptions,
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    routerOptions: { querystringParser: parseQuery, maxParamLength: 200 },
    // Headers the client cannot wait on forever; keeps slowloris away from the pods.
    requestTimeout: 30_000,
    return503OnClosing: true,
  })
  let ready = false
  app.decorate('config', config)
  app.decorate('upstream', new UpstreamClient({ topology, timeoutMs: config.upstreamTimeoutMs }))
  app.decorate('stopReadiness', () => {
    ready = false
  })
  app.addHook('onClose', async () => {
    ready = false
    await app.upstream.close()
  })

  await app.register(requestId)
  await app.register(metrics, { processMetrics: config.nodeEnv !== 'test' })
  await app.register(helmet, {
    development: config.ssrMode === 'vite',
    https: config.publicOrigin?.startsWith('https:') ?? false,
  })
  await app.register(formbody, { parser: parseQuery })
  await app.register(session, { keys: config.sessionKeys })
  await app.register(csrfTokens)
  await app.register(language, { editionDefault: config.edition === 'chinese' ? 'zh' : 'en' })
  await app.register(rateLimit, { limits: config.rateLimits, redisUrl: config.redisUrl })

  await app.register(healthRoutes, { isReady: () => ready })
  await app.register(sessionRoutes, { publicOrigin: config.publicOrigin, topology })
  await app.register(apiProxyRoutes, {
    signInEndpoints: SIGN_IN_ENDPOINTS,
    sessionEndpoints: SESSION_ENDPOINTS,
    publicOrigin: config.publicOrigin,
    topology,
  })
  // Image sources: only the media folder of the build being served (or of the sources in dev).
  const mediaDir = config.ssrMode === 'built' ? 'dist/client/static/media' : 'public/static/media'
  await app.register(imageRoutes, { mediaDir: path.join(options.root, mediaDir) })
  if (options.ssr !== false) {
    await app.register(ssr, { mode: config.ssrMode, root: options.root, edition: config.edition })
  }

  app.setNotFoundHandler((request, reply) => {
    const t = i18nFor(request.language).t
    return reply.code(404).send(envelope('404', t('errors:notFound')))
  })

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500
    const t = i18nFor(request.language).t
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      // Never show internals: the log has them, the user gets a plain message.
      return reply.code(status).send(envelope(String(status), t('errors:generic')))
    }
    request.log.info({ err: { message: error.message, code: error.code } }, 'request refused')
    return reply.code(status).send(envelope(String(status), t(statusMessageKey(status))))
  })

  app.addHook('onReady', async () => {
    ready = true
  })
  return app
}
