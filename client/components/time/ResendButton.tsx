/**
 * A button that asks for another code or link: off while a request runs or the wait since the last
 * one is not over, and saying how long is left (the sign-in code, the reset link or code).
 */
export function ResendButton({
  secondsLeft,
  busy,
  onResend,
  className,
  testId,
  label,
  waitLabel,
}: {
  /** What is left of the wait (useCountdown's `seconds`). */
  secondsLeft: number
  busy: boolean
  onResend: () => void
  className: string
  testId: string
  label: string
  waitLabel: (seconds: number) => string
}) {
  return (
    <button
      type="button"
      className={className}
      onClick={onResend}
      disabled={busy || secondsLeft > 0}
      data-testid={testId}
    >
      {secondsLeft > 0 ? waitLabel(secondsLeft) : label}
    </button>
  )
}
