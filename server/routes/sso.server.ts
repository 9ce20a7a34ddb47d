import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Topology } from '../../config/index.ts'
import { RET_CODES } from '../../shared/api/ret-codes.ts'
import { isSuccess } from '../../shared/envelope.ts'
import { consumeConnectState, issueConnectState } from '../connect-state.server.ts'
import { route } from '../plugins/app/own-pages.ts'
import { askBeforeRoundTrip, spendStart, startedOnOurPage, startFields } from './round-trip-start.server.ts'
import { queryOf, type SsoKit, type SsoOutcome, ssoKit } from './sso-kit.server.ts'
import { ssoPickerRoutes } from './sso-picker.server.ts'
import { wecomRoutes } from './sso-wecom.server.ts'

export { SSO_FAIL_PATH } from './sso-kit.server.ts'

export interface SsoOptions {
  publicOrigin: string | undefined
  /** Where providers come back to: configuration only (config `siteOrigin`). */
  siteOrigin: string
  topology: Topology
  edition: 'international' | 'chinese'
  /** Microsoft's authorize endpoint (the sandbox's provider page when running on the sandbox). */
  microsoftAuthorizeUrl: string | undefined
  microsoftClientId: string | undefined
}

/** Where providers send the browser back: one address for every provider (spec §3 query info). */
export const SSO_RETURN_PATH = '/auth/sso/return'
const SAML_CONFIG_ID = /^[A-Za-z0-9_-]{1,64}$/

/**
 * Enterprise sign-in (issue 10 point 3): starts the provider round trip with a single-use state
 * (security.md #12), and on the way back redeems the provider's code with the upstream, which
 * answers the login token; the session starts only then. Errors with a sign-in meaning
 * (700623-700627, 700014) go to the sign-in page, anything else to the ssoFail page. WeCom's scan
 * (sso-wecom.server.ts) and the environment picker (sso-picker.server.ts) share the same kit.
 */
export async function ssoRoutes(app: FastifyInstance, options: SsoOptions) {
  const kit: SsoKit = ssoKit(options.topology)
  await app.register(ssoPickerRoutes, { kit, topology: options.topology, publicOrigin: options.publicOrigin })
  await app.register(wecomRoutes, { kit, publicOrigin: options.publicOrigin })

  const go = (request: FastifyRequest, reply: FastifyReply, outcome: SsoOutcome) =>
    reply.redirect(kit.locationOf(request, outcome), 303)

  /** Off to Microsoft with a fresh state; `source`: the start's `return` and `language`. */
  async function startMicrosoft(
    request: FastifyRequest,
    reply: FastifyReply,
    source: Record<string, string>,
  ) {
    if (!options.microsoftAuthorizeUrl)
      return go(request, reply, { kind: 'refused', code: RET_CODES.microsoftNotEnabled })
    kit.rememberReturn(request, source)
    const state = issueConnectState(request, 'microsoft')
    const target = new URL(options.microsoftAuthorizeUrl)
    target.searchParams.set('client_id', options.microsoftClientId ?? 'sandbox')
    target.searchParams.set('response_type', 'code')
    target.searchParams.set('response_mode', 'query')
    target.searchParams.set('scope', 'openid profile email')
    target.searchParams.set('redirect_uri', `${options.siteOrigin}${SSO_RETURN_PATH}`)
    target.searchParams.set('state', state)
    return reply.redirect(target.toString(), 303)
  }

  /** Off to the company's identity provider the upstream names for the SSO ID `source.id`. */
  async function startSaml(request: FastifyRequest, reply: FastifyReply, source: Record<string, string>) {
    const configId = source.id ?? ''
    if (!SAML_CONFIG_ID.test(configId))
      return go(request, reply, { kind: 'refused', code: RET_CODES.ssoNotEnabled })
    kit.rememberReturn(request, source)
    const state = issueConnectState(request, 'saml')
    const result = await kit.upstream(
      request,
      'samlAuthenticate',
      { state, redirectUri: `${options.siteOrigin}${SSO_RETURN_PATH}` },
      { params: { id: configId } },
    )
    if (!result) return go(request, reply, { kind: 'failed' })
    const redirectUrl = result.answer.item.redirectUrl
    if (!isSuccess(result.answer)) return go(request, reply, { kind: 'refused', code: result.answer.retCode })
    // Only an http(s) address from the upstream: never a javascript: or data: URL.
    if (typeof redirectUrl !== 'string' || !/^https?:\/\//i.test(redirectUrl)) {
      return go(request, reply, { kind: 'failed' })
    }
    return reply.redirect(redirectUrl, 303)
  }

  // Each start runs from a link of our own page (a same-origin navigation) or from the button of
  // the page that asks first (round-trip-start.server.ts, security.md #25); a signed-in session
  // is never replaced: the page offers to sign out instead. A start that goes ahead spends signIn.
  const starts = [
    { path: '/auth/sso/microsoft', destination: 'microsoft', fields: ['return'], start: startMicrosoft },
    { path: '/auth/sso/saml', destination: 'company', fields: ['id', 'return'], start: startSaml },
  ] as const
  for (const { path, destination, fields, start } of starts) {
    const ask = (request: FastifyRequest, reply: FastifyReply, source: unknown) =>
      askBeforeRoundTrip(request, reply, {
        destination,
        path,
        fields: startFields(source, fields),
        refusal: { https: options.publicOrigin?.startsWith('https:') ?? false },
        signsIn: true,
      })
    app.get(path, async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      if (!startedOnOurPage(request) || request.sessionUser()) return ask(request, reply, request.query)
      if (!(await spendStart(request, reply))) return reply
      return start(request, reply, queryOf(request))
    })
  }

  app.get(SSO_RETURN_PATH, route({ spends: 'signIn' }), async (request, reply) => {
    reply.header('Cache-Control', 'no-store')
    // The return URL carries a one-time code: keep it out of Referer headers of the next page.
    reply.header('Referrer-Policy', 'no-referrer')
    const query = queryOf(request)
    const provider = query.provider ?? 'microsoft' // spec §3: microsoft is the default provider
    if (!(await consumeConnectState(request, provider, query.state))) {
      request.log.warn({ provider }, 'sso return with an unknown, used or expired state')
      return go(request, reply, { kind: 'failed' })
    }
    if (provider === 'microsoft') {
      if (query.error === 'access_denied') return go(request, reply, { kind: 'refused', code: 'cancelled' })
      if (!query.code) return go(request, reply, { kind: 'failed' })
      const name = options.edition === 'international' ? 'aadLoginOverseas' : 'aadLogin'
      const data = {
        code: query.code,
        state: query.state,
        ...(query.session_state ? { session_state: query.session_state } : {}),
      }
      return go(request, reply, await kit.outcomeOf(request, await kit.upstream(request, name, data)))
    }
    if (provider === 'saml') {
      if (query.retCode && query.retCode !== RET_CODES.success) {
        // A code with a sign-in meaning is shown as such; any other refusal at the identity provider
        // is a decline, worded as Microsoft's access_denied is ("cancelled"), not "System
        // abnormity": one wording for one user action (issue 18 point 16, ADR 0077).
        const meaningful = /^7006(2[3-7])$/.test(query.retCode) || query.retCode === RET_CODES.noSuchAccount
        return go(request, reply, { kind: 'refused', code: meaningful ? query.retCode : 'cancelled' })
      }
      if (!query.authId) return go(request, reply, { kind: 'failed' })
      const result = await kit.upstream(request, 'ssoAccessAuth', { authId: query.authId })
      return go(request, reply, await kit.outcomeOf(request, result))
    }
    return go(request, reply, { kind: 'failed' })
  })
}
