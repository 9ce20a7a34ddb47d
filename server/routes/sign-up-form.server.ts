import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Topology } from '../../config/index.ts'
import {
  RESEND_WAIT_SECONDS,
  SIGN_UP_FORM_STEPS,
  type SignUpFormStep,
  signUpErrorsOf,
  VERIFY_LINK_PATH,
} from '../../shared/api/sign-up-flow.ts'
import { clockTime } from '../../shared/clock-time.ts'
import { type ApiEnvelope, isSuccess } from '../../shared/envelope.ts'
import { pastedLinkTo } from '../../shared/forms/emailed-link.ts'
import type { FormState } from '../../shared/forms/form-state.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import { parseLanguageQuery } from '../../shared/language.ts'
import { fieldMessages } from '../../shared/schemas/messages.ts'
import {
  accountSetupSchema,
  signUpCredentialsFormSchema,
  signUpH5Schema,
} from '../../shared/schemas/signUp.ts'
import { PHONE_USER_AGENT } from '../page-cache/key.ts'
import { route } from '../plugins/app/own-pages.ts'
import { upstreamFailureAnswer } from '../upstream/failure-answer.ts'
import {
  finishSignUp,
  openSignUpConsole,
  runSignUpCall,
  signUpBack,
  signUpRestart,
  signUpSlot,
} from './sign-up-flow.server.ts'

export interface SignUpFormOptions {
  topology: Topology
  edition: 'international' | 'chinese'
  /** A configured captcha provider's widget needs JavaScript; the sandbox's question does not. */
  captchaProvider: boolean
}

type Fields = Record<string, unknown>
type Errors = Record<string, string>

const text = (body: Fields, name: string): string => {
  const value = body[name]
  return typeof value === 'string' ? value.trim() : ''
}
const many = (body: Fields, name: string): string[] =>
  (Array.isArray(body[name]) ? (body[name] as unknown[]) : [body[name]]).filter(
    (value): value is string => typeof value === 'string' && value !== '',
  )

/** What each step's form types, filled back in on an error. Never a password (security.md §17). */
const TYPED: Record<'credentials' | 'setup' | 'questionnaire', readonly string[]> = {
  credentials: ['email', 'fullName', 'company', 'areaCode', 'phone', 'referralCode', 'privacy'],
  setup: ['firstName', 'lastName', 'company', 'jobTitle', 'areaCode', 'phone', 'referralCode', 'notes'],
  questionnaire: ['industry', 'department', 'launch', 'employees', 'tools'],
}
const CHOICES = ['products', 'goals', 'channels'] as const

function typedValues(step: keyof typeof TYPED, body: Fields): FormState['values'] {
  const values: FormState['values'] = {}
  for (const name of TYPED[step]) values[name] = text(body, name)
  if (step === 'questionnaire') for (const name of CHOICES) values[name] = many(body, name)
  return values
}

/** Zod issues of a form schema as localised messages at their fields (the captcha's at `captcha`). */
function schemaErrors(request: FastifyRequest, error: Parameters<typeof fieldMessages>[0]): Errors {
  const { t } = i18nFor(request.language)
  const errors: Errors = {}
  for (const [field, message] of Object.entries(fieldMessages(error)))
    errors[field === 'captchaPass' ? 'captcha' : field] = t(message.key, { ns: 'common', ...message.values })
  return errors
}

/**
 * `POST /auth/sign_up`: every step of the sign-up posted as a plain form (JavaScript off, late or
 * failed; issue 21). The form names its step (`step`) and, where it has several buttons, what was
 * asked (`intent`); the server runs that step through the flow module the page's `/api` and
 * `/auth/sign_up/flow…` calls use (sign-up-flow.server.ts) and answers with the page: a 303 to
 * the next step (rendered from the session), or the same step with the errors at their fields and
 * what was typed — never a password.
 *
 * CSRF (security.md §7–8, ADR 0089): Fetch Metadata and Origin (the one guard, `ownPages: 'form'`)
 * and the form token of @fastify/csrf-protection, bound to this session. Every step after the first
 * is rendered per request and carries the token; the first form is the cached signed-out page and
 * cannot, so a first post without a token runs no step: it answers the form with what was typed, a
 * captcha question and a token, and only a post carrying that token starts a sign-up.
 */
export async function signUpFormRoutes(app: FastifyInstance, options: SignUpFormOptions) {
  const { topology } = options
  const pageOf = (request: FastifyRequest) => {
    const language = parseLanguageQuery((request.query as { language?: unknown } | undefined)?.language)
    return `/auth/sign_up${language ? `?language=${language}` : ''}`
  }
  /** The next step, rendered from the session by a GET (a reload never posts the form again). */
  const nextStep = (request: FastifyRequest, reply: FastifyReply) => reply.redirect(pageOf(request), 303)
  const call = (
    request: FastifyRequest,
    reply: FastifyReply,
    name: Parameters<typeof runSignUpCall>[2],
    data: Fields,
  ) => runSignUpCall(request, topology, name, data, reply)

  /** A new question for the next post (the last one is used up either way). */
  async function nextCaptcha(request: FastifyRequest, reply: FastifyReply): Promise<FormState['captcha']> {
    if (options.captchaProvider) return 'needsScript'
    const answer: ApiEnvelope = await call(request, reply, 'initSgGeetestInfo', {})
    const item = answer.item as { challengeId?: unknown; a?: unknown; b?: unknown }
    if (!isSuccess(answer) || typeof item.challengeId !== 'string') return undefined
    return { challengeId: item.challengeId, a: Number(item.a), b: Number(item.b) }
  }

  /** The solved question's single-use pass, or the message that goes at the captcha. */
  async function captchaPassOf(request: FastifyRequest, reply: FastifyReply, body: Fields) {
    const { t } = i18nFor(request.language)
    // A provider's widget cannot run without JavaScript: say so (ADR 0027's fallback is the
    // upstream's own challenge only where no provider is configured).
    if (options.captchaProvider) return { error: t('captcha:needsScript') }
    const challengeId = text(body, 'captchaChallengeId')
    const answer = text(body, 'captchaAnswer')
    if (!challengeId) return { error: t('captcha:answerBelow') }
    if (!answer) return { error: t('common:validation.captcha') }
    const checked = await call(request, reply, 'checkSgGeetestInfo', { challengeId, answer })
    const pass = (checked.item as { captchaPass?: unknown } | undefined)?.captchaPass
    return isSuccess(checked) && typeof pass === 'string' ? { pass } : { error: checked.retMsg }
  }

  /** Step one: credentials and captcha (the phone page's one-page form too), then the e-mail. */
  async function credentials(
    request: FastifyRequest,
    reply: FastifyReply,
    body: Fields,
    tokenChecked: boolean,
  ) {
    const { t } = i18nFor(request.language)
    const isPhone = PHONE_USER_AGENT.test(request.headers['user-agent'] ?? '')
    const values = typedValues('credentials', body)
    const answerWith = async (errors: Errors) =>
      app.renderFormPage(request, reply, {
        form: 'signUp',
        values,
        errors,
        captcha: await nextCaptcha(request, reply),
      })
    const email = text(body, 'email')
    const password = typeof body.password === 'string' ? body.password : ''
    const privacy = values.privacy !== ''
    // The phone's one-page form: the credentials and the setup's fields in one step.
    const phoneFields = {
      email,
      password,
      fullName: values.fullName,
      company: values.company,
      areaCode: values.areaCode,
      phone: values.phone,
      referralCode: values.referralCode,
    }
    const parsed = isPhone
      ? signUpH5Schema.safeParse({ ...phoneFields, captchaPass: 'checked below' })
      : signUpCredentialsFormSchema.safeParse({ email, password, confirmPassword: password, privacy })
    const errors: Errors = parsed.success ? {} : schemaErrors(request, parsed.error)
    if (isPhone && !privacy) errors.privacy = t('common:validation.privacy')
    // The password is never filled back in: ask for it again rather than leave it silently empty.
    const retype = t('signUp:credentials.passwordAgain')
    const passwordError = errors.password ?? retype
    errors.password = passwordError
    if (!tokenChecked) return answerWith({ ...errors, captcha: t('captcha:answerBelow') })
    const captcha = await captchaPassOf(request, reply, body)
    if (captcha.error) errors.captcha = captcha.error
    // Only "type it again" at the password (it is good, just not shown back) lets the step run.
    const { password: _shownOnlyIfRefused, ...otherErrors } = errors
    if (Object.keys(otherErrors).length > 0 || passwordError !== retype) return answerWith(errors)

    const check = await call(request, reply, 'registerEmailCheck', { email })
    if (!isSuccess(check)) return answerWith({ password: passwordError, ...signUpErrorsOf(check) })
    const started = isPhone
      ? await call(request, reply, 'registerSgH5', { ...phoneFields, captchaPass: captcha.pass })
      : await call(request, reply, 'registerSgNew', { email, password, captchaPass: captcha.pass })
    if (!isSuccess(started)) return answerWith({ password: passwordError, ...signUpErrorsOf(started) })
    // As the page does right after the start: the verification e-mail (its answer moves the slot).
    await call(request, reply, 'sendRegisterVerifyEmail', { email })
    return nextStep(request, reply)
  }

  /**
   * The e-mailed link pasted whole into the "check your inbox" step: the way on where the verify
   * page cannot read its fragment (JavaScript off). The id reaches the server only in this POST
   * body, never a URL or a log (security.md #22), and is never filled back in; the check is the
   * verify page's own call, `checkVerifyEmailLink` through the flow's hooks (`runSignUpCall`), so a
   * link of this session's sign-up moves it on to setup exactly as opening the link does.
   */
  async function pastedLink(request: FastifyRequest, reply: FastifyReply, body: Fields) {
    const { t } = i18nFor(request.language)
    const atField = (message: string) =>
      app.renderFormPage(request, reply, { form: 'signUp', values: {}, errors: { link: message } })
    const link = pastedLinkTo(VERIFY_LINK_PATH, text(body, 'link'))
    if (link === 'notALink') return atField(t('signUp:sent.linkNotALink'))
    if (link === 'otherKind') return atField(t('signUp:sent.linkOtherKind'))
    const region = link.params.get('region')
    const answer = await call(
      request,
      reply,
      'checkVerifyEmailLink',
      region ? { id: link.id, region } : { id: link.id },
    )
    if (isSuccess(answer)) {
      const item = answer.item as { continuesElsewhere?: unknown; email?: unknown } | undefined
      // Another pending sign-up's link: it goes on where that one started (review L7), not here.
      if (item?.continuesElsewhere === true)
        return atField(t('signUp:sent.linkElsewhere', { email: String(item.email ?? '') }))
      return nextStep(request, reply)
    }
    return atField(t('signUp:sent.linkExpired'))
  }

  /** "Check your inbox": a new e-mail once the wait is over, another address, the pasted link, or look again. */
  async function sent(request: FastifyRequest, reply: FastifyReply, body: Fields) {
    const intent = text(body, 'intent')
    if (intent === 'link') return pastedLink(request, reply, body)
    if (intent === 'other') {
      await signUpRestart(request)
      return nextStep(request, reply)
    }
    if (intent !== 'resend') return nextStep(request, reply) // "continue": the GET takes a hand-off
    const flow = signUpSlot.get(request)
    const { t } = i18nFor(request.language)
    const freeAt = (flow?.sentAt ?? 0) + RESEND_WAIT_SECONDS * 1000
    // The countdown the page shows is plain text with its time; the server keeps to it.
    if (flow?.step === 'sent' && Date.now() < freeAt)
      return app.renderFormPage(request, reply, {
        form: 'signUp',
        values: {},
        errors: { form: t('signUp:sent.resendAt', { time: clockTime(freeAt, request.language) }) },
      })
    const answer = await call(request, reply, 'sendRegisterVerifyEmail', { email: flow?.email ?? '' })
    if (!isSuccess(answer) && signUpSlot.get(request)?.step === 'sent')
      return app.renderFormPage(request, reply, {
        form: 'signUp',
        values: {},
        errors: signUpErrorsOf(answer),
      })
    if (!isSuccess(answer)) return nextStep(request, reply) // 700604: the limit step, from the session
    return app.renderFormPage(request, reply, {
      form: 'signUp',
      values: {},
      errors: {},
      done: { email: flow?.email ?? '' },
    })
  }

  /** Account setup: the edition's endpoint, or the update when the user came back to it. */
  async function setup(request: FastifyRequest, reply: FastifyReply, body: Fields) {
    const flow = signUpSlot.get(request)
    const values = typedValues('setup', body)
    const answerWith = (errors: Errors) =>
      app.renderFormPage(request, reply, { form: 'signUp', values, errors })
    const data = { email: flow?.email ?? '', ...values }
    const parsed = accountSetupSchema.safeParse(data)
    if (!parsed.success) return answerWith(schemaErrors(request, parsed.error))
    const name = flow?.details
      ? 'updateRegisterPartInfo'
      : options.edition === 'chinese'
        ? 'registerPartInfo'
        : 'registerSgPartInfo'
    const answer = await call(request, reply, name, parsed.data as Fields)
    return isSuccess(answer) ? nextStep(request, reply) : answerWith(signUpErrorsOf(answer))
  }

  /** The finish (after the questionnaire, its Skip, or the phone page's link): signed in, welcome. */
  async function finish(request: FastifyRequest, reply: FastifyReply, values: FormState['values']) {
    const finished = await finishSignUp(request, topology)
    if (isSuccess(finished.body)) return nextStep(request, reply)
    return app.renderFormPage(request, reply, {
      form: 'signUp',
      values,
      errors: { form: finished.body.retMsg },
    })
  }

  /** The optional questionnaire: answered and finished, skipped and finished, or back to setup. */
  async function questionnaire(request: FastifyRequest, reply: FastifyReply, body: Fields) {
    const intent = text(body, 'intent')
    if (intent === 'back') {
      signUpBack(request)
      return nextStep(request, reply)
    }
    const values = typedValues('questionnaire', body)
    if (intent === 'skip') return finish(request, reply, values)
    const data: Fields = { email: signUpSlot.get(request)?.email ?? '' }
    for (const [name, value] of Object.entries(values)) if (value.length > 0) data[name] = value
    for (const name of CHOICES) data[name] = values[name]
    const answer = await call(request, reply, 'registerChoseProduct', data)
    if (!isSuccess(answer))
      return app.renderFormPage(request, reply, { form: 'signUp', values, errors: signUpErrorsOf(answer) })
    return finish(request, reply, values)
  }

  /** Welcome: the console, signed in (the fresh token's one-time ticket). */
  async function welcome(request: FastifyRequest, reply: FastifyReply) {
    const opened = await openSignUpConsole(request, topology)
    if (!opened) return nextStep(request, reply) // not signed in: the page shows where things stand
    const url = (opened.body.item as { url?: unknown } | undefined)?.url
    if (isSuccess(opened.body) && typeof url === 'string') return reply.redirect(url, 303)
    return app.renderFormPage(request, reply, {
      form: 'signUp',
      values: {},
      errors: { form: opened.body.retMsg },
    })
  }

  // Only the first form may arrive without a token (it is the cached page): see the comment above.
  const formToken = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    const body = (request.body ?? {}) as Fields
    if (text(body, 'step') === 'credentials' && body._csrf === undefined) return done()
    return app.csrfProtection(request, reply, done)
  }

  app.post(
    '/auth/sign_up',
    { ...route({ ownPages: 'form', spends: 'signUp' }), preHandler: formToken },
    async (request, reply) => {
      const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Fields
      const step = text(body, 'step') as SignUpFormStep
      try {
        if (!SIGN_UP_FORM_STEPS.includes(step)) return await nextStep(request, reply)
        if (step === 'credentials') return await credentials(request, reply, body, body._csrf !== undefined)
        if (step === 'sent') return await sent(request, reply, body)
        if (step === 'limit') {
          await signUpRestart(request)
          return await nextStep(request, reply)
        }
        if (step === 'setup') return await setup(request, reply, body)
        if (step === 'questionnaire') return await questionnaire(request, reply, body)
        if (step === 'finish') return await finish(request, reply, {})
        return await welcome(request, reply)
      } catch (error) {
        const failed = upstreamFailureAnswer(request, error, { form: 'signUp', step })
        const values =
          step === 'setup' || step === 'questionnaire' || step === 'credentials'
            ? typedValues(step, body)
            : {}
        return app.renderFormPage(request, reply, {
          form: 'signUp',
          values,
          errors: { form: failed.message },
        })
      }
    },
  )
}
