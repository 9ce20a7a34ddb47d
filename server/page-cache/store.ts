import { LRUCache } from 'lru-cache'

/**
 * Entries by key with a byte cap (least recently used leave first) and one fill per key at a
 * time: concurrent misses of one key wait for the same render instead of each rendering.
 */
export class PageStore<Entry extends { bytes: number }> {
  readonly #entries: LRUCache<string, Entry>
  readonly #filling = new Map<string, Promise<Entry | null>>()

  constructor(maxBytes: number) {
    this.#entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: (entry) => Math.max(1, entry.bytes),
    })
  }

  get size(): number {
    return this.#entries.size
  }

  get bytes(): number {
    return this.#entries.calculatedSize
  }

  /** The entry of `key`, filled by `fill` once if missing; null when `fill` says not to keep it. */
  async get(key: string, fill: () => Promise<Entry | null>): Promise<Entry | null> {
    const cached = this.#entries.get(key)
    if (cached) return cached
    const pending = this.#filling.get(key)
    if (pending) return pending
    const filling = fill()
      .then((entry) => {
        if (entry) this.#entries.set(key, entry)
        return entry
      })
      .finally(() => this.#filling.delete(key))
    this.#filling.set(key, filling)
    return filling
  }
}
