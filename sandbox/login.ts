import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { EnvironmentName, RegionId } from '../shared/regions.ts'
import { captchaThreshold, fixtureOf, isUnavailable, type ProductCode } from './fixtures.ts'
import { answer, bearerOf, fieldsOf, rawText, requestLanguage, text } from './http.ts'
import { LOGIN_CODE } from './login-code.ts'
import { verifyPassword } from './passwords.ts'
import {
  type AccountRecord,
  isValidEmail,
  normaliseEmail,
  PASSWORD_AGE_REMINDER_MS,
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
    // Whether the company asks for an e-mailed code after the password (the page shows the step).
    const emailCodeRequired = fixtureOf(account.email)?.emailCode === true
    return answer(request, 'success', {
      item: { email: account.email, environments: [...account.environments], emailCodeRequired },
    })
  })

  app.post(`${LOGIN_PREFIX}/getServiceLoginWrongTimes/4`, async (request) => {
    const found = lookUp(request)
    if ('error' in found) return found.error
    const { wrongTimes } = world.lockState(found.account)
    const threshold = found.account.captchaAfter ?? captchaThreshold(found.account.email)
    // `captchaRequired` only for accounts whose company asks for a captcha after wrong passwords.
    return answer(request, 'success', {
      item: { wrongTimes, ...(threshold === undefined ? {} : { captchaRequired: wrongTimes >= threshold }) },
    })
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

  /**
   * The password check of `serviceLoginNew` and `account/consoleLogin`: 700004, 700009, 700201,
   * 700014, 700625 (SSO only), 700123 (locked, with minutes), 700211 (counted towards the lock).
   */
  async function passwordSignIn(
    request: FastifyRequest,
    console = false,
    decodePassword: (sent: string) => string = (sent) => sent,
  ): Promise<
    { error: ReturnType<typeof answer> } | { account: AccountRecord; environment: EnvironmentName }
  > {
    const fields = fieldsOf(request)
    const email = normaliseEmail(text(fields, 'email'))
    const password = decodePassword(rawText(fields, 'password'))
    if (!email) return { error: answer(request, 'accountEmpty') }
    // consoleLogin names an empty password 700076, serviceLoginNew 700009 (spec §8 lists both).
    if (!password) return { error: answer(request, console ? 'passwordEmptyConsole' : 'passwordEmpty') }
    if (!isValidEmail(email)) return { error: answer(request, 'accountFormat') }
    const account = world.findAccount(email)
    const environment = account && world.environmentIn(account, region)
    if (!account || !environment) return { error: answer(request, 'noSuchAccount') }

    if (isUnavailable(account.email)) return { error: answer(request, 'unavailableAccount') }
    if (account.sso.passwordDisabled) return { error: answer(request, 'passwordLoginDisabled') }
    const { lockedUntil, wrongTimes } = world.lockState(account)
    if (lockedUntil !== null) return { error: lockedAnswer(request, lockedUntil) }
    // After a few wrong passwords a solved captcha must come along (getServiceLoginWrongTimes tells).
    const threshold = account.captchaAfter ?? captchaThreshold(account.email)
    if (threshold !== undefined && wrongTimes >= threshold) {
      const captchaPass = text(fields, 'captchaPass')
      if (!captchaPass) return { error: answer(request, 'captchaEmpty') }
      if (!world.captcha.consume(captchaPass)) return { error: answer(request, 'captchaWrong') }
    }

    if (!(await verifyPassword(password, account.passwordHash))) {
      const lockedNow = world.recordWrongPassword(account)
      if (lockedNow !== null) return { error: lockedAnswer(request, lockedNow) }
      return {
        error: answer(request, 'wrongPassword', {
          item: { wrongTimes: world.lockState(account).wrongTimes },
        }),
      }
    }
    world.recordSuccessfulLogin(account)
    return { account, environment }
  }

  app.post(`${LOGIN_PREFIX}/serviceLoginNew/4`, async (request) => {
    const result = await passwordSignIn(request)
    if ('error' in result) return result.error
    // Its company wants the e-mailed code too, which only consoleLogin carries.
    if (fixtureOf(result.account.email)?.emailCode) return answer(request, 'loginCodeWrong')
    const token = world.issueToken(result.account.email, result.environment)
    return answer(request, 'success', {
      item: { token: token.token, email: result.account.email, expiresIn: TOKEN_TTL_SECONDS },
    })
  })

  /**
   * The sign-in into a product (spec §3: console 02, agent 09; app types console, serviceConsole,
   * appConsole) with the endpoint table's `{ email, password, code? }`: a token and the product's
   * console URL. A bearer token alone (no e-mail) still hands an existing session over.
   */
  app.post(`${LOGIN_PREFIX}/account/consoleLogin`, async (request) => {
    const fields = fieldsOf(request)
    let token = text(fields, 'email') ? undefined : world.resolveToken(bearerOf(request), region)
    if (!token) {
      if (!text(fields, 'email') && bearerOf(request)) return answer(request, 'tokenInvalid')
      const result = await passwordSignIn(request, true)
      if ('error' in result) return result.error
      const refusal = productRefusal(request, result.account)
      if (refusal) return refusal
      token = world.issueToken(result.account.email, result.environment)
    }
    const fixture = fixtureOf(token.email)
    const products: readonly ProductCode[] = fixture?.products ?? ['02', '09']
    const asked = text(fields, 'productCode')
    // The product asked for, else the account's first: an agent-only account opens the agent (09).
    const productCode = products.find((product) => product === asked) ?? products[0] ?? '02'
    const appType = ['serviceConsole', 'appConsole'].includes(text(fields, 'appType'))
      ? text(fields, 'appType')
      : 'console'
    const account = world.findAccount(token.email)
    const passwordChangeDue =
      account !== undefined && world.now() - account.passwordChangedAt > PASSWORD_AGE_REMINDER_MS
    const ticket = world.issueConsoleTicket(token)
    const consoleUrl = `${options.baseUrl()}/__sandbox/console?ticket=${encodeURIComponent(ticket)}&product=${productCode}&appType=${appType}`
    return answer(request, 'success', {
      item: {
        token: token.token,
        email: token.email,
        expiresIn: TOKEN_TTL_SECONDS,
        consoleUrl,
        productCode,
        appType,
        passwordChangeDue,
      },
    })
  })

  /**
   * What stops a right password from opening a product: the e-mailed code (700203 wrong or
   * missing, 700125 expired), no activated product (or not the one asked for), no permission.
   */
  function productRefusal(request: FastifyRequest, account: AccountRecord) {
    const fields = fieldsOf(request)
    const fixture = fixtureOf(account.email)
    if (fixture?.emailCode) {
      const check = world.loginCodes.check(account.email, text(fields, 'code'))
      if (check === 'expired') return answer(request, 'loginCodeExpired')
      if (check !== 'ok') return answer(request, 'loginCodeWrong')
    }
    const products: readonly ProductCode[] = fixture?.products ?? ['02', '09']
    const asked = text(fields, 'productCode')
    if (products.length === 0 || (asked && !products.some((product) => product === asked))) {
      return answer(request, 'productNotActivated')
    }
    if (fixture?.restricted) return answer(request, 'workbenchRestricted')
    return undefined
  }

  /**
   * `account/sendVerifyCode` (spec §7: GET with the e-mail and the base64 password): checks the
   * password like a sign-in, then e-mails a 6-digit code valid 5 minutes (outbox kind `login-code`).
   */
  app.get(`${LOGIN_PREFIX}/account/sendVerifyCode`, async (request) => {
    const result = await passwordSignIn(request, true, (sent) => Buffer.from(sent, 'base64').toString('utf8'))
    if ('error' in result) return result.error
    const code = world.loginCodes.start(result.account.email)
    sendLoginCode(request, result.account.email, code)
    return answer(request, 'success', { item: codeTimes() })
  })

  /** `sendEmailRandomCode`: a new code, once a minute, for a sign-in whose password was right. */
  app.post(`${LOGIN_PREFIX}/sendEmailRandomCode/4`, async (request) => {
    const found = lookUp(request)
    if ('error' in found) return found.error
    const sent = world.loginCodes.resend(found.account.email)
    if (sent === 'tooSoon') return answer(request, 'tooSoon')
    if (sent === 'noChallenge') return answer(request, 'loginCodeExpired')
    sendLoginCode(request, found.account.email, sent.code)
    return answer(request, 'success', { item: codeTimes() })
  })

  /** In the language the sign-in was made in (the `language` header), like the reset e-mails. */
  function sendLoginCode(request: FastifyRequest, email: string, code: string) {
    const minutes = LOGIN_CODE.ttlMs / 60_000
    const zh = requestLanguage(request) === 'zh'
    world.outbox.send({
      to: email,
      kind: 'login-code',
      subject: zh ? '您的登录验证码' : 'Your sign-in code',
      text: zh
        ? `您的登录验证码是 ${code}，${minutes} 分钟内有效。`
        : `Your sign-in code is ${code}. It is valid for ${minutes} minutes.`,
      code,
    })
  }

  function codeTimes() {
    return {
      expiresInSeconds: LOGIN_CODE.ttlMs / 1000,
      resendAfterSeconds: LOGIN_CODE.resendWaitMs / 1000,
    }
  }

  /** Exchanges a valid (temporary) token for a fresh one of the same account and environment. */
  app.post('/tokens/getToken', async (request) => {
    const token = world.resolveToken(bearerOf(request), region)
    if (token) {
      const fresh = world.issueToken(token.email, token.environment)
      return answer(request, 'success', { item: { token: fresh.token } })
    }
    // The temporary token of an SSO sign-in of another region (before the environment picker): a
    // token of the same account in this region's environment, when it lives there (ADR 0051).
    const elsewhere = world.resolveExchangeableToken(bearerOf(request))
    const account = elsewhere && world.findAccount(elsewhere.email)
    const environment = account && world.environmentIn(account, region)
    if (!elsewhere || !environment) return answer(request, 'tokenInvalid')
    world.tokens.delete(elsewhere.token)
    const fresh = world.issueToken(elsewhere.email, environment)
    return answer(request, 'success', { item: { token: fresh.token } })
  })
}
