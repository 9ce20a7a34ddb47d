import { randomBytes } from 'node:crypto'
import { perWorld } from './per-world.ts'

/** How long a WeCom QR code can be scanned (the real one lasts a few minutes). */
export const WECOM_QR_TTL_MS = 2 * 60_000

export type ScanStatus = 'waiting' | 'confirmed' | 'cancelled' | 'expired'

interface Scan {
  /** The app's single-use state, handed back with the confirmation (security.md #12). */
  state: string
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

  issue(state: string): { ticket: string; expiresAt: number } {
    const now = this.now()
    for (const [key, scan] of this.scans) if (scan.expiresAt <= now) this.scans.delete(key)
    const ticket = `wecom-${randomBytes(18).toString('base64url')}`
    const expiresAt = now + WECOM_QR_TTL_MS
    this.scans.set(ticket, { state, expiresAt, status: 'waiting' })
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

  /** The phone's answer; only a waiting, live code can be confirmed or cancelled. */
  decide(ticket: string, decision: 'confirmed' | 'cancelled', member?: string): ScanStatus {
    const scan = this.scans.get(ticket)
    if (!scan || this.status(ticket) !== 'waiting') return this.status(ticket)
    scan.status = decision
    scan.member = member
    return decision
  }

  /** A confirmed scan once (then the ticket is gone): its member and the app's state. */
  redeem(ticket: string): { member: string; state: string } | undefined {
    const scan = this.scans.get(ticket)
    if (!scan || scan.status !== 'confirmed' || !scan.member || scan.expiresAt <= this.now()) return undefined
    this.scans.delete(ticket)
    return { member: scan.member, state: scan.state }
  }

  clear(): void {
    this.scans.clear()
  }
}

/** One store per sandbox, shared by its region servers (the phone page may be on any of them). */
export const wecomScansOf = perWorld((now) => new WeComScans(now))
