import type { SessionData } from '@fastify/secure-session'
import type { FastifyRequest } from 'fastify'

type SlotName = keyof SessionData
type SlotValue<K extends SlotName> = NonNullable<SessionData[K]>

/**
 * One piece of a flow's state in the sealed session (issue 17 point 1): typed by its name in
 * `SessionData`, with the time limit it declares. An expired value reads as absent and is dropped,
 * so no flow keeps its own clock.
 */
export interface SessionSlot<V> {
  readonly name: string
  /** The value while it is good; undefined (and dropped) once it expired. */
  get(request: FastifyRequest, now?: number): V | undefined
  set(request: FastifyRequest, value: V): void
  clear(request: FastifyRequest): void
  /**
   * The value, cleared in this session at once. Single use in this cookie only: a copy of the
   * cookie from before still holds it, so what must be used up once across replicas is also
   * claimed in the single-use store (`app.singleUse`).
   */
  take(request: FastifyRequest, now?: number): V | undefined
}

export interface SlotPolicy<V> {
  /** When the value stops being good (ms since the epoch), read off the value itself. */
  expiresAt: (value: V) => number
}

export const SESSION_SLOTS = new Map<string, SlotPolicy<never>>()

/** Declares a slot; each name once (the registry lets tests and docs list every slot). */
export function sessionSlot<K extends SlotName>(
  name: K,
  policy: SlotPolicy<SlotValue<K>>,
): SessionSlot<SlotValue<K>> {
  if (SESSION_SLOTS.has(name)) throw new Error(`session slot ${name} is declared twice`)
  SESSION_SLOTS.set(name, policy as SlotPolicy<never>)
  const clear = (request: FastifyRequest) => {
    if (request.session.get(name) !== undefined) request.session.set(name, undefined)
  }
  const get = (request: FastifyRequest, now = Date.now()): SlotValue<K> | undefined => {
    const value = request.session.get(name) as SlotValue<K> | undefined
    if (value === undefined || value === null) return undefined
    if (policy.expiresAt(value) <= now) {
      clear(request)
      return undefined
    }
    return value
  }
  return {
    name,
    get,
    set: (request, value) => request.session.set(name, value),
    clear,
    take: (request, now) => {
      const value = get(request, now)
      clear(request)
      return value
    },
  }
}

type EntryOf<K extends SlotName> = SlotValue<K> extends readonly (infer E)[] ? E : never

/** A slot that holds several entries, each good until its own end (open round trips). */
export interface SessionListSlot<E> {
  readonly name: string
  /** The entries still good; expired ones are dropped from the session. */
  get(request: FastifyRequest, now?: number): E[]
  /** Keeps these entries (the newest `maxEntries` of them); none clears the slot. */
  set(request: FastifyRequest, entries: E[]): void
}

/**
 * Declares a slot of entries with one time limit per entry and a cap on how many it keeps (the
 * sealed cookie stays small). The whole slot expires with its newest entry, so the registry's
 * policy is the same kind as for single-value slots.
 */
export function sessionListSlot<K extends SlotName>(
  name: K,
  policy: { expiresAt: (entry: EntryOf<K>) => number; maxEntries: number },
): SessionListSlot<EntryOf<K>> {
  type E = EntryOf<K>
  const inner = sessionSlot(name, {
    expiresAt: (value) => Math.max(0, ...(value as unknown as E[]).map(policy.expiresAt)),
  })
  return {
    name,
    get: (request, now = Date.now()) => {
      const all = (inner.get(request, now) as unknown as E[] | undefined) ?? []
      const good = all.filter((entry) => policy.expiresAt(entry) > now)
      if (good.length !== all.length) inner.set(request, good as unknown as SlotValue<K>)
      return good
    },
    set: (request, entries) => {
      if (entries.length === 0) inner.clear(request)
      else inner.set(request, entries.slice(-policy.maxEntries) as unknown as SlotValue<K>)
    },
  }
}
