import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppConfig, Topology } from '../../config/index.ts'
import type { EndpointName } from '../../shared/api/endpoints.ts'
import { isSuccess, SUCCESS_CODE } from '../../shared/envelope.ts'
import {
  type ExternalFlowView,
  type ExternalReturnResult,
  externalPagePath,
  PROVIDER_MODE,
} from '../../shared/external-login/app.ts'
import {
  cleanReturnSearch,
  isProvider,
  isSavedConnectQuery,
  looksLikeReturn,
  type Provider,
  parseExternalLoginQuery,
} from '../../shared/external-login/query.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import { consumeConnectState } from '../connect-state.server.ts'
import { sendRefusal } from '../refusal.ts'
import { sessionSlot } from '../session-slot.server.ts'
import { environmentFor } from './api/environment.ts'
import { identityOf } from './api/proxy.server.ts'
import { findToken } from './api/tokens.ts'
import { externalLoginSlot, pendingExternalLogin, type UpstreamCaller } from './external-app.server.ts'

declare module '@fastify/secure-session' {
  interface SessionData {
    /** The result of the provider's return this browser was just sent back with. */
    externalReturn: ExternalReturnResult & { at: number }
  }
}

/**
 * Provider values stay small so the sealed cookie stays far under 4096 bytes whatever a return
 * carries (security.md #1, issue 46: a TikTok return of long values once sealed 8 KB): one value
 * at most 256 characters (codes, shop names and signatures are far shorter), all together 768.
 */
const MAX_PARAM_LENGTH = 256
const MAX_PARAMS_LENGTH = 768
/** The clean address shows the result right after the redirect; later it is gone. */
const RETURN_RESULT_TTL_MS = 5 * 60_000

/** Shown once on the clean address (the render or the flow view takes it). */
export const externalReturnSlot = sessionSlot('externalReturn', {
  expiresAt: (result) => result.at + RETURN_RESULT_TTL_MS,
})

/** The flow in progress as the app's pages see it, with the last return's result (taken: shown once). */
export function externalFlowViewOf(request: FastifyRequest): ExternalFlowView {
  const pending = pendingExternalLogin(request)
  const taken = externalReturnSlot.take(request)
  const { at: _at, ...returned } = taken ?? { at: 0 }
  return {
    signedIn: request.sessionArrival === 'signedIn',
    connect: pending
      ? { provider: pending.provider, query: { provider: pending.provider, ...pending.params } }
      : null,
    returned: taken ? (returned as ExternalReturnResult) : null,
  }
}

interface ReturnStepOptions {
  config: AppConfig
  topology: Topology
  call: UpstreamCaller
}

/**
 * The step of a provider's return (spec §3 query info): the parameters the provider's mode
 * needs, then the state this session issued for that provider (single use, security.md #12),
 * then a connect waits for consent (`externalLogin`) or the identity provider's answer signs in.
 * The one implementation: the app's pages run it when they are requested with a return.
 */
export function providerReturnStep(options: ReturnStepOptions) {
  const { config, topology, call } = options

  async function signInWith(
    request: FastifyRequest,
    provider: Provider,
    params: Record<string, string>,
  ): Promise<ExternalReturnResult> {
    const { t, exists } = i18nFor(request.language)
    if (provider === 'saml' && params.retCode !== SUCCESS_CODE) {
      const key = `errors:code.${params.retCode}`
      // A refusal at the identity provider reads as the sign-in page's decline (ADR 0077).
      const message = exists(key) ? t(key) : t('sso:errors.cancelled')
      return { provider, status: 200, retCode: params.retCode ?? '999999', message }
    }
    // Microsoft: the same endpoint as the sign-in page's SSO return (sso.server.ts) — the
    // international edition's accounts are checked with aadLoginOverseas (issue 18 point 3).
    const microsoft: EndpointName = config.edition === 'international' ? 'aadLoginOverseas' : 'aadLogin'
    const name: EndpointName = provider === 'saml' ? 'ssoAccessAuth' : microsoft
    const data =
      provider === 'saml'
        ? { authId: params.authId }
        : { code: params.code, state: params.state, session_state: params.session_state }
    const answer = await call(request, name, data)
    const token = findToken(answer.item)
    if (!isSuccess(answer) || !token)
      return { provider, status: 200, retCode: answer.retCode, message: answer.retMsg }
    const email = identityOf(answer)
    // The identity is the upstream's; a token naming nobody is a failed sign-in (security.md #21).
    if (!email) return { provider, status: 200, retCode: '999999', message: t('errors:ssoFail') }
    const current = request.sessionUser()?.email
    if (current && current !== email) {
      // Never silently swap one person's session for another's in the middle of a flow.
      request.log.warn({ provider }, 'external sign-in refused: another identity is signed in here')
      return { provider, status: 409, retCode: '409', message: t('external:signedInAsOther') }
    }
    const waiting = pendingExternalLogin(request)
    // A connect flow waiting for this sign-in carries on (spec §2: back with the flow intact), but
    // only for the person who brought it: a visitor's, or this same account's.
    const pending = waiting && (waiting.startedBy ?? email) === email ? waiting : undefined
    request.signIn({ token, email, environment: environmentFor(request, topology) })
    if (pending) externalLoginSlot.set(request, pending)
    return {
      provider,
      status: 200,
      retCode: SUCCESS_CODE,
      message: 'success',
      next: pending ? 'consent' : 'signedIn',
      email,
    }
  }

  return async function receive(request: FastifyRequest, query: Record<string, unknown>) {
    const t = i18nFor(request.language).t
    const provider =
      typeof query.provider === 'string' && isProvider(query.provider)
        ? query.provider
        : query.provider === undefined
          ? 'microsoft'
          : undefined
    const refused = (reason: string, key: string, extra: Partial<ExternalReturnResult> = {}) =>
      ({
        provider: provider ?? null,
        status: 400,
        retCode: '400',
        message: t(key),
        reason,
        ...extra,
      }) as const
    if (!provider) return refused('unknownProvider', 'external:unknownProvider')
    const parsed = parseExternalLoginQuery(query, PROVIDER_MODE[provider])
    if (!parsed.ok) return refused(parsed.reason, 'external:missingParams', { missing: parsed.missing })
    const values = Object.values(parsed.params)
    const tooLong =
      values.some((value) => value.length > MAX_PARAM_LENGTH) ||
      values.reduce((total, value) => total + value.length, 0) > MAX_PARAMS_LENGTH
    if (tooLong) return refused('tooLong', 'external:missingParams')
    // Every return, SAML's included, must bring back a state this session issued at /start: a link
    // carrying someone else's authId or code signs nobody in (login CSRF, finding H2).
    if (!(await consumeConnectState(request, provider, query.state))) {
      request.log.warn(
        { provider },
        'external return refused: state not issued, replayed or for another provider',
      )
      return refused('state', 'external:stateRefused')
    }
    const { state: _used, ...params } = parsed.params
    if (PROVIDER_MODE[provider] === 'connect') {
      request.ensureSession()
      const startedBy = request.sessionUser()?.email ?? null
      externalLoginSlot.set(request, { provider, params, receivedAt: Date.now(), startedBy })
      return { provider, status: 200, retCode: SUCCESS_CODE, message: 'success', next: 'consent' } as const
    }
    return signInWith(request, provider, parsed.params)
  }
}

/**
 * The app's two pages, `{base}` and `{base}/connect`. Requested with a provider's return, the
 * server reads it then (spec §4): the step above, its result kept in the session, and a 303 to
 * the same page without the provider's parameters — the code, `authId` or payload never reach
 * the page's HTML, scripts or history, and the page works without JavaScript. Requested without
 * one, the page is rendered for this request with the flow and the result (never cached).
 */
export async function externalPageRoutes(app: FastifyInstance, options: ReturnStepOptions) {
  const base = options.config.externalApp.basePath
  const receive = providerReturnStep(options)
  const https = options.config.publicOrigin?.startsWith('https:') ?? false

  async function page(request: FastifyRequest, reply: FastifyReply) {
    reply.header('Cache-Control', 'no-store')
    const queryStart = request.url.indexOf('?')
    const search = queryStart < 0 ? '' : request.url.slice(queryStart)
    const query = (request.query ?? {}) as Record<string, unknown>
    if (looksLikeReturn(query)) {
      // The return URL carries a one-time code: keep it out of the Referer of what comes next.
      reply.header('Referrer-Policy', 'no-referrer')
      const clean = `${request.url.slice(0, queryStart)}${cleanReturnSearch(search)}`
      const saved = pendingExternalLogin(request)
      const savedQuery = saved ? { provider: saved.provider, ...saved.params } : undefined
      // A HEAD (a link checker) or a link of the app carrying the waiting connect's query redeems nothing.
      if (request.method !== 'GET' || (savedQuery && isSavedConnectQuery(query, savedQuery)))
        return reply.redirect(clean, 303)
      // Each return is a sign-in attempt (an upstream redemption): the sign-in bucket pays for it.
      const retryAfter = await app.spendRateLimit(request, 'signIn')
      if (retryAfter > 0) {
        reply.header('retry-after', String(retryAfter))
        return sendRefusal(request, reply, 429, { https }, 'errors:rateLimited')
      }
      const result = await receive(request, query)
      request.ensureSession()
      externalReturnSlot.set(request, { ...result, at: Date.now() })
      return reply.redirect(clean, 303)
    }
    // Without the renderer (tests of the routes alone) there is no page to show.
    if (typeof request.server.renderFormPage !== 'function') return reply.callNotFound()
    return request.server.renderFormPage(request, reply, {
      form: 'externalApp',
      values: {},
      errors: {},
      externalApp: externalFlowViewOf(request),
    })
  }

  for (const name of ['signIn', 'connect'] as const) app.get(externalPagePath(base, name), page)
}
