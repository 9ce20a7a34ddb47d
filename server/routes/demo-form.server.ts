import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Topology } from '../../config/index.ts'
import type { EndpointName } from '../../shared/api/endpoints.ts'
import { type ApiEnvelope, isSuccess } from '../../shared/envelope.ts'
import type { FormState } from '../../shared/forms/form-state.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import { type DemoInput, demoSchema } from '../../shared/schemas/demo.ts'
import { demoErrorField } from '../../shared/schemas/demoErrors.ts'
import { fieldMessages } from '../../shared/schemas/messages.ts'
import { route } from '../plugins/app/own-pages.ts'
import { callEndpoint } from '../upstream/call-endpoint.server.ts'
import { upstreamFailureAnswer } from '../upstream/failure-answer.ts'

export interface DemoFormOptions {
  topology: Topology
  /** A configured captcha provider's widget needs JavaScript; the sandbox's question does not. */
  captchaProvider: boolean
}

const TEXT_FIELDS = ['fullName', 'email', 'company', 'jobTitle', 'areaCode', 'phone', 'notes'] as const

/** The typed values of a posted booking form (strings only; `products` may repeat). */
function valuesOf(body: unknown): FormState['values'] {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const values: FormState['values'] = {}
  for (const name of TEXT_FIELDS) values[name] = typeof fields[name] === 'string' ? fields[name] : ''
  const products = fields.products
  values.products = (Array.isArray(products) ? products : [products]).filter(
    (product): product is string => typeof product === 'string',
  )
  return values
}

const text = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | null)?.[name]
  return typeof value === 'string' ? value.trim() : ''
}

/**
 * `POST /auth/demo`: the demo booking posted as a plain form (JavaScript off, late or failed;
 * issue 21). The same step as the page's `/api` calls — the same schema, captcha and
 * `addSgReservationInfo` through the one upstream caller — answered with the page: the
 * confirmation, or the form with what was typed and the errors at their fields.
 */
export async function demoFormRoutes(app: FastifyInstance, options: DemoFormOptions) {
  const call = async (request: FastifyRequest, name: EndpointName, data: Record<string, unknown>) =>
    (await callEndpoint(request, options.topology, name, data, { bearerToken: null })).answer

  /** The next captcha to show: a new question (the last one is used up either way). */
  async function nextCaptcha(request: FastifyRequest): Promise<FormState['captcha']> {
    if (options.captchaProvider) return 'needsScript'
    const answer: ApiEnvelope = await call(request, 'initSgGeetestInfo', {})
    const item = answer.item as { challengeId?: unknown; a?: unknown; b?: unknown }
    if (!isSuccess(answer) || typeof item.challengeId !== 'string') return undefined
    return { challengeId: item.challengeId, a: Number(item.a), b: Number(item.b) }
  }

  /** A solved question's single-use pass, or the upstream's word on why not. */
  async function captchaPassOf(request: FastifyRequest): Promise<{ pass?: string; error?: string }> {
    const challengeId = text(request.body, 'captchaChallengeId')
    const answer = text(request.body, 'captchaAnswer')
    if (!challengeId || !answer) return {}
    const checked = await call(request, 'checkSgGeetestInfo', { challengeId, answer })
    const pass = (checked.item as { captchaPass?: unknown }).captchaPass
    return isSuccess(checked) && typeof pass === 'string' ? { pass } : { error: checked.retMsg }
  }

  // Same-site form posts only (Fetch Metadata / Origin). No form token: the page is the cached
  // signed-out page, and a forged booking gains an attacker nothing they could not post
  // themselves (no session is read or changed, and each booking needs a solved captcha).
  app.post('/auth/demo', route({ ownPages: 'form', spends: 'signUp' }), async (request, reply) => {
    const { t } = i18nFor(request.language ?? 'en')
    const values = valuesOf(request.body)
    // The form again with its errors and a new captcha question (the last one is used up).
    const answerWith = async (errors: Record<string, string>): Promise<unknown> =>
      app.renderFormPage(request, reply, {
        form: 'demo',
        values,
        errors,
        captcha: await nextCaptcha(request),
      })
    try {
      const captcha = options.captchaProvider ? {} : await captchaPassOf(request)
      const input: DemoInput = {
        ...(values as Record<(typeof TEXT_FIELDS)[number], string>),
        products: values.products as DemoInput['products'],
        captchaPass: captcha.pass ?? '',
      }
      const parsed = demoSchema.safeParse(input)
      if (!parsed.success) {
        const errors: Record<string, string> = {}
        for (const [field, message] of Object.entries(fieldMessages(parsed.error)))
          errors[field === 'captchaPass' ? 'captcha' : field] = t(message.key, {
            ns: 'common',
            ...message.values,
          })
        if (captcha.error) errors.captcha = captcha.error
        else if (options.captchaProvider && errors.captcha) errors.captcha = t('captcha:needsScript')
        else if (errors.captcha && !text(request.body, 'captchaChallengeId'))
          errors.captcha = t('captcha:answerBelow')
        return await answerWith(errors)
      }
      const booked = await call(request, 'addSgReservationInfo', parsed.data)
      if (isSuccess(booked))
        return await app.renderFormPage(request, reply, {
          form: 'demo',
          values: {},
          errors: {},
          done: { email: parsed.data.email },
        })
      return await answerWith({ [demoErrorField(booked)]: booked.retMsg })
    } catch (error) {
      const failed = upstreamFailureAnswer(request, error, { form: 'demo' })
      return app.renderFormPage(request, reply, { form: 'demo', values, errors: { form: failed.message } })
    }
  })
}
