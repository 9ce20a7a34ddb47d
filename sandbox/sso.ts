import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { RegionId } from '../shared/regions.ts'
import { DEMO_ACCOUNT } from './fixtures.ts'
import { answer, fieldsOf, text } from './http.ts'
import type { MessageId } from './messages.ts'
import { type SandboxWorld, TOKEN_TTL_SECONDS } from './world.ts'

/**
 * The single sign-on exchanges behind the simulated Microsoft and SAML providers
 * (sandbox/providers/): `sso/aadLogin` takes Microsoft's code, `basic-sso/access/auth` the SAML
 * authId. Fixtures: `ms-code-demo` and `saml-auth-demo` sign in as the demo account; any other
 * value is an account that is not linked (700624 / 700627).
 */
export async function ssoRoutes(app: FastifyInstance, options: { region: RegionId; world: SandboxWorld }) {
  const { region, world } = options

  function signInDemo(request: FastifyRequest, linked: boolean, notLinked: MessageId) {
    const account = world.findAccount(DEMO_ACCOUNT.email)
    const environment = account && world.environmentIn(account, region)
    if (!linked || !account || !environment) return answer(request, notLinked)
    world.recordSuccessfulLogin(account)
    const token = world.issueToken(account.email, environment)
    return answer(request, 'success', {
      item: { token: token.token, email: account.email, expiresIn: TOKEN_TTL_SECONDS },
    })
  }

  for (const path of ['/basic-login/sso/aadLogin', '/basic-login/sso/aadLoginOverseas']) {
    app.post(path, async (request) => {
      const code = text(fieldsOf(request), 'code')
      if (!code) return answer(request, 'badRequest')
      return signInDemo(request, code === 'ms-code-demo', 'microsoftNotLinked')
    })
  }

  app.post('/basic-sso/access/auth', async (request) => {
    const authId = text(fieldsOf(request), 'authId')
    if (!authId) return answer(request, 'badRequest')
    return signInDemo(request, authId === 'saml-auth-demo', 'ssoNotLinked')
  })
}
