import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Topology } from '../../config/index.ts'
import { RET_CODES } from '../../shared/api/ret-codes.ts'
import { type ApiEnvelope, isSuccess } from '../../shared/envelope.ts'
import type { FormState } from '../../shared/forms/form-state.ts'
import { signedInTarget } from '../../shared/forms/sign-in/after-sign-in.ts'
import { fieldOfSignInError } from '../../shared/forms/sign-in/error-field.ts'
import { LOCKED, lockoutMessage, lockoutSeconds } from '../../shared/forms/sign-in/lockout.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import { parseLanguageQuery } from '../../shared/language.ts'
import { sendRetryLater } from '../busy.ts'
import { route } from '../plugins/app/own-pages.ts'
import { openAllowance, paidByAllowance } from '../rate-limit-actions.server.ts'
import { passwordAgeSteps, reminderStepOf } from './password-age-form.server.ts'
import {
  type CaptchaAnswer,
  captchaAnswerOf,
  captchaErrorOf,
  nextSignInCaptcha,
} from './sign-in-captcha.server.ts'
import {
  PRODUCT_NOT_ACTIVATED,
  type SignInFlow,
  type SignInStepName,
  STEP_SPENDING,
  WORKBENCH_RESTRICTED,
} from './sign-in-flow.server.ts'

const STEPS = new Set<string>(Object.keys(STEP_SPENDING))
const SIGN_IN_PAGE = '/auth/sign_in'

/** The step a plain post is for: its `step` field (the one a button or the hidden field sent). */
function stepOf(body: unknown): SignInStepName | undefined {
  const value = (body as { step?: unknown } | null | undefined)?.step
  const step = Array.isArray(value) ? value.at(-1) : value
  return typeof step === 'string' && STEPS.has(step) ? (step as SignInStepName) : undefined
}

const text = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | null | undefined)?.[name]
  return typeof value === 'string' ? value.trim() : ''
}

/** A plain post's fields as the step's schema expects them (what the page's fetch call sends). */
function inputOf(step: SignInStepName, body: unknown, search: URLSearchParams): Record<string, unknown> {
  const product = {
    ...(search.get('productCode') ? { productCode: search.get('productCode') } : {}),
    ...(search.get('appType') ? { appType: search.get('appType') } : {}),
  }
  switch (step) {
    case 'email':
      return { email: text(body, 'email') }
    case 'environment':
      return { environment: text(body, 'environment') }
    case 'password': {
      // Kept exactly as typed (spaces are characters of a password), never trimmed.
      const password = (body as { password?: unknown } | null)?.password
      return { password: typeof password === 'string' ? password : '', ...product }
    }
    case 'code':
      return { code: text(body, 'code').replace(/\D/g, ''), ...product }
    default:
      return {}
  }
}

/** The errors of a refused step, at their fields, in the page's language. */
function errorsOf(
  request: FastifyRequest,
  step: SignInStepName,
  answer: ApiEnvelope,
): Record<string, string> {
  const { t } = i18nFor(request.language)
  if (answer.retCode === LOCKED)
    return { password: lockoutMessage(lockoutSeconds(answer.item), (key, values) => t(key, values ?? {})) }
  if (
    step === 'code' &&
    (answer.retCode === RET_CODES.invalidInput || answer.retCode === RET_CODES.codeExpired)
  )
    return {
      code: t(answer.retCode === RET_CODES.codeExpired ? 'signInSteps:codeExpired' : 'signInSteps:codeWrong'),
    }
  if (step === 'code' && answer.retCode === '400') return { code: t('signInSteps:codeFormat') }
  if (step === 'resend') return { code: answer.retMsg }
  if (step === 'environment') return { environment: answer.retMsg }
  if (CAPTCHA_CODES.has(answer.retCode)) return { captcha: answer.retMsg }
  const field = fieldOfSignInError(answer)
  return { [field]: answer.retMsg }
}

/** The upstream's "captcha empty" and "captcha incorrect" (spec §8): said at the captcha. */
const CAPTCHA_CODES = new Set<string>([RET_CODES.captchaEmpty, RET_CODES.captchaIncorrect])

/**
 * `POST /auth/sign_in`: a sign-in step posted as a plain form (JavaScript off, late or failed;
 * issue 21). The `step` field names it; the same flow function as the page's fetch call runs it,
 * and the answer is the page: the next step from the session, or the same step with the errors at
 * their fields and the typed address (never a password). A sign-in goes on with a 303.
 */
export async function signInFormRoutes(
  app: FastifyInstance,
  options: {
    flow: SignInFlow
    publicOrigin: string | undefined
    topology: Topology
    /** A configured provider's widget needs JavaScript; the upstream's own question does not. */
    captchaProvider: boolean
  },
) {
  const https = options.publicOrigin?.startsWith('https:') ?? false

  /**
   * The step's bucket, as its fetch route spends it (rate-limit.ts), with the same action
   * allowance: one unit pays for a whole password sign-in, by fetch or by form. Returns the
   * seconds to wait when the budget is spent.
   */
  async function spend(request: FastifyRequest, step: SignInStepName): Promise<number> {
    const spending: { spends?: 'signIn' | 'code'; action?: 'passwordSignIn' } = STEP_SPENDING[step]
    if (!spending.spends) return 0
    const actionStep = spending.action
      ? { action: spending.action, step: `/auth/sign_in/flow/${step}` }
      : undefined
    if (actionStep && (await paidByAllowance(request, actionStep))) return 0
    const wait = await app.spendRateLimit(request, spending.spends)
    if (wait === 0 && actionStep) await openAllowance(request, actionStep)
    return wait
  }

  // The password age reminder's buttons after a plain-form sign-in (password-age-form.server.ts).
  const reminderStep = passwordAgeSteps(app, { topology: options.topology, https })

  // Same-site form posts only (Fetch Metadata / Origin: route({ ownPages: 'form' })). After the
  // e-mail, every step also needs the form token bound to this session (security.md #8): the
  // pages that show those steps are rendered per request with it. The e-mail step has none: its
  // page is the cached signed-out page (ADR 0015), and it only starts a flow in the session that
  // posts it — nothing is signed in or sent anywhere without the steps that carry the token.
  const formToken = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    if (stepOf(request.body) === 'email') return done()
    app.csrfProtection(request, reply, done)
  }

  app.post(
    SIGN_IN_PAGE,
    { ...route({ ownPages: 'form' }), preHandler: formToken },
    async (request, reply) => {
      const queryStart = request.url.indexOf('?')
      const query = queryStart < 0 ? '' : request.url.slice(queryStart)
      const search = new URLSearchParams(query)
      // After a sign-in: the password age reminder's buttons (password-age-form.server.ts).
      const reminder = reminderStepOf(request.body)
      if (reminder) return reminderStep(request, reply, reminder, query)
      const step = stepOf(request.body) ?? 'email'
      const values = { email: text(request.body, 'email') }
      const wait = await spend(request, step)
      if (wait > 0) return sendRetryLater(request, reply, 'pagesRateLimited', wait, { https })

      const page = async (state: Omit<FormState, 'form'>) =>
        app.renderFormPage(request, reply, {
          form: 'signIn',
          ...state,
          // The password step of an account that asks for a captcha: a new question (the last
          // one, if any, is used up either way), or why the check needs JavaScript.
          ...(await nextSignInCaptcha(request, options)),
        })

      // The captcha's answer, posted with the password: checked first, as the page's scripts
      // check it before they send the password (`captchaPass`).
      let captcha: CaptchaAnswer = {}
      if (step === 'password') {
        captcha = await captchaAnswerOf(request, options, request.body, () =>
          app.spendRateLimit(request, 'signUp'),
        )
        if (captcha.wait) return sendRetryLater(request, reply, 'pagesRateLimited', captcha.wait, { https })
        if (captcha.error) return page({ values, errors: { captcha: captcha.error } })
      }
      const input = inputOf(step, request.body, search)
      const outcome = await options.flow.run(
        request,
        step,
        captcha.pass ? { ...input, captchaPass: captcha.pass } : input,
      )

      if (outcome.signedIn) {
        // An old password: the reminder first (as the page's scripts show it), then on.
        if (outcome.signedIn.passwordChangeDue) return page({ values: {}, errors: {}, notice: 'passwordAge' })
        const target = signedInTarget(query, outcome.signedIn.consoleUrl)
        // Without a target, the sign-in page shows the signed-in card (a GET: a reload posts nothing).
        return reply.redirect(target ?? `${SIGN_IN_PAGE}${query}`, 303)
      }
      const { answer } = outcome
      if (answer.retCode === WORKBENCH_RESTRICTED) {
        const language = parseLanguageQuery(search.get('language'))
        return reply.redirect(`/auth/restrict${language ? `?language=${language}` : ''}`, 303)
      }
      if (answer.retCode === PRODUCT_NOT_ACTIVATED)
        return page({ values, errors: {}, notice: 'notActivated' })
      if (isSuccess(answer) || step === 'back')
        return page({ values: step === 'back' ? values : {}, errors: {} })
      const errors = errorsOf(request, step, answer)
      if (errors.captcha) errors.captcha = captchaErrorOf(request, options, request.body, errors.captcha)
      return page({
        values,
        errors,
        ...(answer.retCode === LOCKED ? { notice: 'locked' } : {}),
      })
    },
  )
}
