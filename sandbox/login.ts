import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { RegionId } from '../shared/regions.ts'
import { answer, bearerOf, fieldsOf, rawText, text } from './http.ts'
import { verifyPassword } from './passwords.ts'
import {
  type AccountRecord,
  isValidEmail,
  normaliseEmail,
  type SandboxWorld,
  TOKEN_TTL_SECONDS,
} from './world.ts'

export const LOGIN_PREFIX = '/basic-login'

interface LoginRouteOptions {
  region: RegionId
  world: SandboxWorld
  /** This server's base URL, known once it listens. */
  baseUrl: () => string
}

/**
 * The sign-in slice of the login service (spec §7), with the rules of §5 and §8: e-mail checks,
 * password sign-in with lockout, the wrong-password counter, environments of an account, the
 * console hand-off and the token exchange.
 */
export async function loginRoutes(app: FastifyInstance, options: LoginRouteOptions): Promise<void> {
  const { region, world } = options

  /** Shared e-mail validation: 700077 empty, 700078 malformed, 700014 unknown. */
  function lookUp(
    request: FastifyRequest,
  ): { account: AccountRecord } | { error: ReturnType<typeof answer> } {
    const email = normaliseEmail(text(fieldsOf(request), 'email'))
    if (!email) return { error: answer(request, 'emailEmpty') }
    if (!isValidEmail(email)) return { error: answer(request, 'emailInvalid') }
    const account = world.findAccount(email)
    if (!account) return { error: answer(request, 'noSuchAccount') }
    return { account }
  }

  function lockedAnswer(request: FastifyRequest, lockedUntil: number) {
    const retryAfterSeconds = Math.max(1, Math.ceil((lockedUntil - world.now()) / 1000))
    return answer(request, 'locked', {
      params: { minutes: Math.ceil(retryAfterSeconds / 60) },
      item: { lockedUntil: new Date(lockedUntil).toISOString(), retryAfterSeconds },
    })
  }

  app.post(`${LOGIN_PREFIX}/loginEmailCheck/4`, async (request) => {
    const found = lookUp(request)
    if ('error' in found) return found.error
    const { account } = found
    return answer(request, 'success', {
      item: { email: account.email, environments: [...account.environments] },
    })
  })

  app.post(`${LOGIN_PREFIX}/getServiceLoginWrongTimes/4`, async (request) => {
    const found = lookUp(request)
    if ('error' in found) return found.error
    return answer(request, 'success', { item: { wrongTimes: world.lockState(found.account).wrongTimes } })
  })

  app.post(`${LOGIN_PREFIX}/getAllEnvDomain`, async (request) => {
    const found = lookUp(request)
    if ('error' in found) return found.error
    const directory = world.directory
    const items = found.account.environments.map((env) => ({
      host: directory ? new URL(directory.environments[env].url).host : '',
      env,
    }))
    return answer(request, 'success', { items })
  })

  app.post(`${LOGIN_PREFIX}/serviceLoginNew/4`, async (request) => {
    const fields = fieldsOf(request)
    const email = normaliseEmail(text(fields, 'email'))
    const password = rawText(fields, 'password')
    if (!email) return answer(request, 'accountEmpty')
    if (!password) return answer(request, 'passwordEmpty')
    if (!isValidEmail(email)) return answer(request, 'accountFormat')
    const account = world.findAccount(email)
    const environment = account && world.environmentIn(account, region)
    if (!account || !environment) return answer(request, 'noSuchAccount')

    if (account.sso.passwordDisabled) return answer(request, 'passwordLoginDisabled')
    const { lockedUntil } = world.lockState(account)
    if (lockedUntil !== null) return lockedAnswer(request, lockedUntil)

    if (!(await verifyPassword(password, account.passwordHash))) {
      const lockedNow = world.recordWrongPassword(account)
      if (lockedNow !== null) return lockedAnswer(request, lockedNow)
      return answer(request, 'wrongPassword', { item: { wrongTimes: world.lockState(account).wrongTimes } })
    }

    world.recordSuccessfulLogin(account)
    const token = world.issueToken(account.email, environment)
    return answer(request, 'success', {
      item: { token: token.token, email: account.email, expiresIn: TOKEN_TTL_SECONDS },
    })
  })

  app.post(`${LOGIN_PREFIX}/account/consoleLogin`, async (request) => {
    const token = world.resolveToken(bearerOf(request), region)
    if (!token) return answer(request, 'tokenInvalid')
    const ticket = world.issueConsoleTicket(token)
    const consoleUrl = `${options.baseUrl()}/__sandbox/console?ticket=${encodeURIComponent(ticket)}`
    return answer(request, 'success', { item: { consoleUrl } })
  })

  /** Exchanges a valid (temporary) token for a fresh one of the same account and environment. */
  app.post('/tokens/getToken', async (request) => {
    const token = world.resolveToken(bearerOf(request), region)
    if (!token) return answer(request, 'tokenInvalid')
    const fresh = world.issueToken(token.email, token.environment)
    return answer(request, 'success', { item: { token: fresh.token } })
  })
}
