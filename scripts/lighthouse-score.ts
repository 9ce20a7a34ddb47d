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
 * What `npm test` enforces of a page's Lighthouse run whatever the machine is doing: bytes and
 * requests do not depend on the CPU at all; main-thread work and long tasks are measured with the
 * CPU slowdown calibrated to the host (slowdownFor), so a busy host is slowed down less. The
 * budgets sit about a third above what a quiet run measures (README, ADR 0022), so a regression
 * of the page shows and the neighbours' load does not.
 */
export interface StableBudget {
  /** Bytes transferred for the page and everything it loads, KiB. */
  transferKib: number
  requests: number
  /** Main-thread work while loading (script, style, layout, paint, parse), ms at the slowdown. */
  mainThreadMs: number
  /** Tasks over 50 ms while loading. */
  longTasks: number
}

export interface StableMeasure {
  transferKib: number
  requests: number
  mainThreadMs: number
  longTasks: number
}

interface AuditLike {
  numericValue?: number
  details?: unknown
}

/** The stable measures of a Lighthouse result (its `audits`). */
export function stableMeasures(audits: Record<string, AuditLike | undefined>): StableMeasure {
  const itemsOf = (id: string): unknown[] => {
    const details = audits[id]?.details as { items?: unknown[] } | undefined
    return details?.items ?? []
  }
  return {
    transferKib: Math.round((audits['total-byte-weight']?.numericValue ?? Number.NaN) / 1024),
    requests: itemsOf('network-requests').length,
    mainThreadMs: Math.round(audits['mainthread-work-breakdown']?.numericValue ?? Number.NaN),
    longTasks: itemsOf('long-tasks').length,
  }
}

/** `measure` against `budget`: one line per measure over its budget (or not measured). */
export function overBudget(measure: StableMeasure, budget: StableBudget): string[] {
  const units: Record<keyof StableBudget, string> = {
    transferKib: ' KiB',
    requests: '',
    mainThreadMs: ' ms',
    longTasks: '',
  }
  return (Object.keys(budget) as (keyof StableBudget)[])
    .filter((key) => !(measure[key] <= budget[key]))
    .map((key) => `${key} ${measure[key]}${units[key]} over its budget ${budget[key]}${units[key]}`)
}
