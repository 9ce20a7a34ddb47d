import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Topology } from '../../config/index.ts'
import { ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.ts'
import { type ApiEnvelope, isSuccess } from '../../shared/envelope.ts'
import { parseLanguageParam } from '../../shared/language.ts'
import { safeReturnPath } from '../../shared/safe-return.ts'
import { consumeConnectState, issueConnectState } from '../connect-state.server.ts'
import { UpstreamError } from '../upstream/errors.ts'
import { environmentFor } from './api/environment.ts'
import { findToken } from './api/tokens.ts'

declare module '@fastify/secure-session' {
  interface SessionData {
    /** Where to go after an enterprise sign-in (a checked same-site path). */
    ssoReturn: string
    /** The page language the sign-in started in (`?language=`), kept for the pages after it. */
    ssoLanguage: 'en' | 'zh'
  }
}

export interface SsoOptions {
  publicOrigin: string | undefined
  topology: Topology
  edition: 'international' | 'chinese'
  /** Microsoft's authorize endpoint (the sandbox's provider page when running on the sandbox). */
  microsoftAuthorizeUrl: string | undefined
  microsoftClientId: string | undefined
}

/** Where providers send the browser back: one address for every provider (spec §3 query info). */
export const SSO_RETURN_PATH = '/auth/sso/return'
export const SSO_FAIL_PATH = '/auth/ssoFail'
/** Sign-in errors of an SSO return: shown by the sign-in page, read from the fragment after load. */
const SIGN_IN_PAGE = '/auth/sign_in'
const SAML_CONFIG_ID = /^[A-Za-z0-9_-]{1,64}$/

function origin(request: FastifyRequest, publicOrigin: string | undefined): string {
  return publicOrigin ?? `${request.protocol}://${request.host}`
}

function queryOf(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries((request.query as Record<string, unknown>) ?? {})) {
    if (typeof value === 'string') out[key] = value
  }
  return out
}

/**
 * Enterprise sign-in (issue 10 point 3): starts the provider round trip with a single-use state
 * (security.md #12), and on the way back redeems the provider's code with the upstream, which
 * answers the login token; the session starts only then. Errors with a sign-in meaning
 * (700623-700627, 700014) go to the sign-in page, anything else to the ssoFail page.
 */
export async function ssoRoutes(app: FastifyInstance, options: SsoOptions) {
  async function upstream(
    request: FastifyRequest,
    name: EndpointName,
    data: Record<string, unknown>,
    params: Record<string, string> = {},
  ) {
    const endpoint = ENDPOINTS[name]
    const path = `/${endpoint.path.replace(/\{(\w+)\}/g, (_m, key: string) => encodeURIComponent(params[key] ?? ''))}`
    const environment = environmentFor(request, options.topology)
    try {
      const answer = await app.upstream.call({
        environment,
        path,
        method: endpoint.upstreamMethod,
        body: data,
        json: endpoint.json,
        language: request.language,
      })
      return { answer, environment }
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error
      request.log.warn({ endpoint: name, failure: error.failure, err: error }, 'sso upstream call failed')
      return undefined
    }
  }

  function rememberReturn(request: FastifyRequest) {
    const { return: target, language } = queryOf(request)
    request.ensureSession()
    request.session.set('ssoReturn', target ? safeReturnPath(target) : undefined)
    request.session.set('ssoLanguage', parseLanguageParam(language))
  }

  /** A page of ours in the language the sign-in started in. */
  function inLanguage(request: FastifyRequest, path: string): string {
    const language = request.session.get('ssoLanguage') ?? parseLanguageParam(queryOf(request).language)
    return language ? `${path}?language=${language}` : path
  }

  function toSignIn(request: FastifyRequest, reply: FastifyReply, code: string) {
    // The fragment never reaches a server or a shared cache: the page reads it after hydration.
    return reply.redirect(`${inLanguage(request, SIGN_IN_PAGE)}#sso=${encodeURIComponent(code)}`, 303)
  }

  function toFail(request: FastifyRequest, reply: FastifyReply) {
    return reply.redirect(inLanguage(request, SSO_FAIL_PATH), 303)
  }

  function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    result:
      | { answer: ApiEnvelope; environment: Parameters<FastifyRequest['signIn']>[0]['environment'] }
      | undefined,
  ) {
    if (!result) return toFail(request, reply)
    const { answer, environment } = result
    const token = findToken(answer.item)
    if (isSuccess(answer) && token) {
      const target = request.session.get('ssoReturn') ?? inLanguage(request, SIGN_IN_PAGE)
      const email = typeof answer.item.email === 'string' ? answer.item.email.toLowerCase() : ''
      request.signIn({ token, email, environment })
      return reply.redirect(target, 303)
    }
    if (/^7006(2[3-7])$/.test(answer.retCode) || answer.retCode === '700014')
      return toSignIn(request, reply, answer.retCode)
    request.log.info({ retCode: answer.retCode }, 'sso sign-in refused')
    return toFail(request, reply)
  }

  app.get('/auth/sso/microsoft', async (request, reply) => {
    reply.header('Cache-Control', 'no-store')
    if (!options.microsoftAuthorizeUrl) return toSignIn(request, reply, '700623')
    rememberReturn(request)
    const state = issueConnectState(request, 'microsoft')
    const target = new URL(options.microsoftAuthorizeUrl)
    target.searchParams.set('client_id', options.microsoftClientId ?? 'sandbox')
    target.searchParams.set('response_type', 'code')
    target.searchParams.set('response_mode', 'query')
    target.searchParams.set('scope', 'openid profile email')
    target.searchParams.set('redirect_uri', `${origin(request, options.publicOrigin)}${SSO_RETURN_PATH}`)
    target.searchParams.set('state', state)
    return reply.redirect(target.toString(), 303)
  })

  app.get('/auth/sso/saml', async (request, reply) => {
    reply.header('Cache-Control', 'no-store')
    const configId = queryOf(request).id ?? ''
    if (!SAML_CONFIG_ID.test(configId)) return toSignIn(request, reply, '700626')
    rememberReturn(request)
    const state = issueConnectState(request, 'saml')
    const result = await upstream(
      request,
      'samlAuthenticate',
      { state, redirectUri: `${origin(request, options.publicOrigin)}${SSO_RETURN_PATH}` },
      { id: configId },
    )
    if (!result) return toFail(request, reply)
    const redirectUrl = result.answer.item.redirectUrl
    if (!isSuccess(result.answer)) return toSignIn(request, reply, result.answer.retCode)
    // Only an http(s) address from the upstream: never a javascript: or data: URL.
    if (typeof redirectUrl !== 'string' || !/^https?:\/\//i.test(redirectUrl)) {
      return toFail(request, reply)
    }
    return reply.redirect(redirectUrl, 303)
  })

  app.get(SSO_RETURN_PATH, async (request, reply) => {
    reply.header('Cache-Control', 'no-store')
    // The return URL carries a one-time code: keep it out of Referer headers of the next page.
    reply.header('Referrer-Policy', 'no-referrer')
    const query = queryOf(request)
    const provider = query.provider ?? 'microsoft' // spec §3: microsoft is the default provider
    if (!consumeConnectState(request, provider, query.state)) {
      request.log.warn({ provider }, 'sso return with an unknown, used or expired state')
      return toFail(request, reply)
    }
    if (provider === 'microsoft') {
      if (query.error === 'access_denied') return toSignIn(request, reply, 'cancelled')
      if (!query.code) return toFail(request, reply)
      const name = options.edition === 'international' ? 'aadLoginOverseas' : 'aadLogin'
      const data = {
        code: query.code,
        state: query.state,
        ...(query.session_state ? { session_state: query.session_state } : {}),
      }
      return finish(request, reply, await upstream(request, name, data))
    }
    if (provider === 'saml') {
      if (query.retCode !== '000000' || !query.authId) return toFail(request, reply)
      return finish(request, reply, await upstream(request, 'ssoAccessAuth', { authId: query.authId }))
    }
    return toFail(request, reply)
  })
}
