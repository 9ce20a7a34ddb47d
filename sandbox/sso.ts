import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { RegionId } from '../shared/regions.ts'
import { DEMO_ACCOUNT } from './fixtures.ts'
import { answer, fieldsOf, text } from './http.ts'
import { LOGIN_PREFIX } from './login.ts'
import { authorizePath } from './providers/registry.ts'
import { grantsOf } from './providers/routes.ts'
import { WECOM_SCAN_PATH } from './providers/sso-wecom.ts'
import { wecomScansOf } from './providers/wecom-scans.ts'
import { type AccountRecord, type SandboxWorld, TOKEN_TTL_SECONDS } from './world.ts'

interface SsoRouteOptions {
  region: RegionId
  world: SandboxWorld
  baseUrl: () => string
}

/**
 * The upstream's enterprise sign-on (spec §7, §8): Microsoft's code redeemed by `sso/aadLogin`
 * (`aadLoginOverseas` on the international edition), SAML started by
 * `basic-sso/saml2/authenticate/{id}` and finished by `basic-sso/access/auth`. Codes come from
 * the sandbox's simulated providers (sandbox/providers/), single use and time-limited. WeCom scan
 * sign-in is `account/memberQrCodeLoginUrl`: called with the app's `state` it opens a QR ticket,
 * called with a `ticket` it tells how the scan stands (the app polls) and signs in once confirmed.
 */
export async function ssoRoutes(app: FastifyInstance, options: SsoRouteOptions): Promise<void> {
  const { region, world } = options
  const grants = grantsOf(world)

  function signedIn(request: FastifyRequest, account: AccountRecord) {
    const environment = world.environmentIn(account, region)
    if (!environment) return answer(request, 'noSuchAccount')
    world.recordSuccessfulLogin(account)
    // Several environments: the BFF's picker may exchange this token in another one (ADR 0051).
    const token = world.issueToken(account.email, environment, {
      exchangeable: account.environments.length > 1,
    })
    return answer(request, 'success', {
      item: { token: token.token, email: account.email, expiresIn: TOKEN_TTL_SECONDS },
    })
  }

  /**
   * The fixed codes of the external app's simulated pages (sandbox/providers/index.ts): the demo
   * code signs in as the demo account, any other value is an identity that is not linked.
   */
  function fixedCode(
    request: FastifyRequest,
    code: string,
    demoCode: string,
    notLinked: 'microsoftNotLinked' | 'ssoNotLinked',
  ) {
    const demo = world.findAccount(DEMO_ACCOUNT.email)
    if (code !== demoCode || !demo) return answer(request, notLinked)
    return signedIn(request, demo)
  }

  async function aadLogin(request: FastifyRequest) {
    const code = text(fieldsOf(request), 'code')
    if (!code) return answer(request, 'badRequest')
    const grant = grants.redeem('microsoft', code)
    if (!grant) {
      // A code of the identity-provider pages that is unknown, used or expired: the round trip failed.
      if (code.startsWith('microsoft-')) return answer(request, 'internal')
      return fixedCode(request, code, 'ms-code-demo', 'microsoftNotLinked')
    }
    const account = world.findAccount(grant.identity)
    if (!account) return answer(request, 'microsoftNotLinked')
    if (!account.sso.microsoft) return answer(request, 'microsoftNotEnabled')
    return signedIn(request, account)
  }
  app.post(`${LOGIN_PREFIX}/sso/aadLogin`, aadLogin)
  app.post(`${LOGIN_PREFIX}/sso/aadLoginOverseas`, aadLogin)

  app.post('/basic-sso/saml2/authenticate/:id', async (request) => {
    const configId = (request.params as { id: string }).id
    const fields = fieldsOf(request)
    const state = text(fields, 'state')
    const redirectUri = text(fields, 'redirectUri')
    const known = [...world.accounts.values()].some((account) => account.sso.samlConfigId === configId)
    if (!known) return answer(request, 'ssoNotEnabled')
    if (!state || !redirectUri) return answer(request, 'badRequest')
    const target = new URL(`${options.baseUrl()}${authorizePath('saml')}`)
    target.searchParams.set('redirect_uri', redirectUri)
    target.searchParams.set('state', state)
    target.searchParams.set('configId', configId)
    return answer(request, 'success', { item: { redirectUrl: target.toString() } })
  })

  app.post('/basic-sso/access/auth', async (request) => {
    const authId = text(fieldsOf(request), 'authId')
    if (!authId) return answer(request, 'badRequest')
    const grant = grants.redeem('saml', authId)
    if (!grant) {
      if (authId.startsWith('saml-') && authId !== 'saml-auth-demo' && authId.length > 20) {
        return answer(request, 'internal')
      }
      return fixedCode(request, authId, 'saml-auth-demo', 'ssoNotLinked')
    }
    const account = world.findAccount(grant.identity)
    if (!account?.sso.samlConfigId || account.sso.samlConfigId !== grant.facts.configId) {
      return answer(request, 'ssoNotLinked')
    }
    return signedIn(request, account)
  })

  const scans = wecomScansOf(world)
  app.post(`${LOGIN_PREFIX}/account/memberQrCodeLoginUrl`, async (request) => {
    const fields = fieldsOf(request)
    const ticket = text(fields, 'ticket')
    if (!ticket) {
      const state = text(fields, 'state')
      const matchCode = text(fields, 'matchCode')
      if (!state || !matchCode || !/^\d{2}$/.test(matchCode)) return answer(request, 'badRequest')
      const issued = scans.issue(state, matchCode)
      const qrCodeUrl = `${options.baseUrl()}${WECOM_SCAN_PATH}?ticket=${encodeURIComponent(issued.ticket)}`
      const expiresIn = Math.round((issued.expiresAt - world.now()) / 1000)
      return answer(request, 'success', { item: { ticket: issued.ticket, qrCodeUrl, expiresIn } })
    }
    const status = scans.status(ticket)
    if (status !== 'confirmed') {
      const expiresAt = scans.expiresAt(ticket)
      const expiresIn =
        expiresAt === undefined ? 0 : Math.max(0, Math.round((expiresAt - world.now()) / 1000))
      return answer(request, 'success', { item: { status, expiresIn } })
    }
    const scan = scans.redeem(ticket)
    const account = scan && world.findAccount(scan.member)
    if (!scan || !account) return answer(request, 'ssoNotLinked')
    if (!account.sso.wecom) return answer(request, 'ssoNotEnabled')
    const signed = signedIn(request, account)
    return { ...signed, item: { ...signed.item, status, state: scan.state } }
  })
}
