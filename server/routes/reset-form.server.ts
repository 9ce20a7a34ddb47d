import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { LimitedBucket, Topology } from '../../config/index.ts'
import { RET_CODES } from '../../shared/api/ret-codes.ts'
import { type ApiEnvelope, isSuccess, NOT_IN_FLOW } from '../../shared/envelope.ts'
import type { FormState } from '../../shared/forms/form-state.ts'
import { resetError } from '../../shared/forms/reset-errors.ts'
import {
  RESET_FORM_STEPS,
  type ResetFormStep,
  type ResetPageStep,
  resetLinkIdOf,
} from '../../shared/forms/reset-form.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import { type Language, parseLanguageQuery } from '../../shared/language.ts'
import { route } from '../plugins/app/own-pages.ts'
import {
  flowView,
  resendAtOf,
  resetLinkSteps,
  resetPageStepOf,
  restartReset,
  runResetEndpoint,
} from './reset-flow.server.ts'

/** What the expired codes and links answer (spec §8 700125). */
const CODE_EXPIRED = RET_CODES.codeExpired

/**
 * Steps that act on a reset already under way, posted from pages rendered for this session: they
 * need the session's form token as well as the same-site checks (security.md §8), exactly as the
 * JavaScript page's calls need the custom header. The two first steps (ask for a link or code,
 * paste a link) are posted from the page everyone gets, which is cached and carries no token;
 * like the demo booking they rest on Fetch Metadata and Origin (the `form` guard), and a forged
 * one gains nothing: it sends a link or code to an address the forger chose (as they could
 * themselves), or opens a link whose id the forger would need already.
 */
const TOKEN_STEPS: ReadonlySet<ResetFormStep> = new Set([
  'resend',
  'code',
  'password',
  'linkPassword',
  'restart',
])

/** The per-IP budget each step spends: the same buckets as its `/api` endpoint (docs/flows/reset.md). */
const BUCKET_OF: Record<ResetFormStep, LimitedBucket | null> = {
  request: 'code',
  resend: 'code',
  code: 'reset',
  password: 'reset',
  link: 'reset',
  linkPassword: 'reset',
  restart: null,
}

/**
 * The clock a page without JavaScript shows a resend time in: the browser's zone is not known
 * without a script, so the time says its zone (UTC), or is Beijing time on Chinese pages (the
 * Chinese texts say so).
 */
function clockTime(at: number, language: Language): string {
  return language === 'zh'
    ? new Intl.DateTimeFormat('zh-CN', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'Asia/Shanghai',
      }).format(at)
    : new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'UTC',
        timeZoneName: 'short',
      }).format(at)
}

const stepOf = (request: FastifyRequest): ResetFormStep | undefined => {
  const step = (request.query as { step?: unknown } | undefined)?.step
  return RESET_FORM_STEPS.find((known) => known === step)
}

const text = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | null | undefined)?.[name]
  return typeof value === 'string' ? value.trim() : ''
}

/** A password field as typed (not trimmed: spaces may be part of it). */
const secret = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | null | undefined)?.[name]
  return typeof value === 'string' ? value : ''
}

const REQUEST_STEP: ResetPageStep = { kind: 'flow', flow: { step: 'request' } }

interface Answer {
  values?: Record<string, string>
  errors?: Record<string, string>
  notice?: string
}

/**
 * `POST /auth/reset?step=…`: the password reset posted as plain forms (JavaScript off, late or
 * failed; issue 21). Each step runs through the reset flow's own functions — the `/api` hooks
 * (`runResetEndpoint`) and the link steps (`resetLinkSteps`) the JavaScript page reaches through
 * `/api` and `/auth/reset/flow…` — and is answered with the reset page: the next step, or the same
 * step with the errors at their fields and what was typed (never a password). A finished reset
 * goes on to `/auth/reset/done`. `GET /auth/reset` with a reset under way shows its step too.
 */
export async function resetFormRoutes(app: FastifyInstance, options: { topology: Topology }) {
  const link = resetLinkSteps(app, options.topology)

  /** The reset page's form state for `step`: resend time, and a form token past the first step. */
  function stateOf(
    request: FastifyRequest,
    reply: FastifyReply,
    step: ResetPageStep,
    answer: Answer,
  ): FormState {
    const first = step.kind === 'flow' && step.flow.step === 'request'
    const waiting = step.kind === 'flow' && (step.flow.step === 'sent' || step.flow.step === 'code')
    const resendAt = waiting ? resendAtOf(request) : undefined
    return {
      form: 'reset',
      values: answer.values ?? {},
      errors: answer.errors ?? {},
      reset: {
        step,
        // Minted only for pages of a reset under way: the session exists already then.
        ...(first ? {} : { formToken: reply.generateCsrf() }),
        ...(resendAt ? { resendAt: clockTime(resendAt, request.language) } : {}),
        ...(answer.notice ? { notice: answer.notice } : {}),
      },
    }
  }

  const page = (request: FastifyRequest, reply: FastifyReply, step: ResetPageStep, answer: Answer = {}) =>
    app.renderFormPage(request, reply, stateOf(request, reply, step, answer))

  /** Where the session's reset stands now (the request step when nothing is under way). */
  const current = (request: FastifyRequest): ResetPageStep => resetPageStepOf(request) ?? REQUEST_STEP

  /** A refused step's errors by field; `form` is the form's own. */
  function errorsOf(request: FastifyRequest, answer: ApiEnvelope, step: 'code' | 'other') {
    const problem = resetError(answer, i18nFor(request.language).t, step)
    return { [problem.field]: problem.message }
  }

  /** The reset is over: the "password updated" page, in the language of the page it came from. */
  function done(request: FastifyRequest, reply: FastifyReply) {
    const language = parseLanguageQuery((request.query as { language?: unknown }).language)
    return reply.redirect(`/auth/reset/done${language ? `?language=${language}` : ''}`, 303)
  }

  // A reload (or a link opened) while a reset is under way shows its step without JavaScript.
  app.formStateOnGet.set('/auth/reset', (request, reply) => {
    const step = resetPageStepOf(request)
    return step ? stateOf(request, reply, step, {}) : null
  })

  app.post(
    '/auth/reset',
    {
      ...route({ ownPages: 'form' }),
      preHandler: (request, reply, next) => {
        const step = stepOf(request)
        // A missing or foreign token is refused by the app's error handler with our localised page.
        if (step && TOKEN_STEPS.has(step)) app.csrfProtection(request, reply, next)
        else next()
      },
    },
    async (request, reply) => {
      const { t } = i18nFor(request.language)
      const body = request.body
      const step = stepOf(request)
      if (!step) return page(request, reply, current(request), { errors: { form: t('errors:badRequest') } })
      const requestValues = {
        via: text(body, 'via') === 'phone' ? 'phone' : 'email',
        email: text(body, 'email'),
        areaCode: text(body, 'areaCode'),
        phone: text(body, 'phone'),
      }
      const bucket = BUCKET_OF[step]
      const wait = bucket ? await app.spendRateLimit(request, bucket) : 0
      if (wait > 0) {
        const step = current(request)
        const first = step.kind === 'flow' && step.flow.step === 'request'
        return page(request, reply, step, {
          ...(first ? { values: requestValues } : {}),
          errors: { form: t('errors:rateLimitedSeconds', { seconds: wait }) },
        })
      }

      switch (step) {
        case 'request': {
          const byPhone = requestValues.via === 'phone'
          const sent = await runResetEndpoint(
            request,
            reply,
            options.topology,
            byPhone ? 'sendSmsRandomCode' : 'sendResetEmail',
            byPhone
              ? { areaCode: requestValues.areaCode, phone: requestValues.phone }
              : { email: requestValues.email },
          )
          if (isSuccess(sent.answer)) return page(request, reply, { kind: 'flow', flow: flowView(request) })
          return page(request, reply, REQUEST_STEP, {
            values: requestValues,
            errors: errorsOf(request, sent.answer, 'other'),
          })
        }

        case 'resend': {
          const flow = flowView(request)
          if (flow.step === 'request')
            return page(request, reply, REQUEST_STEP, { errors: { form: t('reset:flowExpired') } })
          const resendAt = resendAtOf(request) ?? 0
          if (flow.resendInSeconds > 0) {
            const key = flow.via === 'email' ? 'reset:resendLinkAt' : 'reset:resendCodeAt'
            return page(request, reply, current(request), {
              errors: { form: t(key, { time: clockTime(resendAt, request.language) }) },
            })
          }
          const sent = await runResetEndpoint(
            request,
            reply,
            options.topology,
            flow.via === 'email' ? 'sendResetEmail' : 'sendSmsRandomCode',
            flow.via === 'email' ? { email: flow.account } : { areaCode: flow.areaCode, phone: flow.account },
          )
          if (isSuccess(sent.answer))
            return page(request, reply, current(request), { notice: t('reset:resent') })
          const problem = resetError(sent.answer, t, 'other')
          return page(request, reply, current(request), { errors: { form: problem.message } })
        }

        case 'code': {
          const code = text(body, 'code').replace(/\D/g, '')
          const checked = await runResetEndpoint(request, reply, options.topology, 'checkFindPwd', { code })
          if (isSuccess(checked.answer)) return page(request, reply, current(request))
          const now = current(request)
          if (now.kind === 'flow' && now.flow.step === 'request')
            return page(request, reply, now, { errors: { form: t('reset:flowExpired') } })
          return page(request, reply, now, {
            values: { code },
            errors: errorsOf(request, checked.answer, 'code'),
          })
        }

        case 'password': {
          const saved = await runResetEndpoint(request, reply, options.topology, 'setServiceNewPwd', {
            password: secret(body, 'password'),
            confirmPassword: secret(body, 'confirmPassword'),
          })
          if (isSuccess(saved.answer)) return done(request, reply)
          if (saved.answer.retCode === CODE_EXPIRED || saved.answer.retCode === NOT_IN_FLOW) {
            // As the page does with JavaScript: the code is gone, the reset starts again.
            restartReset(request)
            return page(request, reply, REQUEST_STEP, { errors: { form: t('reset:codeExpired') } })
          }
          return page(request, reply, current(request), { errors: errorsOf(request, saved.answer, 'other') })
        }

        case 'link': {
          const id = resetLinkIdOf(text(body, 'link'))
          // The pasted link is never filled back in: its id is a secret for ten minutes.
          if (!id) return page(request, reply, current(request), { errors: { link: t('reset:linkInvalid') } })
          const checked = await link.check(request, id)
          if (isSuccess(checked.answer)) return page(request, reply, current(request))
          if (checked.status >= 500)
            return page(request, reply, current(request), { errors: { form: checked.answer.retMsg } })
          return page(request, reply, { kind: 'expired' })
        }

        case 'linkPassword': {
          const saved = await link.newPassword(request, reply, {
            password: secret(body, 'password'),
            confirmPassword: secret(body, 'confirmPassword'),
          })
          if (isSuccess(saved.answer)) return done(request, reply)
          if (saved.answer.retCode === CODE_EXPIRED || saved.answer.retCode === NOT_IN_FLOW)
            return page(request, reply, { kind: 'expired' })
          return page(request, reply, current(request), { errors: errorsOf(request, saved.answer, 'other') })
        }

        case 'restart':
          restartReset(request)
          return page(request, reply, REQUEST_STEP)
      }
    },
  )
}
