/**
 * Runs `work` with a spy on the global `setTimeout` and returns what it resolved to together with
 * the delay of every timer armed meanwhile. A test proves "gave up at the time-out" by the timer
 * the code armed, not by a stopwatch a busy machine can push past a bound (issue 45).
 */
export async function timersArmedDuring<T>(
  work: () => Promise<T>,
): Promise<{ result: T; armedMs: number[] }> {
  const armedMs: number[] = []
  const realSetTimeout = globalThis.setTimeout
  const spy = (handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    armedMs.push(ms ?? 0)
    return realSetTimeout(handler, ms, ...args)
  }
  // Keeps setTimeout's own properties (its promisified form) on the spy.
  globalThis.setTimeout = Object.assign(spy, realSetTimeout) as typeof setTimeout
  try {
    return { result: await work(), armedMs }
  } finally {
    globalThis.setTimeout = realSetTimeout
  }
}
