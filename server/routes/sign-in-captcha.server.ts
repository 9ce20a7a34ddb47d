import type { FastifyRequest } from 'fastify'
import type { Topology } from '../../config/index.ts'
import { isSuccess } from '../../shared/envelope.ts'
import type { FormState } from '../../shared/forms/form-state.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import { callEndpoint } from '../upstream/call-endpoint.server.ts'
import { upstreamFailureAnswer } from '../upstream/failure-answer.ts'
import { signInView } from './sign-in-flow.server.ts'

/**
 * The sign-in's captcha without JavaScript (issue 21 point 4), for `POST /auth/sign_in`
 * (sign-in-form.server.ts): the page at the password step of an account that asks for a captcha
 * carries the upstream's question (`initSgGeetestInfo`: "what is a plus b?"), and its answer
 * comes back with the password (`captchaChallengeId`, `captchaAnswer`), checked with
 * `checkSgGeetestInfo` into the single-use `captchaPass` the flow's password step sends — what
 * the page's scripts do before they send the password. A configured provider's widget cannot run
 * without JavaScript: the page says so, and offers the upstream's own question where the upstream
 * still answers one (the sandbox does; GeeTest's `initSgGeetestInfo` names only its challenge).
 */
export interface SignInCaptchaOptions {
  topology: Topology
  captchaProvider: boolean
}

/** What a posted answer came to: a pass for the password step, or the message at the captcha. */
export interface CaptchaAnswer {
  pass?: string
  error?: string
  /** The `signUp` bucket (the captcha rows' own, as on `/api`) is spent: seconds to wait. */
  wait?: number
}

const text = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | null | undefined)?.[name]
  return typeof value === 'string' ? value.trim() : ''
}

/**
 * The captcha part of the page's form state: nothing unless this session's sign-in now stands at
 * the password step with a captcha asked for; then a new question (with `needsScript` beside it
 * when a provider is configured), or `'needsScript'` when the upstream offers no question.
 */
export async function nextSignInCaptcha(
  request: FastifyRequest,
  options: SignInCaptchaOptions,
): Promise<Pick<FormState, 'captcha'>> {
  const view = signInView(request)
  if (view.step !== 'password' || !view.captchaRequired) return {}
  try {
    const { answer } = await callEndpoint(
      request,
      options.topology,
      'initSgGeetestInfo',
      {},
      { bearerToken: null },
    )
    const item = answer.item as { challengeId?: unknown; a?: unknown; b?: unknown } | undefined
    const a = Number(item?.a)
    const b = Number(item?.b)
    const offered =
      isSuccess(answer) && typeof item?.challengeId === 'string' && Number.isFinite(a) && Number.isFinite(b)
    if (!offered) return options.captchaProvider ? { captcha: 'needsScript' } : {}
    return {
      captcha: {
        challengeId: item.challengeId as string,
        a,
        b,
        ...(options.captchaProvider ? { needsScript: true } : {}),
      },
    }
  } catch (error) {
    // No question to show: the page says what it can (the provider's message, or "send the form,
    // and answer the question on the next page"); the post that follows asks again.
    request.log.warn({ err: { message: (error as Error).message } }, 'sign-in captcha: no question')
    return options.captchaProvider ? { captcha: 'needsScript' } : {}
  }
}

/** A posted answer checked with the upstream (nothing posted: nothing to check). */
export async function captchaAnswerOf(
  request: FastifyRequest,
  options: SignInCaptchaOptions,
  body: unknown,
  spend: () => Promise<number>,
): Promise<CaptchaAnswer> {
  const challengeId = text(body, 'captchaChallengeId')
  if (!challengeId) return {}
  const answer = text(body, 'captchaAnswer')
  const { t } = i18nFor(request.language)
  if (!answer) return { error: t('common:validation.captcha') }
  const wait = await spend()
  if (wait > 0) return { wait }
  try {
    const checked = (
      await callEndpoint(
        request,
        options.topology,
        'checkSgGeetestInfo',
        { challengeId, answer },
        { bearerToken: null },
      )
    ).answer
    const pass = (checked.item as { captchaPass?: unknown } | undefined)?.captchaPass
    return isSuccess(checked) && typeof pass === 'string' ? { pass } : { error: checked.retMsg }
  } catch (error) {
    return { error: upstreamFailureAnswer(request, error, { endpoint: 'checkSgGeetestInfo' }).message }
  }
}

/**
 * The message at the captcha after the upstream refused the sign-in for it (700112/700169): with
 * a provider, that its check needs JavaScript; with no question answered in this post, where the
 * question is; else the upstream's own words.
 */
export function captchaErrorOf(
  request: FastifyRequest,
  options: SignInCaptchaOptions,
  body: unknown,
  upstreamMessage: string,
): string {
  const { t } = i18nFor(request.language)
  if (text(body, 'captchaChallengeId')) return upstreamMessage
  return options.captchaProvider ? t('captcha:needsScript') : t('captcha:answerBelow')
}
