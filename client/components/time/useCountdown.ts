import { useCallback, useEffect, useState } from 'react'

function secondsUntil(deadline: number | null): number {
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000))
}

/** Whole seconds left until `deadline` (ms, this browser's clock), ticking once a second. */
export function useSecondsUntil(deadline: number | null): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(deadline))
  useEffect(() => {
    setSeconds(secondsUntil(deadline))
    if (deadline === null) return
    const timer = window.setInterval(() => setSeconds(secondsUntil(deadline)), 1000)
    return () => window.clearInterval(timer)
  }, [deadline])
  return seconds
}

/**
 * A countdown started by the page (a resend wait, a welcome redirect): `start(seconds)` sets it,
 * `seconds` is what is left, 0 once it has passed.
 */
export function useCountdown(): { seconds: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState<number | null>(null)
  const seconds = useSecondsUntil(deadline)
  const start = useCallback((value: number) => setDeadline(Date.now() + value * 1000), [])
  return { seconds, start }
}

/** `m:ss` for a visible countdown. */
export function minutesAndSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/** The moments a screen reader hears about (not every second): a minute, half a minute, ten seconds. */
export const ANNOUNCED_SECONDS = [60, 30, 10] as const
