import { type FastifyReply, type FastifyRequest, LogController } from 'fastify'
import type { LevelAwareLogger } from './request-logger.ts'

/** The trace fields a log line carries (OpenTelemetry's log data model: TraceId, SpanId). */
export interface TraceFields {
  trace_id: string
  span_id: string
}

/**
 * W3C Trace Context `traceparent` (version-traceid-parentid-flags), as OpenTelemetry's
 * W3CTraceContextPropagator reads it: a version other than `ff`; version 00 with nothing after the
 * flags; a later version may append fields. Written out here because tracing off must load none of
 * OpenTelemetry (ADR 0151), and `parseTraceParent` lives in @opentelemetry/core.
 */
const TRACEPARENT = /^\s?((?!ff)[\da-f]{2})-([\da-f]{32})-([\da-f]{16})-([\da-f]{2})(-.*)?\s?$/
const ALL_ZEROS = /^0+$/

/**
 * The trace and span an incoming `traceparent` names, when it is a valid one: the ingress's trace
 * and its span that called us. Anything else (absent, repeated, malformed, all-zero ids) gives none,
 * so a client cannot write into our log lines beyond 32 + 16 hex digits.
 */
export function traceFieldsOf(traceparent: string | string[] | undefined): TraceFields | undefined {
  if (typeof traceparent !== 'string') return undefined
  const match = TRACEPARENT.exec(traceparent)
  if (!match) return undefined
  const [, version, traceId = '', spanId = '', , rest] = match
  if ((version === '00' && rest) || ALL_ZEROS.test(traceId) || ALL_ZEROS.test(spanId)) return undefined
  return { trace_id: traceId, span_id: spanId }
}

/**
 * With tracing on, Fastify's `incoming request` line written once the request's span exists.
 * Fastify writes that line before any hook runs, and @fastify/otel starts the span in its
 * `onRequest` hook: written then, the line would be the only one of the request without
 * `trace_id`. This controller (Fastify's own extension point for its request lines) holds the line
 * back; `writeHeldIncoming`, an `onRequest` hook added right after @fastify/otel's, writes it inside
 * the span. A request refused before routing (a malformed URL) runs no hook: Fastify's
 * `frameworkErrors` handler writes the line first (app.ts); any other request without a hook has it
 * written before its completion line.
 */
export class SpanFirstLogController extends LogController {
  readonly #held = new WeakSet<FastifyRequest>()

  override incomingRequest(request: FastifyRequest): void {
    // Nothing held when the line would not be written (production logs at `warn`).
    const log = request.log as Partial<LevelAwareLogger>
    if (this.isLogDisabled(request) || log.isLevelEnabled?.('info') === false) return
    this.#held.add(request)
  }

  /** Writes the held line, once. */
  writeHeldIncoming(request: FastifyRequest): void {
    if (this.#held.delete(request)) request.log.info({ req: request }, 'incoming request')
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    this.writeHeldIncoming(request)
    super.requestCompleted(error, request, reply, metadata)
  }
}
