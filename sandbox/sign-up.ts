import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ENVIRONMENT_NAMES, type RegionId } from '../shared/regions.ts'
import {
  CHINA_AREA_CODE,
  CHINA_MOBILE_PATTERN,
  FULL_NAME_PATTERN,
  isValidPassword,
  NAME_PATTERN,
  PHONE_PATTERN,
} from '../shared/schemas/fields.ts'
import { PROVIDER_RESULT_FIELDS } from './captcha.ts'
import { answer, type Fields, fieldsOf, rawText, requestLanguage, text } from './http.ts'
import type { MessageId } from './messages.ts'
import { hashPassword } from './passwords.ts'
import {
  type PendingSignUp,
  RESEND_WAIT_MS,
  type SignUpDetails,
  VERIFY_EMAILS_PER_DAY,
  VERIFY_LINK_TTL_MS,
} from './sign-up-state.ts'
import { ENVIRONMENT_REGIONS, isValidEmail, normaliseEmail, type SandboxWorld } from './world.ts'

const LOGIN = '/basic-login'
const TEXT_MAX = 100
/** Documented fixture: its address has used up its 10 verification e-mails of the last 24 hours. */
export const SIGN_UP_LIMIT_EMAIL = 'limit@signup.sandbox.test'

/** Where an e-mailed verification link leads; the id rides in the fragment, never sent to a server. */
export function verifyLinkPath(id: string, language: 'en' | 'zh', region: RegionId): string {
  // The link names the region its registration lives in: opened from another time zone (or a
  // shared host), the BFF still takes it there (ADR 0074).
  return `/auth/sign_up/verify${language === 'zh' ? '?language=zh' : ''}#id=${encodeURIComponent(id)}&region=${region}`
}

type Check = MessageId | undefined

function checkName(value: string, empty: MessageId, invalid: MessageId, pattern = NAME_PATTERN): Check {
  if (!value) return empty
  return value.length > TEXT_MAX || !pattern.test(value) ? invalid : undefined
}

/** The account-setup rules of spec §5, the first failing field's code (spec §8). */
function checkDetails(fields: Fields, mobile: boolean): { problem: Check; details: SignUpDetails } {
  const fullName = text(fields, 'fullName')
  const [first = '', ...rest] = fullName.split(/[ \u3000]+/)
  const details: SignUpDetails = {
    firstName: mobile ? first : text(fields, 'firstName'),
    lastName: mobile ? rest.join(' ') : text(fields, 'lastName'),
    company: text(fields, 'company'),
    jobTitle: mobile ? text(fields, 'jobTitle') || '-' : text(fields, 'jobTitle'),
    areaCode: text(fields, 'areaCode').replace(/^\+/, ''),
    phone: text(fields, 'phone'),
    ...(text(fields, 'referralCode') ? { referralCode: text(fields, 'referralCode') } : {}),
    ...(text(fields, 'notes') ? { notes: text(fields, 'notes') } : {}),
  }
  const phoneOk =
    /^\d{1,4}$/.test(details.areaCode) &&
    PHONE_PATTERN.test(details.phone) &&
    (details.areaCode !== CHINA_AREA_CODE || CHINA_MOBILE_PATTERN.test(details.phone))
  const problem =
    (mobile
      ? checkName(fullName, 'fullNameEmpty', 'fullNameInvalid', FULL_NAME_PATTERN)
      : (checkName(details.firstName, 'firstNameEmpty', 'firstNameInvalid') ??
        checkName(details.lastName, 'lastNameEmpty', 'lastNameInvalid'))) ??
    (details.company.length > TEXT_MAX || !NAME_PATTERN.test(details.company)
      ? 'companyInvalid'
      : undefined) ??
    (mobile || (details.jobTitle.length <= TEXT_MAX && NAME_PATTERN.test(details.jobTitle))
      ? undefined
      : 'jobTitleInvalid') ??
    (phoneOk ? undefined : 'phoneInvalid') ??
    (details.referralCode && !/^[\p{L}\p{N}]{1,100}$/u.test(details.referralCode)
      ? 'referralInvalid'
      : undefined) ??
    ((details.notes?.length ?? 0) > TEXT_MAX ? 'invalidInformation' : undefined)
  return { problem, details }
}

/**
 * The free-trial registration of the login service (spec §4 "Registration", §5, §8, §9): the
 * e-mail check, the captcha, the first step (registerSgNew, or registerSgH5 on phones), the
 * verification e-mail and its link, account setup, the questionnaire and the finish, which
 * creates the account in this server's region and answers a temporary token.
 */
export async function signUpRoutes(
  app: FastifyInstance,
  options: { region: RegionId; world: SandboxWorld },
): Promise<void> {
  const { region, world } = options
  const state = world.signUps
  const captcha = world.captcha
  const environment = ENVIRONMENT_NAMES.find((env) => ENVIRONMENT_REGIONS[env] === region) ?? 'sg-k8s'

  function emailOf(request: FastifyRequest): { email: string } | { error: MessageId } {
    const email = normaliseEmail(text(fieldsOf(request), 'email'))
    if (!email) return { error: 'emailEmpty' }
    if (!isValidEmail(email)) return { error: 'emailInvalid' }
    return { email }
  }

  /**
   * A registration of this address in this region: one started in another region lives there
   * only (a real upstream's regions share nothing), so continuing it here is refused like an
   * unknown one — tests see a sign-up continued in the wrong region fail (issue 18 point 7).
   */
  function pendingHere(email: string): PendingSignUp | undefined {
    const signUp = state.pending.get(email)
    return signUp?.region === region ? signUp : undefined
  }

  /** A registration of this address, in this region, that its link has verified. */
  function verified(email: string): PendingSignUp | undefined {
    const signUp = pendingHere(email)
    return signUp?.verified ? signUp : undefined
  }

  app.post(`${LOGIN}/initSgGeetestInfo/4`, async (request) => {
    const challenge = captcha.issue()
    return answer(request, 'success', {
      item: { challengeId: challenge.challengeId, a: challenge.a, b: challenge.b },
    })
  })

  app.post(`${LOGIN}/checkSgGeetestInfo/4`, async (request) => {
    const fields = fieldsOf(request)
    const challengeId = text(fields, 'challengeId')
    if (text(fields, 'lot_number')) {
      const result = Object.fromEntries(PROVIDER_RESULT_FIELDS.map((field) => [field, text(fields, field)]))
      const token = captcha.checkProviderResult(challengeId, result)
      return token
        ? answer(request, 'success', { item: { captchaPass: token } })
        : answer(request, 'captchaWrong')
    }
    const response = text(fields, 'answer')
    if (!response) return answer(request, 'captchaEmpty')
    const token = captcha.check(challengeId, response)
    return token
      ? answer(request, 'success', { item: { captchaPass: token } })
      : answer(request, 'captchaWrong')
  })

  app.post(`${LOGIN}/registerEmailCheck/4`, async (request) => {
    const found = emailOf(request)
    if ('error' in found) return answer(request, found.error)
    return answer(request, world.findAccount(found.email) ? 'emailExists' : 'success')
  })

  async function start(request: FastifyRequest, mobile: boolean) {
    const fields = fieldsOf(request)
    const found = emailOf(request)
    if ('error' in found) return answer(request, found.error)
    const password = rawText(fields, 'password')
    if (!isValidPassword(password)) return answer(request, 'passwordFormat')
    const checked = mobile ? checkDetails(fields, true) : undefined
    if (checked?.problem) return answer(request, checked.problem)
    const token = text(fields, 'captchaPass')
    if (!token) return answer(request, 'captchaEmpty')
    if (!captcha.consume(token)) return answer(request, 'captchaWrong')
    if (world.findAccount(found.email)) return answer(request, 'emailExists')
    const previous = state.pending.get(found.email)
    const now = world.now()
    state.pending.set(found.email, {
      email: found.email,
      passwordHash: await hashPassword(password),
      region,
      mobile,
      verified: false,
      ...(checked ? { details: checked.details } : {}),
      // Starting again never gives a fresh 24-hour budget of verification e-mails.
      sends:
        previous?.sends ??
        (found.email === SIGN_UP_LIMIT_EMAIL ? Array(VERIFY_EMAILS_PER_DAY).fill(now - 60 * 60_000) : []),
      // A restart replaces the password, so no link sent before it verifies anything: a link must
      // never confirm a registration whose password someone else set since (issue 46; what a real
      // upstream must guarantee: shared/api/upstream-notes.ts › registerSgNew).
      links: new Map(),
    })
    return answer(request, 'success', { item: { email: found.email } })
  }
  app.post(`${LOGIN}/registerSgNew/4`, async (request) => start(request, false))
  app.post(`${LOGIN}/registerSgH5/4`, async (request) => start(request, true))

  app.post(`${LOGIN}/sendRegisterVerifyEmail/4`, async (request) => {
    const found = emailOf(request)
    if ('error' in found) return answer(request, found.error)
    const signUp = pendingHere(found.email)
    if (!signUp) return answer(request, 'invalidInformation')
    const now = world.now()
    const sends = state.sendsInLastDay(signUp, now)
    const last = sends.at(-1)
    if (last !== undefined && now - last < RESEND_WAIT_MS) {
      return answer(request, 'tooSoon', {
        item: { retryAfterSeconds: Math.ceil((RESEND_WAIT_MS - (now - last)) / 1000) },
      })
    }
    if (sends.length >= VERIFY_EMAILS_PER_DAY) {
      return answer(request, 'verifyEmailLimit', {
        item: { freesAt: new Date(state.limitFreesAt(signUp, now)).toISOString() },
      })
    }
    const language = requestLanguage(request)
    const link = verifyLinkPath(state.issueLink(signUp, now), language, signUp.region)
    const minutes = VERIFY_LINK_TTL_MS / 60_000
    world.outbox.send({
      to: signUp.email,
      kind: 'register-verify',
      subject: language === 'zh' ? '验证您的邮箱' : 'Verify your email',
      text:
        language === 'zh'
          ? `点击链接验证邮箱（${minutes} 分钟内有效，仅可使用一次）：${link}`
          : `Open this link to verify your email (valid for ${minutes} minutes, once): ${link}`,
      link,
    })
    return answer(request, 'success', {
      item: { email: signUp.email, resendInSeconds: RESEND_WAIT_MS / 1000 },
    })
  })

  app.post(`${LOGIN}/checkVerifyEmailLink/4`, async (request) => {
    const signUp = state.useLink(text(fieldsOf(request), 'id'), world.now(), region)
    if (!signUp) return answer(request, 'resetCodeExpired')
    signUp.verified = true
    return answer(request, 'success', { item: { email: signUp.email, mobile: signUp.mobile } })
  })

  async function setUp(request: FastifyRequest) {
    const found = emailOf(request)
    if ('error' in found) return answer(request, found.error)
    const signUp = verified(found.email)
    if (!signUp) return answer(request, 'invalidInformation')
    const { problem, details } = checkDetails(fieldsOf(request), false)
    if (problem) return answer(request, problem)
    signUp.details = details
    return answer(request, 'success', { item: { email: signUp.email } })
  }
  app.post(`${LOGIN}/registerSgPartInfo/4`, async (request) => setUp(request))
  app.post(`${LOGIN}/registerPartInfo/4`, async (request) => setUp(request))
  app.post(`${LOGIN}/updateRegisterPartInfo/4`, async (request) => setUp(request))

  app.post(`${LOGIN}/registerChoseProduct/4`, async (request) => {
    const found = emailOf(request)
    if ('error' in found) return answer(request, found.error)
    const signUp = verified(found.email)
    if (!signUp?.details) return answer(request, 'invalidInformation')
    const { email: _email, ...answers } = fieldsOf(request)
    signUp.questionnaire = answers
    return answer(request, 'success', { item: { email: signUp.email } })
  })

  async function finish(request: FastifyRequest) {
    const found = emailOf(request)
    if ('error' in found) return answer(request, found.error)
    if (world.findAccount(found.email)) return answer(request, 'emailExists')
    const signUp = verified(found.email)
    if (!signUp?.details) return answer(request, 'invalidInformation')
    state.pending.delete(signUp.email)
    world.accounts.set(signUp.email, {
      email: signUp.email,
      passwordHash: signUp.passwordHash,
      firstName: signUp.details.firstName,
      lastName: signUp.details.lastName,
      company: signUp.details.company,
      environments: [environment],
      failures: [],
      lockedUntil: null,
      phone: { areaCode: signUp.details.areaCode, number: signUp.details.phone },
      agentLanguage: null,
      sso: {},
      passwordChangedAt: world.now(),
    })
    const token = world.issueToken(signUp.email, environment)
    return answer(request, 'success', {
      item: { token: token.token, email: signUp.email, environment, trialDays: 15 },
    })
  }
  app.post(`${LOGIN}/registerFinishNew/4`, async (request) => finish(request))
  app.post(`${LOGIN}/registerFinishH5/4`, async (request) => finish(request))
}
