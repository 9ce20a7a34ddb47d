import type { FastifyReply, FastifyRequest } from 'fastify'
import { type RefusalOptions, sendRefusal } from './refusal.ts'

/** What shed a request (ADR 0068): the event loop's lag, the heap, or the render queue's wait. */
export type ShedReason = 'event_loop_delay' | 'heap_used' | 'render_queue'

/**
 * Thrown (or rejected) where a request is shed; the app's error handler answers it with
 * sendBusy and counts it in `load_shed_total{reason}`.
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
 * How an overloaded process says "not now" (ADR 0068): 503 with `Retry-After`, the localised
 * envelope for `/api` and fetch calls, the small localised page for a browser. Cheap on purpose:
 * no render, no upstream, no store.
 */
export function sendBusy(
  request: FastifyRequest,
  reply: FastifyReply,
  retryAfterSeconds: number,
  options: RefusalOptions,
) {
  reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds))))
  return sendRefusal(request, reply, 503, options, 'errors:busy')
}

/** 429 for pages rendered too often from one address (RATE_LIMIT_RENDER), same shapes. */
export function sendPagesRateLimited(
  request: FastifyRequest,
  reply: FastifyReply,
  retryAfterSeconds: number,
  options: RefusalOptions,
) {
  reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds))))
  return sendRefusal(request, reply, 429, options, 'errors:pagesRateLimited')
}
