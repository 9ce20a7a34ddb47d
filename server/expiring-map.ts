/**
 * Keys with an expiry time, for the stores that live in one process when no Redis is configured
 * (single-use claims, revoked sessions). An entry still live is never dropped: a forgotten claim
 * would let a reset link be used twice, a forgotten revocation would let a signed-out cookie work
 * again. Expired entries are swept when the map has doubled since the last sweep, not on every
 * insert once it is big: sweeping per insert, a map full of live entries (15-minute rate-limit
 * allowances under load) scanned 100,000 entries per `/api` call (2026-11-27). Amortised, each
 * insert pays O(1) for sweeping; the map holds at most twice its live entries (or `sweepAt`).
 */
export interface ExpiringMap {
  /** The entry's expiry when it is still live at `at`; undefined otherwise (and then gone). */
  liveUntil(key: string, at: number): number | undefined
  set(key: string, until: number, at: number): void
  delete(key: string): void
  clear(): void
  readonly size: number
}

export interface ExpiringMapOptions {
  /** Size of the first sweep (100,000 by default). */
  sweepAt?: number
  /** Called on each sweep (tests count them). */
  onSweep?: () => void
}

const FIRST_SWEEP_AT = 100_000

export function expiringMap(options: ExpiringMapOptions = {}): ExpiringMap {
  const entries = new Map<string, number>()
  const firstSweepAt = options.sweepAt ?? FIRST_SWEEP_AT
  let sweepAt = firstSweepAt
  return {
    liveUntil(key, at) {
      const until = entries.get(key)
      if (until === undefined) return undefined
      if (until > at) return until
      entries.delete(key)
      return undefined
    },
    set(key, until, at) {
      if (entries.size >= sweepAt) {
        for (const [k, u] of entries) if (u <= at) entries.delete(k)
        sweepAt = Math.max(firstSweepAt, 2 * entries.size)
        options.onSweep?.()
      }
      entries.set(key, until)
    },
    delete(key) {
      entries.delete(key)
    },
    clear() {
      entries.clear()
    },
    get size() {
      return entries.size
    },
  }
}
