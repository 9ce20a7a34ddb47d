import pLimit from 'p-limit'
import { Overloaded } from './busy.ts'

export interface RenderQueueOptions {
  /** Renders running at once (ADR 0057: one, in arrival order). */
  atOnce: number
  /** Longest a render may wait for its turn; past that it is refused instead (SHED_RENDER_WAIT_MS). */
  maxWaitMs: number
  now?: () => number
  /**
   * Resolves on a later turn of the event loop (default: setImmediate). Each render starts there,
   * never inside the I/O callback that brought its request in (see `run`).
   */
  nextTurn?: () => Promise<void>
}

export interface RenderQueue {
  /** Runs `render` in its turn, or rejects with Overloaded when the wait would pass maxWaitMs. */
  run<T>(render: () => Promise<T>): Promise<T>
  /** Renders waiting for their turn now. */
  readonly waiting: number
}

/** Weight of the newest render in the running average of render time. */
const SMOOTHING = 0.1
/** First guess of a render's time (ms) before any was measured (a sign-in page: ≈ 5 ms). */
const FIRST_GUESS_MS = 5

const setImmediateTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Renders one at a time in arrival order (ADR 0057) with a bounded wait (ADR 0068). A render that
 * would wait longer than `maxWaitMs` — the renders ahead of it times the average render time — is
 * refused at once, so under a flood every request is answered quickly (a page or a 503) instead
 * of piling up past its client's patience while memory grows. A render that still waited too long
 * (the average guessed low) is refused when its turn comes, before it costs anything.
 *
 * Every render starts on a turn of the event loop of its own. A render is synchronous CPU work
 * behind microtasks only (React DOM's renderToString, Vike's awaits); started straight from the
 * socket callback that parsed its request, it ran to the end inside that callback, so one poll of
 * the loop rendered every request that had arrived — a second and more with the loop blocked,
 * /healthz unanswered and the queue always empty (nothing ever waited *in* it, so nothing was
 * shed). Taking its turn, a request only joins the queue during the poll; the renders then run
 * one per turn, with the probes, the sockets and the shedding decisions in between (ADR 0068).
 */
export function renderQueue(options: RenderQueueOptions): RenderQueue {
  const now = options.now ?? performance.now.bind(performance)
  const nextTurn = options.nextTurn ?? setImmediateTurn
  const limit = pLimit(options.atOnce)
  let averageMs = FIRST_GUESS_MS
  /**
   * Renders measured so far. The first is not: it loads the renderer and compiles its code (≈ 40 ms
   * against ≈ 4), and as the average it refused ≈ 50 renders of the first second under load as
   * "would wait past the bound" that took their turn well within it (ADR 0068, 2026-11-27).
   */
  let renders = 0
  const refused = (waitMs: number) => new Overloaded('render_queue', Math.max(1, Math.ceil(waitMs / 1000)))
  return {
    run<T>(render: () => Promise<T>): Promise<T> {
      const expectedWaitMs = ((limit.activeCount + limit.pendingCount) * averageMs) / options.atOnce
      if (expectedWaitMs > options.maxWaitMs) return Promise.reject(refused(expectedWaitMs))
      const queuedAt = now()
      return limit(async () => {
        await nextTurn()
        const started = now()
        if (started - queuedAt > options.maxWaitMs) throw refused(started - queuedAt)
        try {
          return await render()
        } finally {
          const tookMs = now() - started
          // The second measurement replaces the guess outright; later ones move the average.
          if (renders === 1) averageMs = tookMs
          else if (renders > 1) averageMs += SMOOTHING * (tookMs - averageMs)
          renders++
        }
      })
    },
    get waiting() {
      return limit.pendingCount
    },
  }
}
