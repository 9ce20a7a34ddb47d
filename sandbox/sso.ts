import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { RegionId } from '../shared/regions.ts'
import { answer, fieldsOf, text } from './http.ts'
import { LOGIN_PREFIX } from './login.ts'
import { authorizePath } from './providers/registry.ts'
import { grantsOf } from './providers/routes.ts'
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
 * the sandbox's simulated providers (sandbox/providers/), single use and time-limited.
 */
export async function ssoRoutes(app: FastifyInstance, options: SsoRouteOptions): Promise<void> {
  const { region, world } = options
  const grants = grantsOf(world)

  function signedIn(request: FastifyRequest, account: AccountRecord) {
    const environment = world.environmentIn(account, region)
    if (!environment) return answer(request, 'noSuchAccount')
    world.recordSuccessfulLogin(account)
    const token = world.issueToken(account.email, environment)
    return answer(request, 'success', {
      item: { token: token.token, email: account.email, expiresIn: TOKEN_TTL_SECONDS },
    })
  }

  async function aadLogin(request: FastifyRequest) {
    const fields = fieldsOf(request)
    const grant = grants.redeem('microsoft', text(fields, 'code'))
    // A code that is unknown, used or expired: the provider round trip itself failed.
    if (!grant) return answer(request, 'internal')
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
    const grant = grants.redeem('saml', text(fieldsOf(request), 'authId'))
    if (!grant) return answer(request, 'internal')
    const account = world.findAccount(grant.identity)
    if (!account || !account.sso.samlConfigId || account.sso.samlConfigId !== grant.facts.configId) {
      return answer(request, 'ssoNotLinked')
    }
    return signedIn(request, account)
  })
}
