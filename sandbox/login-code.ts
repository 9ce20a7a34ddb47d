import { randomInt } from 'node:crypto'

/** Spec §9: a login-code e-mail carries 6 digits, valid 5 minutes; a new one after a minute. */
export const LOGIN_CODE = {
  ttlMs: 5 * 60_000,
  resendWaitMs: 60_000,
  /** How long after the password was verified a new code may be asked for without it. */
  challengeMs: 30 * 60_000,
  /** Wrong codes after which the code is spent and a new one must be asked for. */
  maxWrongTries: 5,
} as const

interface Challenge {
  code: string
  sentAt: number
  expiresAt: number
  /** Until when `sendEmailRandomCode` may send a new code (the password was right). */
  challengeUntil: number
  wrongTries: number
}

export type CodeCheck = 'ok' | 'missing' | 'wrong' | 'expired'

/**
 * The e-mailed sign-in codes of accounts whose company requires them (`account/sendVerifyCode`
 * after the password, `sendEmailRandomCode` to resend, `account/consoleLogin` with `code`).
 */
export class LoginCodeStore {
  readonly #challenges = new Map<string, Challenge>()
  readonly #now: () => number

  constructor(now: () => number) {
    this.#now = now
  }

  /** A new code for an account whose password was just verified. */
  start(email: string): string {
    const now = this.#now()
    const code = newCode()
    this.#challenges.set(email, {
      code,
      sentAt: now,
      expiresAt: now + LOGIN_CODE.ttlMs,
      challengeUntil: now + LOGIN_CODE.challengeMs,
      wrongTries: 0,
    })
    return code
  }

  /** A resend: `tooSoon` within the minute, `noChallenge` without a recent right password. */
  resend(email: string): { code: string } | 'tooSoon' | 'noChallenge' {
    const now = this.#now()
    const challenge = this.#challenges.get(email)
    if (!challenge || now >= challenge.challengeUntil) return 'noChallenge'
    if (now - challenge.sentAt < LOGIN_CODE.resendWaitMs) return 'tooSoon'
    const code = newCode()
    Object.assign(challenge, { code, sentAt: now, expiresAt: now + LOGIN_CODE.ttlMs, wrongTries: 0 })
    return { code }
  }

  /** Checks a code; a right one is spent, so it signs in once. */
  check(email: string, code: string): CodeCheck {
    if (!code) return 'missing'
    const challenge = this.#challenges.get(email)
    if (!challenge || this.#now() >= challenge.expiresAt) return 'expired'
    if (challenge.wrongTries >= LOGIN_CODE.maxWrongTries) return 'expired'
    if (challenge.code !== code) {
      challenge.wrongTries++
      return 'wrong'
    }
    this.#challenges.delete(email)
    return 'ok'
  }

  clear(): void {
    this.#challenges.clear()
  }
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}
