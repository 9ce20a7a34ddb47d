import t from 'tap'
import { createToastStore } from '../../../shared/ui/toasts.ts'

/** Timers the test fires by hand. */
function manualTimers() {
  const pending = new Map<number, { run: () => void; ms: number }>()
  let next = 1
  return {
    pending,
    setTimer: (run: () => void, ms: number) => {
      const id = next++
      pending.set(id, { run, ms })
      return id
    },
    clearTimer: (id: unknown) => {
      pending.delete(id as number)
    },
    fire(ms: number) {
      for (const [id, timer] of [...pending]) {
        if (timer.ms === ms) {
          pending.delete(id)
          timer.run()
        }
      }
    },
  }
}

t.test('toasts › push, subscribe, auto-dismiss after durationMs', async (t) => {
  const timers = manualTimers()
  const store = createToastStore(timers)
  let notified = 0
  const unsubscribe = store.subscribe(() => {
    notified += 1
  })
  const empty = store.getSnapshot()
  t.same(empty, [])
  const id = store.push({ kind: 'error', message: 'Nope', durationMs: 3000 })
  t.same(store.getSnapshot(), [{ id, kind: 'error', message: 'Nope', durationMs: 3000 }])
  t.equal(store.getSnapshot(), store.getSnapshot(), 'a stable snapshot between changes')
  t.equal(notified, 1)
  t.same(
    [...timers.pending.values()].map((timer) => timer.ms),
    [3000],
  )
  timers.fire(3000)
  t.same(store.getSnapshot(), [])
  t.equal(notified, 2)
  unsubscribe()
  store.push({ kind: 'info', message: 'x', durationMs: 10 })
  t.equal(notified, 2, 'no calls after unsubscribe')
})

t.test('toasts › dismiss by id stops its timer; unknown ids change nothing', async (t) => {
  const timers = manualTimers()
  const store = createToastStore(timers)
  const a = store.push({ kind: 'error', message: 'A', durationMs: 3000 })
  const b = store.push({ kind: 'success', message: 'B', durationMs: 4500 })
  store.dismiss(a)
  t.same(
    store.getSnapshot().map((toast) => toast.id),
    [b],
  )
  t.equal(timers.pending.size, 1)
  const before = store.getSnapshot()
  store.dismiss(999)
  t.equal(store.getSnapshot(), before)
  store.clear()
  t.same(store.getSnapshot(), [])
  t.equal(timers.pending.size, 0)
})

t.test('toasts › the same text again restarts it instead of stacking', async (t) => {
  const timers = manualTimers()
  const store = createToastStore(timers)
  const first = store.push({ kind: 'error', message: 'Offline', durationMs: 3000 })
  const again = store.push({ kind: 'error', message: 'Offline', durationMs: 4500 })
  t.equal(again, first)
  t.equal(store.getSnapshot().length, 1)
  t.same(
    [...timers.pending.values()].map((timer) => timer.ms),
    [4500],
  )
  store.push({ kind: 'info', message: 'Offline', durationMs: 3000 })
  t.equal(store.getSnapshot().length, 2, 'another kind is another toast')
})

t.test('toasts › at most max, oldest first out; zero or infinite duration stays', async (t) => {
  const timers = manualTimers()
  const store = createToastStore({ ...timers, max: 2 })
  store.push({ kind: 'info', message: '1', durationMs: 0 })
  store.push({ kind: 'info', message: '2', durationMs: Number.POSITIVE_INFINITY })
  store.push({ kind: 'info', message: '3', durationMs: 100 })
  t.same(
    store.getSnapshot().map((toast) => toast.message),
    ['2', '3'],
  )
  t.equal(timers.pending.size, 1, 'only the timed one has a timer')
})

t.test('toasts › real timers by default', async (t) => {
  const store = createToastStore()
  store.push({ kind: 'success', message: 'Saved', durationMs: 20 })
  t.equal(store.getSnapshot().length, 1)
  await new Promise((resolve) => setTimeout(resolve, 60))
  t.equal(store.getSnapshot().length, 0)
})
