import formbody from '@fastify/formbody'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify'
import { parse as parseQuery } from 'qs'
import type { Dispatcher } from 'undici'
import type { RegionId } from '../shared/regions.ts'
import { ADMIN_PREFIX, adminRoutes } from './admin.ts'
import { channelRoutes } from './channels.ts'
import { demoRoutes } from './demo.ts'
import { FaultState, GARBAGE_BODY, oversizedBody } from './faults.ts'
import { forwarderRoutes } from './forwarder.ts'
import { answer, bearerOf, isHousekeeping } from './http.ts'
import { loginRoutes } from './login.ts'
import { loginConfigRoutes } from './login-config.ts'
import { providerRoutes } from './providers/index.ts'
import { identityProviderRoutes } from './providers/routes.ts'
import { wecomPhoneRoutes } from './providers/sso-wecom.ts'
import { type LoggedRequest, maskHeaders, maskUrl, maskValue, RequestLog } from './requestLog.ts'
import { resetRoutes } from './reset.ts'
import { signUpRoutes } from './sign-up.ts'
import { ssoRoutes } from './sso.ts'
import type { SandboxWorld } from './world.ts'

/** Upstream request bodies are small forms; a megabyte is plenty. */
export const BODY_LIMIT_BYTES = 1024 * 1024

export interface RegionServerOptions {
  region: RegionId
  world: SandboxWorld
  /** `true`/options object for a new pino logger, or an existing pino-compatible logger instance. */
  logger?: boolean | object
  /** Set on the server that hosts the forwarder (sg): the HTTP client of its inner calls. */
  forwarder?: Dispatcher
  /** This server's base URL, known once it listens. */
  baseUrl: () => string
  /** Tests only: rewrites the JSON answer of an upstream path (see SandboxOptions). */
  tamperAnswer?: TamperAnswer | undefined
}

/** Gets the path (no query) and the answer a handler produced; returns the answer to send. */
export type TamperAnswer = (path: string, answer: unknown) => unknown

export interface RegionServer {
  region: RegionId
  app: FastifyInstance
  faults: FaultState
  log: RequestLog
}

function isLoggerInstance(value: object): value is FastifyBaseLogger {
  const candidate = value as Partial<Record<'child' | 'info' | 'error', unknown>>
  return (
    typeof candidate.child === 'function' &&
    typeof candidate.info === 'function' &&
    typeof candidate.error === 'function'
  )
}

function createApp(region: RegionId, logger: RegionServerOptions['logger']): FastifyInstance {
  const common = {
    bodyLimit: BODY_LIMIT_BYTES,
    forceCloseConnections: true,
    return503OnClosing: false,
  } as const
  if (logger && typeof logger === 'object' && isLoggerInstance(logger)) {
    // Fastify types a custom logger instance generically; the routes only use the base logger API.
    return Fastify({
      ...common,
      loggerInstance: logger.child({ sandboxRegion: region }),
    }) as unknown as FastifyInstance
  }
  return Fastify({ ...common, logger: logger ?? false }) as unknown as FastifyInstance
}

/** One regional upstream stand-in: the login slice, the admin controls and (on sg) the forwarder. */
export async function buildRegionServer(options: RegionServerOptions): Promise<RegionServer> {
  const { region, world } = options
  const app = createApp(region, options.logger)
  const faults = new FaultState()
  const log = new RequestLog()
  const entries = new WeakMap<FastifyRequest, LoggedRequest>()

  world.onReset(() => {
    faults.clear()
    log.clear()
  })
  app.addHook('preClose', async () => faults.shutdown())

  // Bodies: JSON (an empty body reads as {}) or x-www-form-urlencoded, parsed like the call layer's qs;
  // any other media type is refused with 415.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, raw, done) => {
    const source = String(raw).trim()
    if (!source) return done(null, {})
    try {
      done(null, JSON.parse(source))
    } catch {
      done(Object.assign(new Error('The body is not valid JSON'), { statusCode: 400 }), undefined)
    }
  })
  await app.register(formbody, {
    bodyLimit: BODY_LIMIT_BYTES,
    parser: (source: string) => parseQuery(source, { depth: 5, parameterLimit: 1000, arrayLimit: 20 }),
  })

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500
    if (status >= 500) request.log.error({ err: error }, 'sandbox handler failed')
    return reply.code(status).send(answer(request, status >= 500 ? 'internal' : 'badRequest'))
  })
  app.setNotFoundHandler((request, reply) => reply.code(404).send(answer(request, 'notFound')))

  // Request log and fault injection for every upstream-contract request.
  app.addHook('onRequest', async (request, reply) => {
    if (isHousekeeping(request.url)) return
    const authorization = request.headers.authorization
    let auth: LoggedRequest['auth'] = null
    if (authorization) {
      const token = bearerOf(request)
      const record = token ? world.tokens.get(token) : undefined
      auth = {
        scheme: authorization.trim().split(/\s+/)[0] ?? '',
        valid: world.resolveToken(token, region) !== undefined,
        ...(record ? { email: record.email, environment: record.environment } : {}),
      }
    }
    const entry = log.add({
      at: new Date(world.now()).toISOString(),
      method: request.method,
      url: maskUrl(request.url),
      headers: maskHeaders(request.headers),
      body: null,
      auth,
    })
    entries.set(request, entry)

    const fault = faults.take()
    if (!fault) return
    entry.fault = fault.label
    const waited = await faults.delay(fault.delayMs)
    const { answer: kind } = fault
    if (!waited || kind.kind === 'reset') {
      reply.hijack()
      request.raw.socket.destroy()
      return
    }
    switch (kind.kind) {
      case 'status':
        return reply
          .code(kind.status)
          .type('application/json; charset=utf-8')
          .send({ error: 'Sandbox fault', message: `Injected HTTP ${kind.status}`, statusCode: kind.status })
      case 'garbage':
        return reply.code(200).type('application/json; charset=utf-8').send(GARBAGE_BODY)
      case 'oversized': {
        const { length, stream } = oversizedBody(kind.bytes)
        return reply
          .code(200)
          .type('application/json; charset=utf-8')
          .header('content-length', length)
          .send(stream)
      }
      default:
        return
    }
  })

  app.addHook('onResponse', async (request, reply) => {
    const entry = entries.get(request)
    if (!entry) return
    entry.status = reply.statusCode
    entry.body = request.body === undefined ? null : maskValue(request.body)
  })

  const tamper = options.tamperAnswer
  if (tamper) {
    app.addHook('preSerialization', async (request, _reply, payload) =>
      isHousekeeping(request.url) ? payload : tamper(request.url.split('?')[0] ?? '', payload),
    )
  }

  app.get('/healthz', async () => ({ status: 'ok', region }))
  await app.register(loginRoutes, { region, world, baseUrl: options.baseUrl })
  await app.register(resetRoutes, { region, world })
  await app.register(ssoRoutes, { region, world, baseUrl: options.baseUrl })
  await app.register(identityProviderRoutes, { world })
  await app.register(wecomPhoneRoutes, { world })
  await app.register(signUpRoutes, { region, world })
  await app.register(demoRoutes, { world })
  await app.register(channelRoutes, { region, world, baseUrl: options.baseUrl })
  await app.register(providerRoutes)
  await app.register(loginConfigRoutes)
  if (options.forwarder) await app.register(forwarderRoutes, { world, dispatcher: options.forwarder })
  await app.register(adminRoutes, { prefix: ADMIN_PREFIX, region, world, faults, log })

  return { region, app, faults, log }
}
