import { randomBytes } from 'node:crypto'
import type { SignUpDetailsView } from '../shared/api/sign-up-flow.ts'
import type { RegionId } from '../shared/regions.ts'

/** A verification link works this long, once (spec §4, §9). */
export const VERIFY_LINK_TTL_MS = 10 * 60_000
/** Verification e-mails per address and 24 hours (spec §9), and the wait between two. */
export const VERIFY_EMAILS_PER_DAY = 10
export const RESEND_WAIT_MS = 60_000
const DAY_MS = 24 * 60 * 60_000

/** The account-setup fields: the upstream keeps what the page can show again (the same shape). */
export type SignUpDetails = SignUpDetailsView

/** A registration between its first step and its finish. */
export interface PendingSignUp {
  email: string
  passwordHash: string
  region: RegionId
  /** `registerSgH5`: the one-page phone sign-up (no separate setup step). */
  mobile: boolean
  verified: boolean
  details?: SignUpDetails
  questionnaire?: Record<string, unknown>
  /** Verification e-mails sent (ms), the last 24 hours count. */
  sends: number[]
  links: Map<string, { expiresAt: number; used: boolean }>
}

/** Registrations in progress, shared by the region servers, cleared by the sandbox reset. */
export class SignUpState {
  readonly pending = new Map<string, PendingSignUp>()

  sendsInLastDay(signUp: PendingSignUp, now: number): number[] {
    signUp.sends = signUp.sends.filter((at) => now - at < DAY_MS)
    return signUp.sends
  }

  /** When the oldest of the counted sends leaves the 24-hour window. */
  limitFreesAt(signUp: PendingSignUp, now: number): number {
    return (this.sendsInLastDay(signUp, now)[0] ?? now) + DAY_MS
  }

  issueLink(signUp: PendingSignUp, now: number): string {
    const id = randomBytes(24).toString('base64url')
    signUp.links.set(id, { expiresAt: now + VERIFY_LINK_TTL_MS, used: false })
    signUp.sends.push(now)
    return id
  }

  /**
   * The registration a live, unused link belongs to, in `region`; the link is used up by this
   * call. Another region's link is unknown here (and stays unused).
   */
  useLink(id: string, now: number, region: RegionId): PendingSignUp | undefined {
    for (const signUp of this.pending.values()) {
      const link = signUp.links.get(id)
      if (!link || signUp.region !== region) continue
      if (link.used || link.expiresAt <= now) return undefined
      link.used = true
      return signUp
    }
    return undefined
  }

  clear(): void {
    this.pending.clear()
  }
}
