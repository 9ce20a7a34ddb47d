import type { FastifyRequest } from 'fastify'
import { type ApiEnvelope, envelope, NOT_IN_FLOW } from '../shared/envelope.ts'
import { i18nFor } from '../shared/i18n/index.ts'

/** Each flow's words for it, saying where to start again. */
export type NotInFlowText =
  | 'signInSteps:flowExpired'
  | 'signUp:flowExpired'
  | 'reset:flowExpired'
  | 'channels:noFlow'
  | 'sso:pickExpired'

export interface NotInFlowAnswer {
  status: 409
  body: ApiEnvelope
}

/**
 * The one answer every flow gives a step that is not where this session's flow stands, or that
 * comes with no flow at all (another tab finished it, it expired, another browser): HTTP 409 with
 * retCode `NOT_IN_FLOW` ('409', ours: no upstream code means it) and the flow's own text; the
 * upstream never hears of the step (ADR 0125, docs/flows/README.md).
 */
export function notInFlowAnswer(
  request: FastifyRequest,
  text: NotInFlowText,
  item?: Record<string, unknown>,
): NotInFlowAnswer {
  return { status: 409, body: envelope(NOT_IN_FLOW, i18nFor(request.language).t(text), item) }
}

/** The HTTP status of a flow hook's refusal of an `/api` call: 409 for the not-in-flow answer. */
export function refusalStatus(refusal: ApiEnvelope): 200 | 409 {
  return refusal.retCode === NOT_IN_FLOW ? 409 : 200
}
