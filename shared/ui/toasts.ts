/**
 * A tiny toast store without a framework: `push` shows, `dismiss` hides, each toast hides itself
 * after `durationMs`. Shaped for React's `useSyncExternalStore` (`subscribe` + `getSnapshot`, the
 * snapshot is a new frozen array on each change and the same array otherwise).
 */

export type ToastKind = 'error' | 'success' | 'info'

export interface ToastInput {
  kind: ToastKind
  message: string
  /** Auto-dismiss after this many ms; 0, negative or Infinity keeps it until dismissed. */
  durationMs: number
}

export interface ToastItem extends ToastInput {
  id: number
}

export interface ToastStore {
  subscribe(listener: () => void): () => void
  getSnapshot(): readonly ToastItem[]
  /** Shows a toast and returns its id. The same kind and text already shown is shown again, not twice. */
  push(toast: ToastInput): number
  dismiss(id: number): void
  clear(): void
}

export interface ToastStoreOptions {
  /** Oldest toasts go first beyond this many; default 5. */
  max?: number
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

const EMPTY: readonly ToastItem[] = Object.freeze([])

export function createToastStore(options: ToastStoreOptions = {}): ToastStore {
  const max = Math.max(1, options.max ?? 5)
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms))
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
  const listeners = new Set<() => void>()
  const timers = new Map<number, unknown>()
  let toasts: readonly ToastItem[] = EMPTY
  let nextId = 1

  const publish = (next: ToastItem[]) => {
    toasts = next.length ? Object.freeze(next) : EMPTY
    for (const listener of [...listeners]) listener()
  }

  const stopTimer = (id: number) => {
    if (timers.has(id)) clearTimer(timers.get(id))
    timers.delete(id)
  }

  const startTimer = (id: number, durationMs: number) => {
    stopTimer(id)
    if (durationMs > 0 && Number.isFinite(durationMs))
      timers.set(
        id,
        setTimer(() => store.dismiss(id), durationMs),
      )
  }

  const store: ToastStore = {
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    getSnapshot: () => toasts,
    push(input) {
      const same = toasts.find((toast) => toast.kind === input.kind && toast.message === input.message)
      const toast: ToastItem = { id: same?.id ?? nextId++, ...input }
      const rest = toasts.filter((existing) => existing.id !== toast.id)
      const next = [...rest, toast]
      const dropped = next.splice(0, Math.max(0, next.length - max))
      for (const old of dropped) stopTimer(old.id)
      startTimer(toast.id, input.durationMs)
      publish(next)
      return toast.id
    },
    dismiss(id) {
      stopTimer(id)
      if (toasts.some((toast) => toast.id === id)) publish(toasts.filter((toast) => toast.id !== id))
    },
    clear() {
      for (const id of [...timers.keys()]) stopTimer(id)
      if (toasts.length) publish([])
    },
  }
  return store
}

/**
 * The page's store. Only the browser pushes (from the call layer's `notify`); on the server it
 * stays empty, so sharing the module between requests leaks nothing.
 */
export const toasts = createToastStore()
