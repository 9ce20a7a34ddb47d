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
  /**
   * Told how long each render waited for its turn: `rendered` when it then ran, `refused` when its
   * turn came past maxWaitMs. Renders refused on arrival never waited and are not reported.
   */
  onWaited?: (waitMs: number, outcome: 'rendered' | 'refused') => void
}

export interface RenderQueue {
  /** Runs `render` in its turn, or rejects with Overloaded when the wait would pass maxWaitMs. */
  run<T>(render: () => Promise<T>): Promise<T>
  /** Renders waiting for their turn now. */
  readonly waiting: number
}

/** First guess of a render's time (ms) before any was measured (a sign-in page: ≈ 5 ms). */
const FIRST_GUESS_MS = 5

/** Renders whose median running time is the typical render's. */
const RENDERS_KEPT = 15

const setImmediateTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Renders one at a time in arrival order (ADR 0057) with a bounded wait (ADR 0068). A render is
 * refused at once when even the renders ahead of it, at the typical (median) time of the last few
 * renders, would take longer than `maxWaitMs`; every other render waits, and is refused when its
 * turn comes past `maxWaitMs`, before it costs anything. Under a flood every request is answered
 * quickly (a page or a 503) instead of piling up past its client's patience while memory grows.
 *
 * The estimate on arrival is a lower bound on purpose: it leaves out the process's other work
 * between two renders (cached pages, `/api` calls), which a render also waits for. Counting that
 * work too refused renders that were never going to wait too long: a client refused comes back at
 * once with its other requests, which lengthens every render's wait further, and `npm run load`
 * (200 clients in a loop) then shed 19,473 requests in a minute instead of a few dozen
 * (ADR 0114). The median, not a running average: one render stalled by a collection
 * or a descheduled moment lifted the average for dozens of renders and refused the arrivals behind
 * it (131 refusals in 20 s of that load, none of whose renders that ran had waited past the bound).
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
  /**
   * Renders measured so far. The first is not: it loads the renderer and compiles its code (≈ 40 ms
   * against ≈ 4), and taken as the typical time it refused ≈ 50 renders of the first second under load as
   * "would wait past the bound" that took their turn well within it (ADR 0068, 2026-11-27).
   */
  let renders = 0
  /** The last few warm renders' running times, and their median. */
  const recent: number[] = []
  let typicalMs = FIRST_GUESS_MS
  const noteDuration = (tookMs: number) => {
    if (recent.push(tookMs) > RENDERS_KEPT) recent.shift()
    const sorted = [...recent].sort((a, b) => a - b)
    typicalMs = sorted[Math.floor(sorted.length / 2)] ?? FIRST_GUESS_MS
  }
  const refused = (waitMs: number) => new Overloaded('render_queue', Math.max(1, Math.ceil(waitMs / 1000)))
  return {
    run<T>(render: () => Promise<T>): Promise<T> {
      const expectedWaitMs = ((limit.activeCount + limit.pendingCount) * typicalMs) / options.atOnce
      if (expectedWaitMs > options.maxWaitMs) return Promise.reject(refused(expectedWaitMs))
      const queuedAt = now()
      return limit(async () => {
        await nextTurn()
        const started = now()
        const waitedMs = started - queuedAt
        if (waitedMs > options.maxWaitMs) {
          options.onWaited?.(waitedMs, 'refused')
          throw refused(waitedMs)
        }
        options.onWaited?.(waitedMs, 'rendered')
        try {
          return await render()
        } finally {
          if (renders > 0) noteDuration(now() - started)
          renders++
        }
      })
    },
    get waiting() {
      return limit.pendingCount
    },
  }
}
