/**
 * Waiting on the event a test needs, never on the clock (issue 45): `probe` is asked again every
 * `intervalMs` until it returns something other than `undefined` or `false`, which is returned.
 * The ceiling only guards against a hang — far above anything a loaded machine has needed — so a
 * slow machine makes a test slower, never red. `stop` ends the wait at once with its reason (a
 * process that exited will never become ready).
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  options: { ceilingMs?: number; intervalMs?: number; stop?: () => string | undefined } = {},
): Promise<T> {
  const { ceilingMs = 120_000, intervalMs = 50 } = options
  const giveUpAt = Date.now() + ceilingMs
  for (;;) {
    const value = await probe()
    if (value !== undefined && value !== false) return value
    const stopped = options.stop?.()
    if (stopped) throw new Error(`${what}: ${stopped}`)
    if (Date.now() > giveUpAt)
      throw new Error(`${what}: still not so after ${ceilingMs / 1000} s (hang guard)`)
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}

/** True once `url` answers 2xx; a refused connection is "not yet". */
export const answersOk = (url: string): Promise<boolean> =>
  fetch(url).then(
    (response) => {
      void response.body?.cancel()
      return response.ok
    },
    () => false,
  )
