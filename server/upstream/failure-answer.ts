import type { FastifyRequest } from 'fastify'
import { type ApiEnvelope, envelope } from '../../shared/envelope.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import { UpstreamError, type UpstreamFailure } from './errors.ts'

/** What a user is told when the upstream gave no usable answer: status, envelope, and its text. */
export interface FailureAnswer {
  status: 502 | 504
  body: ApiEnvelope
  /** The localised text alone, for a form that shows it above its fields. */
  message: string
}

/**
 * The text of a failure: an upstream that did not answer in time is said to be slow ("took too
 * long": trying again soon may work), any other failure to be unavailable (ADR 0125).
 */
export function failureTextKey(
  failure: UpstreamFailure,
): 'errors:upstreamTimeout' | 'errors:upstreamUnavailable' {
  return failure === 'timeout' ? 'errors:upstreamTimeout' : 'errors:upstreamUnavailable'
}

/**
 * The one place an upstream failure becomes an answer (issue 44 point 4, ADR 0125): logged once
 * with what was being called, then 504 with the timeout text or 502 with the unavailable text, in
 * the request's language. `error` is what a call threw (anything but an UpstreamError is thrown
 * on: a bug is not an unavailable upstream), or an UpstreamError a flow builds for an answer it
 * cannot use (a sign-in answer that names nobody).
 */
export function upstreamFailureAnswer(
  request: FastifyRequest,
  error: unknown,
  context: Record<string, unknown> = {},
): FailureAnswer {
  const failed = upstreamFailed(request, error, context)
  const status = failed.httpStatus
  const message = i18nFor(request.language).t(failureTextKey(failed.failure))
  return { status, body: envelope(String(status), message), message }
}

/**
 * Logs an upstream failure a caller carries on from without answering it (a best-effort call);
 * anything but an UpstreamError is thrown on. Answers the error for the caller's own outcome.
 */
export function upstreamFailed(
  request: FastifyRequest,
  error: unknown,
  context: Record<string, unknown> = {},
): UpstreamError {
  if (!(error instanceof UpstreamError)) throw error
  request.log.warn(
    { ...context, failure: error.failure, err: { message: error.message } },
    'upstream call failed',
  )
  return error
}
