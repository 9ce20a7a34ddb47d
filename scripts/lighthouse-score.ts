/** Pure helpers of scripts/lighthouse.ts, apart so tests can import them without running it. */

/** Lighthouse's mobile default: a fast desktop host slowed down four times. */
export const DEFAULT_SLOWDOWN = 4

/**
 * The CPU slowdown that turns this host into Lighthouse's reference phone, from the host's
 * measured BenchmarkIndex (Lighthouse's own CPU throttling calculator: 1533 → 4×, 1300 → 3×,
 * 800 → 2×, 150 → 1×). This shared 2-core machine measures 400–1000 under load; slowing it down
 * four times more would emulate a phone far below the one the budgets are written for.
 */
export function slowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 150) return 1
  if (benchmarkIndex < 800) return 1 + (benchmarkIndex - 150) / 650
  if (benchmarkIndex < 1300) return 2 + (benchmarkIndex - 800) / 500
  return Math.min(DEFAULT_SLOWDOWN, 3 + (benchmarkIndex - 1300) / 233)
}

/**
 * The slowdown to apply while the host is contended: with other processes on the cores (CI's
 * neighbours, two CPU burners) the page gets only `cpuShare` of a core, which slows it down by
 * 1 / share on top of what Lighthouse applies — so Lighthouse applies that much less, never below
 * 1×. BenchmarkIndex is a short burst measured once and misses this (a burner run measured 1831,
 * "4×", and the pages' main-thread work then came out 1.4× over its budget).
 */
export const MIN_CPU_SHARE = 0.5

export function contendedSlowdown(calibrated: number, cpuShare: number): number {
  // At most halved: a reading below half a core is mostly the moment's noise (a server starting),
  // and a page must still be measured slowed down well (2× of 4×).
  const share = Number.isFinite(cpuShare) ? Math.min(1, Math.max(MIN_CPU_SHARE, cpuShare)) : 1
  return Math.max(1, calibrated * share)
}

/** How many runs decide a performance score that came out below budget (ADR 0022). */
export const PERFORMANCE_RUNS = 3

/**
 * The run whose performance score is the median: a timing score on a shared machine, so one
 * slow run is the neighbours' doing, while two slow runs of three are the page's.
 */
export function medianByScore<Run>(runs: Run[], score: (run: Run) => number): Run {
  if (runs.length === 0) throw new Error('no runs to take the median of')
  const sorted = [...runs].sort((a, b) => score(a) - score(b))
  return sorted[Math.floor((sorted.length - 1) / 2)] as Run
}

/**
 * Two kinds of limit (issue 45). `npm test` enforces only what the machine's load cannot move:
 * what a page loads (bytes, requests) and the accessibility, best-practices and SEO audits.
 * Timings (the performance score, main-thread work, long tasks) are targets of `npm run lighthouse`,
 * a benchmark for a quiet machine (docs/performance.md): inside `npm test` Lighthouse runs beside
 * tap, and a busy neighbour once failed a page by 151 ms of main-thread work.
 */
export type LighthouseMode = 'test' | 'bench'

/** What a page loads: enforced in every mode. */
export interface LoadBudget {
  /** Bytes transferred for the page and everything it loads, KiB. */
  transferKib: number
  requests: number
}

/** Timings, measured at the CPU slowdown calibrated to the host: enforced by the bench only. */
export interface TimingTarget {
  /** Lighthouse's performance score, 0–1. */
  performance: number
  /** Main-thread work while loading (script, style, layout, paint, parse), ms. */
  mainThreadMs: number
  /** Tasks over 50 ms while loading. */
  longTasks: number
}

export interface PageMeasure extends LoadBudget, TimingTarget {}

/**
 * Bytes measured 2026-11-26 with React DOM (ADR 0064/0065): / 149 KiB, sign-in 140, sign-up 156;
 * requests 34, 27, 31: about 8 % and 15 % on top.
 */
export const LOAD_BUDGET: Record<string, LoadBudget> = {
  '/': { transferKib: 160, requests: 38 },
  '/auth/sign_in': { transferKib: 151, requests: 31 },
  '/auth/sign_up': { transferKib: 168, requests: 35 },
}

/**
 * Quiet 2-core host, 2026-11-23: / 2.1 s of main-thread work and 7 long tasks, sign-in 1.6–2.0 s
 * and 6, sign-up 1.5–2.1 s and 7; about 50 % on top. The table in docs/performance.md repeats
 * these (tests/scripts/no-clock-budgets.test.ts keeps the two equal).
 */
export const TIMING_TARGETS: Record<string, TimingTarget> = {
  '/': { performance: 0.95, mainThreadMs: 3200, longTasks: 10 },
  '/auth/sign_in': { performance: 0.95, mainThreadMs: 3000, longTasks: 9 },
  '/auth/sign_up': { performance: 0.95, mainThreadMs: 3000, longTasks: 10 },
}

interface AuditLike {
  numericValue?: number
  details?: unknown
}

/** The measures of a Lighthouse result (its `audits` and performance score). */
export function pageMeasures(
  audits: Record<string, AuditLike | undefined>,
  performance: number | null | undefined,
): PageMeasure {
  const itemsOf = (id: string): unknown[] => {
    const details = audits[id]?.details as { items?: unknown[] } | undefined
    return details?.items ?? []
  }
  return {
    transferKib: Math.round((audits['total-byte-weight']?.numericValue ?? Number.NaN) / 1024),
    requests: itemsOf('network-requests').length,
    performance: performance ?? Number.NaN,
    mainThreadMs: Math.round(audits['mainthread-work-breakdown']?.numericValue ?? Number.NaN),
    longTasks: itemsOf('long-tasks').length,
  }
}

const UNITS: Record<keyof PageMeasure, string> = {
  transferKib: ' KiB',
  requests: '',
  performance: '',
  mainThreadMs: ' ms',
  longTasks: '',
}

/**
 * One line per measure past its limit (or not measured): the load budget in every mode, the
 * timing targets in the bench only. A higher performance score is better; every other measure
 * is a ceiling.
 */
export function pageFailures(
  measure: PageMeasure,
  budget: LoadBudget,
  targets: TimingTarget,
  mode: LighthouseMode,
): string[] {
  const limits: Partial<Record<keyof PageMeasure, number>> = {
    ...budget,
    ...(mode === 'bench' ? targets : {}),
  }
  return (Object.entries(limits) as [keyof PageMeasure, number][])
    .filter(([key, limit]) => !(key === 'performance' ? measure[key] >= limit : measure[key] <= limit))
    .map(([key, limit]) => {
      const side =
        key === 'performance'
          ? 'under its target'
          : mode === 'bench' && key in targets
            ? 'over its target'
            : 'over its budget'
      return `${key} ${measure[key]}${UNITS[key]} ${side} ${limit}${UNITS[key]}`
    })
}
