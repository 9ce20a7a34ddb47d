import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppConfig, Topology } from '../../config/index.ts'
import { ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.ts'
import { type ApiEnvelope, envelope, isSuccess, SUCCESS_CODE } from '../../shared/envelope.ts'
import { externalPagePath, returnPage } from '../../shared/external-login/app.ts'
import { isProvider, type Provider } from '../../shared/external-login/query.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import type { Language } from '../../shared/language.ts'
import { issueConnectState } from '../connect-state.server.ts'
import { route } from '../plugins/app/own-pages.ts'
import { sendRefusal } from '../refusal.ts'
import { chooseSignUpRegion, defaultEnvironmentOf } from '../region.ts'
import { sessionSlot } from '../session-slot.server.ts'
import { callEndpoint } from '../upstream/call-endpoint.server.ts'
import { UpstreamError } from '../upstream/errors.ts'
import { varyOnCsrfHeaders } from './api/csrf.ts'
import { externalFlowViewOf, externalPageRoutes } from './external-return.server.ts'
import { askBeforeRoundTrip, startedOnOurPage } from './round-trip-start.server.ts'

/** The temporary login data of spec §3, sealed in the session (never page storage). */
export interface ExternalLoginData {
  provider: Provider
  /** The provider's return parameters, without `state` (used up on arrival). */
  params: Record<string, string>
  receivedAt: number
  /** Who was signed in when the provider came back: null for a visitor (security.md #21). */
  startedBy: string | null
}

declare module '@fastify/secure-session' {
  interface SessionData {
    externalLogin: ExternalLoginData
  }
}

/** A connect flow waits this long for consent; then the provider must be asked again. */
export const EXTERNAL_LOGIN_TTL_MS = 30 * 60_000

/** The connect waiting for consent; kept through a sign-in (session.server.ts regenerates with it). */
export const externalLoginSlot = sessionSlot('externalLogin', {
  expiresAt: (data) => data.receivedAt + EXTERNAL_LOGIN_TTL_MS,
})

export function pendingExternalLogin(
  request: FastifyRequest,
  now = Date.now(),
): ExternalLoginData | undefined {
  return externalLoginSlot.get(request, now)
}

export type UpstreamCaller = (
  request: FastifyRequest,
  name: EndpointName,
  data: Record<string, unknown>,
  params?: Record<string, string>,
  /** Leave the session alone (a page render of a visitor must not start one). */
  stateless?: boolean,
) => Promise<ApiEnvelope>

/** One upstream call of the endpoint table on the user's behalf (bearer from the session). */
export function upstreamCaller(_app: FastifyInstance, topology: Topology): UpstreamCaller {
  return async (request, name, data, params = {}, stateless = false) => {
    try {
      const environment = stateless
        ? (request.session.get('environment') ??
          defaultEnvironmentOf(
            topology,
            chooseSignUpRegion(topology, { host: request.host, timeZone: undefined }),
          ))
        : undefined
      return (
        await callEndpoint(request, topology, name, data, { params, ...(environment ? { environment } : {}) })
      ).answer
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error
      request.log.warn({ endpoint: name, failure: error.failure }, 'upstream call failed')
      const key = error.failure === 'timeout' ? 'errors:upstreamTimeout' : 'errors:upstreamUnavailable'
      return envelope(String(error.httpStatus), i18nFor(request.language).t(key))
    }
  }
}

interface ExternalAppOptions {
  config: AppConfig
  topology: Topology
  /** Base URL of the sandbox's simulated providers when the sandbox runs. */
  simulatedProviders: string | undefined
}

function send(reply: FastifyReply, status: number, body: ApiEnvelope) {
  return reply.code(status).type('application/json; charset=utf-8').send(body)
}

/**
 * The BFF side of the external sign-in and connect app (ADR 0040): its runtime and login config,
 * the start of each provider round trip with a single-use `state`, and the check of each return.
 */
export async function externalAppRoutes(app: FastifyInstance, options: ExternalAppOptions) {
  const { config, topology } = options
  const base = config.externalApp.basePath
  const call = upstreamCaller(app, topology)

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(`${base}/`)) return
    varyOnCsrfHeaders(reply)
    reply.header('Cache-Control', 'no-store')
  })

  /** Spec §7: the runtime config, with a timestamp query that says "never from a cache". */
  app.get(`${base}/config.json`, async (_request, reply) =>
    reply
      // The answer must never be served from the browser's cache (the spec's cache-busting timestamp).
      .header('Cache-Control', 'no-store, max-age=0')
      .send(runtimeConfig(config)),
  )

  /**
   * Spec §7: POST login-config, `domain` = the page's host; answer in `item` (with `language`).
   * Any domain may have a login config (the app serves partners' hosts), so each call spends the
   * sign-in bucket (finding L3: a thousand made-up domains were a thousand free upstream calls).
   */
  app.post(
    `${base}/api/login-config`,
    route({ ownPages: 'fetch', spends: 'signIn' }),
    async (request, reply) => {
      const body = (request.body ?? {}) as { domain?: unknown }
      const parsed = ENDPOINTS.loginConfig.schema.safeParse({ domain: body.domain ?? request.host })
      if (!parsed.success) return refuse(request, reply, 400, 'errors:badRequest')
      return send(reply, 200, await call(request, 'loginConfig', parsed.data))
    },
  )

  // For a page that did not come from the server with it (a navigation inside the app).
  app.get(`${base}/api/flow`, route({ ownPages: 'fetch' }), async (request, reply) =>
    send(reply, 200, envelope(SUCCESS_CODE, 'success', { ...externalFlowViewOf(request) })),
  )

  /** Starts a round trip: a fresh single-use state, then off to the provider (or its sandbox stand-in). */
  async function startRoundTrip(request: FastifyRequest, reply: FastifyReply, provider: Provider) {
    // The return comes back in the language the round trip started in.
    const asked = (request.query as Record<string, unknown>).language !== undefined
    const redirectUri = `${config.siteOrigin}${externalPagePath(base, returnPage(provider))}${asked ? `?language=${request.language}` : ''}`
    const state = issueConnectState(request, provider)
    if (provider === 'xiaohongshu') {
      // Rednote's authorization address comes from the channel server, for a signed-in agent.
      if (request.sessionArrival !== 'signedIn') return reply.redirect(externalPagePath(base, 'signIn'), 303)
      const answer = await call(request, 'rednoteAuthUrl', { redirectUri, state })
      const url = (answer.item as { url?: unknown }).url
      if (!isSuccess(answer) || typeof url !== 'string' || !/^https?:\/\//.test(url)) {
        return refuse(request, reply, 502, 'errors:upstreamUnavailable', 'html')
      }
      return reply.redirect(url, 303)
    }
    const configured = config.externalApp.authorizeUrls[provider]
    const start =
      configured ??
      (options.simulatedProviders
        ? `${options.simulatedProviders}/__sandbox/providers/${provider}`
        : undefined)
    if (!start) return refuse(request, reply, 503, 'external:providerUnavailable', 'html')
    const url = new URL(start)
    url.searchParams.set('redirect_uri', redirectUri)
    url.searchParams.set('state', state)
    return reply.redirect(url.toString(), 303)
  }

  // Only from a link of the app's own page, or the button of the page that asks first
  // (round-trip-start.server.ts, security.md #25). A connect flow may run signed in.
  const ask = (request: FastifyRequest, reply: FastifyReply, provider: Provider) =>
    askBeforeRoundTrip(request, reply, {
      destination: provider,
      path: `${base}/start/${provider}`,
      fields: {},
      refusal: { https: config.publicOrigin?.startsWith('https:') ?? false },
      signsIn: false,
    })
  app.get<{ Params: { provider: string } }>(`${base}/start/:provider`, async (request, reply) => {
    const { provider } = request.params
    if (!isProvider(provider)) return reply.callNotFound()
    if (!startedOnOurPage(request)) return ask(request, reply, provider)
    return startRoundTrip(request, reply, provider)
  })

  // The app's pages read a provider's return when they are requested (external-return.server.ts).
  await app.register(externalPageRoutes, { config, topology, call })
}

export function runtimeConfig(config: AppConfig) {
  return {
    URL_DOMAIN: config.externalApp.urlDomain || config.publicOrigin || '',
    TEXT_PREFIX: config.externalApp.textPrefix,
  }
}

function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: string,
  kind: 'json' | 'html' = 'json',
) {
  if (kind === 'html') {
    const https = request.server.config.publicOrigin?.startsWith('https:') ?? false
    return sendRefusal(request, reply, status, { https }, key)
  }
  return send(reply, status, envelope(String(status), i18nFor(request.language).t(key)))
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])
const hostnameOf = (host: string) => host.replace(/:\d+$/, '').toLowerCase()

/**
 * A host the site answers for: the public origin's, the external app's own domain, a region's
 * public host; without a configured public origin (development, tests), loopback names.
 */
export function isConfiguredHost(config: AppConfig, topology: Topology, host: string): boolean {
  const name = hostnameOf(host)
  const configured = [config.publicOrigin, config.externalApp.urlDomain]
    .filter((origin): origin is string => Boolean(origin))
    .map((origin) => {
      try {
        return new URL(origin).hostname.toLowerCase()
      } catch {
        return hostnameOf(origin)
      }
    })
  for (const region of Object.values(topology.regions) as { publicHost?: string }[])
    if (region.publicHost) configured.push(hostnameOf(region.publicHost))
  if (!config.publicOrigin && LOOPBACK.has(name)) return true
  return configured.includes(name)
}

/** Login-config languages per host, briefly: a page render must not wait on the upstream each time. */
const LOGIN_CONFIG_TTL_MS = 60_000

/**
 * The login config of spec §3, loaded on the server before an external-app page renders (spec §2:
 * nothing renders before it), so the page comes out at once in the host's configured language.
 * Given to the language plugin as its configured language: a `language` parameter still wins, the
 * config comes before the browser, and the parameter is dropped only when it names the config's
 * language (issue 18 point 1). The provider starts (`/start/…`) count too, so a chosen language
 * survives the round trip. An upstream failure, or a host that is not ours, has no say.
 */
export function externalLoginConfigLanguage(
  app: FastifyInstance,
  config: AppConfig,
  topology: Topology,
): (request: FastifyRequest) => Language | undefined | Promise<Language | undefined> {
  const base = config.externalApp.basePath
  const call = upstreamCaller(app, topology)
  const known = new Map<string, { language: Language; until: number }>()
  // Not an async function: the requests it has no say in (all but the app's pages) get their
  // answer without a promise.
  return (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
    const path = request.url.split('?')[0] ?? ''
    if (path !== base && !path.startsWith(`${base}/`)) return undefined
    const rest = path.slice(base.length)
    if (/^\/(?:api|_next)\/|^\/config\.json$/.test(rest)) return undefined
    const host = request.host
    // Only the site's configured hosts are asked before a render and cached: any other Host header
    // would be a free upstream call per made-up name (finding L3). The page itself still asks for
    // its host's config through POST login-config, which spends the sign-in bucket.
    if (!isConfiguredHost(config, topology, host)) return undefined
    const cached = known.get(host)
    if (cached && cached.until > Date.now()) return cached.language
    return lookUp(request, host)
  }

  async function lookUp(request: FastifyRequest, host: string): Promise<Language | undefined> {
    const answer = await call(request, 'loginConfig', { domain: host }, {}, true)
    const language = (answer.item as { language?: unknown } | undefined)?.language
    if (!isSuccess(answer) || (language !== 'en' && language !== 'zh')) return undefined
    if (known.size > 100) known.clear()
    known.set(host, { language, until: Date.now() + LOGIN_CONFIG_TTL_MS })
    return language
  }
}
