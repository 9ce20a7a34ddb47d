import { randomBytes, randomInt } from 'node:crypto'

/** How long a challenge may be answered, and how long a solved captcha's token stays usable. */
export const CAPTCHA_CHALLENGE_TTL_MS = 5 * 60_000
export const CAPTCHA_TOKEN_TTL_MS = 2 * 60_000
const MAX_LIVE = 10_000
/** What GeeTest v4's `getValidate()` hands the page, forwarded through checkSgGeetestInfo. */
export const PROVIDER_RESULT_FIELDS = ['lot_number', 'captcha_output', 'pass_token', 'gen_time'] as const

export interface CaptchaChallenge {
  challengeId: string
  /** Two small numbers to add: readable by a screen reader, typed with any keyboard, offline. */
  a: number
  b: number
  expiresAt: number
}

/**
 * The sandbox's stand-in for the captcha provider behind initSgGeetestInfo/checkSgGeetestInfo: a
 * challenge, an answer, and a single-use token that the call needing a captcha consumes.
 */
export class CaptchaStore {
  readonly #challenges = new Map<string, CaptchaChallenge>()
  readonly #tokens = new Map<string, number>()
  readonly #now: () => number

  constructor(now: () => number) {
    this.#now = now
  }

  issue(): CaptchaChallenge {
    this.#sweep()
    const challenge = {
      challengeId: randomBytes(16).toString('base64url'),
      a: randomInt(2, 10),
      b: randomInt(2, 10),
      expiresAt: this.#now() + CAPTCHA_CHALLENGE_TTL_MS,
    }
    this.#challenges.set(challenge.challengeId, challenge)
    return challenge
  }

  /** A token for a right answer; the challenge is used up either way (no guessing in a loop). */
  check(challengeId: string, answer: string): string | undefined {
    const challenge = this.#challenges.get(challengeId)
    this.#challenges.delete(challengeId)
    if (!challenge || challenge.expiresAt <= this.#now()) return undefined
    if (answer.trim() !== String(challenge.a + challenge.b)) return undefined
    return this.#mint()
  }

  /**
   * A token for a provider's result (GeeTest v4's lot_number, captcha_output, pass_token, gen_time)
   * given for a live challenge. The real upstream asks the provider whether the result is genuine;
   * the sandbox has no provider to ask, so any complete result passes once per challenge (ADR 0027).
   */
  checkProviderResult(challengeId: string, result: Record<string, string>): string | undefined {
    const challenge = this.#challenges.get(challengeId)
    this.#challenges.delete(challengeId)
    if (!challenge || challenge.expiresAt <= this.#now()) return undefined
    if (!PROVIDER_RESULT_FIELDS.every((field) => result[field])) return undefined
    return this.#mint()
  }

  #mint(): string {
    const token = `cpt_${randomBytes(18).toString('base64url')}`
    this.#tokens.set(token, this.#now() + CAPTCHA_TOKEN_TTL_MS)
    return token
  }

  /** True once per solved captcha, within its lifetime. */
  consume(token: string): boolean {
    const expiresAt = this.#tokens.get(token)
    this.#tokens.delete(token)
    return expiresAt !== undefined && expiresAt > this.#now()
  }

  clear(): void {
    this.#challenges.clear()
    this.#tokens.clear()
  }

  #sweep(): void {
    if (this.#challenges.size + this.#tokens.size < MAX_LIVE) return
    const now = this.#now()
    for (const [id, challenge] of this.#challenges)
      if (challenge.expiresAt <= now) this.#challenges.delete(id)
    for (const [token, expiresAt] of this.#tokens) if (expiresAt <= now) this.#tokens.delete(token)
  }
}
