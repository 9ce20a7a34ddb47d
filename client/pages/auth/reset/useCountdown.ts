import { useCallback, useEffect, useState } from 'react'

/** Seconds left until `start(seconds)`'s deadline, ticking once a second; 0 when it has passed. */
export function useCountdown(): { seconds: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState(0)
  const [seconds, setSeconds] = useState(0)
  useEffect(() => {
    const tick = () => setSeconds(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)))
    tick()
    if (deadline <= Date.now()) return
    const timer = window.setInterval(tick, 1000)
    return () => window.clearInterval(timer)
  }, [deadline])
  const start = useCallback((value: number) => setDeadline(Date.now() + value * 1000), [])
  return { seconds, start }
}
