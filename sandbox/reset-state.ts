import { randomBytes, randomInt } from 'node:crypto'
import type { SandboxWorld } from './world.ts'

/** Spec §9: at most 5 password resets per 24 hours, a resend after one minute. */
export const RESET_LIMIT = { perDay: 5, windowMs: 24 * 60 * 60_000, resendWaitMs: 60_000 } as const
/** A texted reset code lives 5 minutes (as the e-mailed sign-in code, spec §9) and allows 5 wrong tries. */
export const RESET_CODE = { ttlMs: 5 * 60_000, maxWrongTries: 5 } as const
/** An e-mailed reset link lives 10 minutes, as the verification link of spec §9 (ADR 0035). */
export const RESET_LINK_TTL_MS = 10 * 60_000
/** Bound on remembered addresses, so a flood of unknown ones cannot grow the sandbox without end. */
const MAX_TRACKED = 10_000

export interface PendingCode {
  code: string
  expiresAt: number
  wrongTries: number
  /** Set once checkFindPwd accepted it; setServiceNewPwd then needs the same code. */
  verified: boolean
  /** The account it was sent to; null for an unknown number (nothing was sent, nobody knows the code). */
  email: string | null
}

export interface ResetLink {
  email: string
  expiresAt: number
  /** A change with this link is running: a concurrent one is refused as expired. */
  inUse?: boolean
}

/**
 * What the reset slice remembers, shared by every region server of one world: send times per
 * requester (for 700631 and 700605), live texted codes per phone, live e-mailed links per id.
 * Unknown addresses are tracked exactly like known ones, so answers never tell them apart.
 */
export class ResetState {
  readonly sends = new Map<string, number[]>()
  readonly codes = new Map<string, PendingCode>()
  readonly links = new Map<string, ResetLink>()

  clear(): void {
    this.sends.clear()
    this.codes.clear()
    this.links.clear()
  }

  /** `tooSoon` within a minute of the last send, `limit` after 5 in 24 h, else records this one. */
  admitSend(requester: string, now: number): 'ok' | 'tooSoon' | 'limit' {
    const recent = (this.sends.get(requester) ?? []).filter((at) => now - at < RESET_LIMIT.windowMs)
    const last = recent.at(-1)
    if (last !== undefined && now - last < RESET_LIMIT.resendWaitMs) return 'tooSoon'
    if (recent.length >= RESET_LIMIT.perDay) return 'limit'
    recent.push(now)
    bounded(this.sends).set(requester, recent)
    return 'ok'
  }

  issueCode(phoneKey: string, email: string | null, now: number): string {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    bounded(this.codes).set(phoneKey, {
      code,
      expiresAt: now + RESET_CODE.ttlMs,
      wrongTries: 0,
      verified: false,
      email,
    })
    return code
  }

  /** A live code for the phone, or undefined (none sent, expired or worn out by wrong tries). */
  liveCode(phoneKey: string, now: number): PendingCode | undefined {
    const pending = this.codes.get(phoneKey)
    if (!pending) return undefined
    if (now >= pending.expiresAt || pending.wrongTries >= RESET_CODE.maxWrongTries) {
      this.codes.delete(phoneKey)
      return undefined
    }
    return pending
  }

  /** A new link replaces the account's earlier ones: only the latest e-mail works. */
  issueLink(email: string, now: number): string {
    for (const [id, link] of this.links) if (link.email === email) this.links.delete(id)
    const id = randomBytes(24).toString('base64url')
    bounded(this.links).set(id, { email, expiresAt: now + RESET_LINK_TTL_MS })
    return id
  }

  liveLink(id: string, now: number): ResetLink | undefined {
    const link = this.links.get(id)
    if (!link) return undefined
    if (now >= link.expiresAt) {
      this.links.delete(id)
      return undefined
    }
    return link
  }

  /** After a reset: nothing sent earlier may set the password again. */
  forgetAccount(email: string): void {
    for (const [id, link] of this.links) if (link.email === email) this.links.delete(id)
    for (const [key, pending] of this.codes) if (pending.email === email) this.codes.delete(key)
  }
}

function bounded<K, V>(map: Map<K, V>): Map<K, V> {
  if (map.size >= MAX_TRACKED) {
    const oldest = map.keys().next()
    if (!oldest.done) map.delete(oldest.value)
  }
  return map
}

const states = new WeakMap<SandboxWorld, ResetState>()

/** The reset state of a world, cleared with the world's fixtures. */
export function resetStateOf(world: SandboxWorld): ResetState {
  let state = states.get(world)
  if (!state) {
    const created = new ResetState()
    world.onReset(() => created.clear())
    states.set(world, created)
    state = created
  }
  return state
}
