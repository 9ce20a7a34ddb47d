/**
 * Keys with an expiry time, for the stores that live in one process when no Redis is configured
 * (single-use claims, revoked sessions). An entry still live is never dropped: a forgotten claim
 * would let a reset link be used twice, a forgotten revocation would let a signed-out cookie work
 * again. Expired entries are swept when the map has doubled since the last sweep, not on every
 * insert once it is big: sweeping per insert, a map full of live entries (15-minute rate-limit
 * allowances under load) scanned 100,000 entries per `/api` call (2026-11-27). Amortised, each
 * insert pays O(1) for sweeping; the map holds at most twice its live entries (or `sweepAt`).
 */
export interface ExpiringMap<V = true> {
  /** The entry's expiry when it is still live at `at`; undefined otherwise (and then gone). */
  liveUntil(key: string, at: number): number | undefined
  /** The entry's value when it is still live at `at`; undefined otherwise (and then gone). */
  valueAt(key: string, at: number): V | undefined
  /** Adds or replaces the entry. */
  set(key: string, until: number, at: number, ...value: V extends true ? [] : [V]): void
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

interface Entry<V> {
  until: number
  value: V
}

export function expiringMap<V = true>(options: ExpiringMapOptions = {}): ExpiringMap<V> {
  const entries = new Map<string, Entry<V>>()
  const firstSweepAt = options.sweepAt ?? FIRST_SWEEP_AT
  let sweepAt = firstSweepAt
  const liveEntry = (key: string, at: number) => {
    const entry = entries.get(key)
    if (entry === undefined) return undefined
    if (entry.until > at) return entry
    entries.delete(key)
    return undefined
  }
  return {
    liveUntil(key, at) {
      return liveEntry(key, at)?.until
    },
    valueAt(key, at) {
      return liveEntry(key, at)?.value
    },
    set(key, until, at, ...value) {
      if (entries.size >= sweepAt) {
        for (const [k, entry] of entries) if (entry.until <= at) entries.delete(k)
        sweepAt = Math.max(firstSweepAt, 2 * entries.size)
        options.onSweep?.()
      }
      // A key alone (claims, revocations) is worth `true`.
      entries.set(key, { until, value: (value.length > 0 ? value[0] : true) as V })
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
