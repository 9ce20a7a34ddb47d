import { randomBytes, randomInt } from 'node:crypto'
import { perWorld } from './per-world.ts'

/** How long a WeCom QR code can be scanned (the real one lasts a few minutes). */
export const WECOM_QR_TTL_MS = 2 * 60_000

export type ScanStatus = 'waiting' | 'confirmed' | 'cancelled' | 'expired'

interface Scan {
  /** The app's single-use state, handed back with the confirmation (security.md #12). */
  state: string
  /** The number the app's browser shows: the phone confirms only when its user picks it. */
  matchCode: string
  /** What the phone offers: the match code and two others, fixed for the code's life (a reload shows the same). */
  choices: string[]
  expiresAt: number
  status: 'waiting' | 'confirmed' | 'cancelled'
  /** The member who confirmed on the phone. */
  member?: string
}

/**
 * The QR tickets of the simulated WeCom: issued by `memberQrCodeLoginUrl`, confirmed or cancelled
 * on the phone page, read once when confirmed. Lifetimes run on the sandbox clock.
 */
export class WeComScans {
  private readonly scans = new Map<string, Scan>()
  private readonly now: () => number

  constructor(now: () => number) {
    this.now = now
  }

  issue(state: string, matchCode: string): { ticket: string; expiresAt: number } {
    const now = this.now()
    for (const [key, scan] of this.scans) if (scan.expiresAt <= now) this.scans.delete(key)
    const ticket = `wecom-${randomBytes(18).toString('base64url')}`
    const expiresAt = now + WECOM_QR_TTL_MS
    this.scans.set(ticket, {
      state,
      matchCode,
      choices: numberChoices(matchCode),
      expiresAt,
      status: 'waiting',
    })
    return { ticket, expiresAt }
  }

  /** What the phone sees: the live status, `expired` for an unknown or timed-out ticket. */
  status(ticket: string): ScanStatus {
    const scan = this.scans.get(ticket)
    if (!scan || scan.expiresAt <= this.now()) return 'expired'
    return scan.status
  }

  expiresAt(ticket: string): number | undefined {
    return this.scans.get(ticket)?.expiresAt
  }

  /** The numbers the phone offers for a live waiting code (one of them is the match code). */
  choicesOf(ticket: string): string[] | undefined {
    return this.status(ticket) === 'waiting' ? this.scans.get(ticket)?.choices : undefined
  }

  /**
   * The phone's answer; only a waiting, live code can be confirmed or cancelled. A confirmation
   * with the wrong number cancels the code: whoever scanned does not see the screen it signs in.
   */
  decide(
    ticket: string,
    decision: 'confirmed' | 'cancelled',
    member?: string,
    pickedCode?: string,
  ): ScanStatus {
    const scan = this.scans.get(ticket)
    if (!scan || this.status(ticket) !== 'waiting') return this.status(ticket)
    scan.status = decision === 'confirmed' && pickedCode !== scan.matchCode ? 'cancelled' : decision
    scan.member = member
    return decision
  }

  /** A confirmed scan once (then the ticket is gone): its member and the app's state. */
  redeem(ticket: string): { member: string; state: string } | undefined {
    const scan = this.scans.get(ticket)
    if (scan?.status !== 'confirmed' || !scan.member || scan.expiresAt <= this.now()) return undefined
    this.scans.delete(ticket)
    return { member: scan.member, state: scan.state }
  }

  clear(): void {
    this.scans.clear()
  }
}

/** One store per sandbox, shared by its region servers (the phone page may be on any of them). */
export const wecomScansOf = perWorld((now) => new WeComScans(now))

/** The match code and two other two-digit numbers, shuffled (Fisher–Yates). */
function numberChoices(matchCode: string): string[] {
  const numbers = new Set([matchCode])
  while (numbers.size < 3) numbers.add(String(randomInt(10, 100)))
  const choices = [...numbers]
  for (let index = choices.length - 1; index > 0; index--) {
    const other = randomInt(0, index + 1)
    ;[choices[index], choices[other]] = [choices[other] as string, choices[index] as string]
  }
  return choices
}
