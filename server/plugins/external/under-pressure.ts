import underPressure, { TYPE_EVENT_LOOP_DELAY } from '@fastify/under-pressure'
import fp from 'fastify-plugin'
import { Overloaded } from '../../busy.ts'

export interface UnderPressureOptions {
  /** Mean event-loop delay (ms) past which requests are shed; 0: not checked. */
  eventLoopDelayMs: number
  /** V8 heap in use (bytes) past which requests are shed; 0: not checked. */
  heapUsedBytes: number
}

/** Probes are never shed: a busy pod must stay alive and say so itself, not be restarted. */
const PROBES = new Set(['/healthz', '/readyz'])
/** How often the loop delay and heap are sampled: a flood is noticed within half a second. */
const SAMPLE_INTERVAL_MS = 500
/** What a shed client is told to wait: long enough for the next samples to tell. */
const RETRY_AFTER_SECONDS = 2

/**
 * Load shedding (ADR 0068) with @fastify/under-pressure: while the event loop lags or the heap is
 * nearly full, pages and /api get a cheap 503 with Retry-After (the app's error handler answers
 * Overloaded) instead of work that would make both worse. Registered before the session and the
 * other request hooks, so a shed request costs no unsealing or rendering. The Prometheus port is
 * its own listener and never passes through here.
 */
export default fp<UnderPressureOptions>(
  async (app, options) => {
    await app.register(underPressure, {
      maxEventLoopDelay: options.eventLoopDelayMs,
      maxHeapUsedBytes: options.heapUsedBytes,
      sampleInterval: SAMPLE_INTERVAL_MS,
      retryAfter: RETRY_AFTER_SECONDS,
      pressureHandler: async (request, _reply, type, value) => {
        // Resolving lets the request go on as if nothing happened; rejecting hands it to the
        // error handler, the one place that answers refusals in our shapes and languages.
        if (PROBES.has(request.url.split('?')[0] ?? '')) return
        // The library reports Infinity for a sample with no measurement in it (the loop was busy
        // for the whole half second, e.g. loading the pages at boot): no evidence yet. A loop that
        // stays blocked shows its real delay in the next sample, half a second later.
        if (type === TYPE_EVENT_LOOP_DELAY && value === Number.POSITIVE_INFINITY) return
        throw new Overloaded(
          type === TYPE_EVENT_LOOP_DELAY ? 'event_loop_delay' : 'heap_used',
          RETRY_AFTER_SECONDS,
        )
      },
    })
  },
  { name: 'under-pressure', fastify: '5.x', dependencies: ['metrics'] },
)
