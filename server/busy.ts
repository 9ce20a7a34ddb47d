import type { FastifyReply, FastifyRequest } from 'fastify'
import { type RefusalOptions, sendRefusal } from './refusal.ts'

/** What shed a request (ADR 0068): the event loop's lag, the heap, or the render queue's wait. */
export type ShedReason = 'event_loop_delay' | 'heap_used' | 'render_queue'

/**
 * Thrown (or rejected) where a request is shed; the app's error handler answers it with
 * sendRetryLater('busy') and counts it in `load_shed_total{reason}`.
 */
export class Overloaded extends Error {
  override name = 'Overloaded'
  readonly statusCode = 503
  readonly reason: ShedReason
  readonly retryAfterSeconds: number
  constructor(reason: ShedReason, retryAfterSeconds: number) {
    super(`shed: ${reason}`)
    this.reason = reason
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/**
 * The two ways a request is told to come back later, in the same shapes: the localised envelope
 * for `/api` and fetch calls, the small localised page for a browser, with `Retry-After`.
 */
const RETRY_LATER = {
  /**
   * An overloaded process says "not now" (ADR 0068). Cheap on purpose: no render, no upstream,
   * no store.
   */
  busy: { status: 503, messageKey: 'errors:busy' },
  /** Pages rendered too often from one address (RATE_LIMIT_RENDER). */
  pagesRateLimited: { status: 429, messageKey: 'errors:pagesRateLimited' },
} as const

/** Refuses the request for `reason`, saying when to come back (whole seconds, at least one). */
export function sendRetryLater(
  request: FastifyRequest,
  reply: FastifyReply,
  reason: keyof typeof RETRY_LATER,
  retryAfterSeconds: number,
  options: RefusalOptions,
) {
  const { status, messageKey } = RETRY_LATER[reason]
  reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds))))
  return sendRefusal(request, reply, status, options, messageKey)
}
