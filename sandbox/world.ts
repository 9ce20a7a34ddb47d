import { randomBytes } from 'node:crypto'
import type { EnvironmentName, RegionId } from '../shared/regions.ts'
import { ENVIRONMENT_NAMES } from '../shared/regions.ts'
import { CaptchaStore } from './captcha.ts'
import { FIXTURE_ACCOUNTS, type FixtureAccount, type SsoSettings } from './fixtures.ts'
import { LoginCodeStore } from './login-code.ts'
import { Outbox } from './outbox.ts'
import { hashPassword } from './passwords.ts'
import { SignUpState } from './sign-up-state.ts'

/** Which region server hosts each environment (sg-k8s and sg-grey share the sg server). */
export const ENVIRONMENT_REGIONS: Readonly<Record<EnvironmentName, RegionId>> = {
  'sg-k8s': 'sg',
  'sg-grey': 'sg',
  'us-k8s': 'us',
  hk: 'hk',
  'ten-test': 'ten',
  ten: 'ten',
}

/** Wrong passwords that lock an account, the window they must fall in, and how long the lock lasts. */
export const LOCKOUT = { threshold: 5, windowMs: 15 * 60_000, durationMs: 15 * 60_000 } as const
/** Lifetime of a sign-in token (the `expiresIn` of serviceLoginNew, in seconds). */
export const TOKEN_TTL_SECONDS = 2 * 60 * 60
/** Lifetime of the ticket in a consoleLogin URL. */
export const CONSOLE_TICKET_TTL_MS = 5 * 60_000
export const EMAIL_MAX_LENGTH = 320
const DAY_MS = 24 * 60 * 60_000
/** Spec §9: a password older than this gets the change reminder after sign-in (3 months). */
export const PASSWORD_AGE_REMINDER_MS = 90 * DAY_MS
/** Past this many stored tokens, expired ones are swept when a new one is issued. */
const MAX_LIVE_TOKENS = 10_000

export interface AccountRecord {
  email: string
  passwordHash: string
  firstName: string
  lastName: string
  company: string
  environments: EnvironmentName[]
  /** Timestamps (ms) of wrong passwords that still count. */
  failures: number[]
  lockedUntil: number | null
  /** `{ areaCode, number }` digits only; the phone-code reset finds the account by it. */
  phone: { areaCode: string; number: string } | null
  /** Set by basic-public/agent/updateAgentLanguage. */
  agentLanguage: 'en' | 'zh' | null
  /** Enterprise single sign-on of the account's company; none: passwords only. */
  sso: SsoSettings
  /** When the password was last set (sandbox clock, ms): the age reminder reads it (spec §9). */
  passwordChangedAt: number
  /**
   * A throwaway account's own captcha rule (`POST /__sandbox/accounts` `captchaAfter`): after this
   * many wrong passwords its sign-in needs a solved captcha. Fixtures take theirs from fixtures.ts.
   */
  captchaAfter?: number
}

export interface TokenRecord {
  token: string
  email: string
  environment: EnvironmentName
  region: RegionId
  issuedAt: number
  expiresAt: number
  /**
   * A temporary token of an SSO sign-in for an account in several environments: the chosen
   * environment's server may exchange it once (`tokens/getToken`, ADR 0051). Others stay in their region.
   */
  exchangeable?: boolean
}

export interface ConsoleTicket {
  email: string
  environment: EnvironmentName
  expiresAt: number
}

export interface SandboxDirectory {
  regions: Record<RegionId, { url: string }>
  environments: Record<EnvironmentName, { url: string; region: RegionId }>
}

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase()
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email)
}

function opaque(prefix: string): string {
  return `${prefix}${randomBytes(24).toString('base64url')}`
}

/**
 * Fixture hashes are computed once per process and per password: resets then cost nothing, and
 * the fixture accounts, which all share one published password, share its hash (one scrypt
 * instead of one per account: ≈ 0.6 s of CPU less for every process that starts a sandbox — each
 * tap file does). Accounts created later (sign-up, admin, reset) get a salt of their own.
 */
const fixtureHashes = new Map<string, Promise<string>>()

function fixtureHash(account: FixtureAccount): Promise<string> {
  let hash = fixtureHashes.get(account.password)
  if (!hash) {
    hash = hashPassword(account.password)
    fixtureHashes.set(account.password, hash)
  }
  return hash
}

async function fixtureRecord(fixture: FixtureAccount, resetAt: number): Promise<AccountRecord> {
  return {
    email: normaliseEmail(fixture.email),
    passwordHash: await fixtureHash(fixture),
    firstName: fixture.firstName,
    lastName: fixture.lastName,
    company: fixture.company,
    environments: [...fixture.environments],
    failures: [],
    lockedUntil: null,
    phone: fixture.phone ? { ...fixture.phone } : null,
    agentLanguage: null,
    sso: { ...fixture.sso },
    passwordChangedAt: resetAt - (fixture.passwordAgeDays ?? 0) * DAY_MS,
  }
}

/**
 * State shared by every region server of one sandbox: the account directory (an account may live
 * in environments of several regions), issued tokens and console tickets.
 */
export class SandboxWorld {
  readonly accounts = new Map<string, AccountRecord>()
  readonly tokens = new Map<string, TokenRecord>()
  readonly tickets = new Map<string, ConsoleTicket>()
  readonly outbox: Outbox
  /** Registrations between their first step and their finish (sandbox/sign-up.ts). */
  readonly signUps = new SignUpState()
  readonly captcha: CaptchaStore
  /** E-mailed sign-in codes (sandbox/login-code.ts). */
  readonly loginCodes: LoginCodeStore
  directory: SandboxDirectory | undefined
  /** Origin of the BFF that e-mailed links lead to (the outbox page links there). */
  linkOrigin: string | undefined
  private readonly resetListeners: Array<() => void> = []
  readonly #clock: () => number
  /** How far tests have moved the sandbox clock (POST /__sandbox/clock); a reset puts it back. */
  #offsetMs = 0

  /** The sandbox clock: lifetimes, limits and lockouts all read it, so tests move time instead of waiting. */
  readonly now = (): number => this.#clock() + this.#offsetMs

  constructor(now: () => number) {
    this.#clock = now
    this.outbox = new Outbox(() => this.now())
    this.captcha = new CaptchaStore(() => this.now())
    this.loginCodes = new LoginCodeStore(() => this.now())
  }

  advanceClock(ms: number): number {
    this.#offsetMs += ms
    return this.#offsetMs
  }

  onReset(listener: () => void): void {
    this.resetListeners.push(listener)
  }

  /** Restores the fixture accounts and forgets every token, ticket, fault and logged request. */
  async reset(): Promise<void> {
    this.#offsetMs = 0
    const resetAt = this.now()
    const records = await Promise.all(FIXTURE_ACCOUNTS.map((fixture) => fixtureRecord(fixture, resetAt)))
    this.accounts.clear()
    for (const record of records) this.accounts.set(record.email, record)
    this.tokens.clear()
    this.tickets.clear()
    this.outbox.clear()
    this.signUps.clear()
    this.captcha.clear()
    this.loginCodes.clear()
    this.#offsetMs = 0
    for (const listener of this.resetListeners) listener()
  }

  /**
   * Restores one fixture account (its password, wrong-password count and lock) and leaves
   * everything else alone: tests running side by side each reset only the account they use.
   */
  async resetAccount(email: string): Promise<boolean> {
    const fixture = FIXTURE_ACCOUNTS.find(
      (candidate) => normaliseEmail(candidate.email) === normaliseEmail(email),
    )
    if (!fixture) return false
    const record = await fixtureRecord(fixture, this.now())
    this.accounts.set(record.email, record)
    return true
  }

  findAccount(email: string): AccountRecord | undefined {
    return this.accounts.get(normaliseEmail(email))
  }

  /** The account whose phone number is `number` (digits; with `areaCode` when given). */
  findAccountByPhone(number: string, areaCode?: string): AccountRecord | undefined {
    for (const account of this.accounts.values()) {
      if (account.phone?.number === number && (!areaCode || account.phone.areaCode === areaCode))
        return account
    }
    return undefined
  }

  /** Ends the account's sessions (every token but `keep`): after a password reset or change. */
  revokeTokensOf(email: string, keep?: string): number {
    let revoked = 0
    for (const [token, record] of this.tokens) {
      if (record.email === email && token !== keep) {
        this.tokens.delete(token)
        revoked++
      }
    }
    return revoked
  }

  /** Drops expired failures and an expired lock; answers the current counter and lock. */
  lockState(account: AccountRecord): { wrongTimes: number; lockedUntil: number | null } {
    const now = this.now()
    if (account.lockedUntil !== null && now >= account.lockedUntil) {
      account.lockedUntil = null
      account.failures = []
    }
    if (account.lockedUntil === null) {
      account.failures = account.failures.filter((at) => now - at < LOCKOUT.windowMs)
    }
    return { wrongTimes: account.failures.length, lockedUntil: account.lockedUntil }
  }

  /** Counts a wrong password; answers the lock end when this one locked the account. */
  recordWrongPassword(account: AccountRecord): number | null {
    const now = this.now()
    this.lockState(account)
    account.failures.push(now)
    if (account.failures.length >= LOCKOUT.threshold) account.lockedUntil = now + LOCKOUT.durationMs
    return account.lockedUntil
  }

  recordSuccessfulLogin(account: AccountRecord): void {
    account.failures = []
    account.lockedUntil = null
  }

  /** The first environment (in spec order) the account lives in within a region. */
  environmentIn(account: AccountRecord, region: RegionId): EnvironmentName | undefined {
    return ENVIRONMENT_NAMES.find(
      (env) => ENVIRONMENT_REGIONS[env] === region && account.environments.includes(env),
    )
  }

  issueToken(
    email: string,
    environment: EnvironmentName,
    options: { exchangeable?: boolean } = {},
  ): TokenRecord {
    const issuedAt = this.now()
    if (this.tokens.size >= MAX_LIVE_TOKENS) {
      for (const [token, record] of this.tokens) if (issuedAt >= record.expiresAt) this.tokens.delete(token)
    }
    const record: TokenRecord = {
      token: opaque('sbx_'),
      email,
      environment,
      region: ENVIRONMENT_REGIONS[environment],
      issuedAt,
      expiresAt: issuedAt + TOKEN_TTL_SECONDS * 1000,
      ...(options.exchangeable ? { exchangeable: true } : {}),
    }
    this.tokens.set(record.token, record)
    return record
  }

  /** A live token of an existing account, issued by the given region; anything else is undefined. */
  resolveToken(token: string | undefined, region: RegionId): TokenRecord | undefined {
    if (!token) return undefined
    const record = this.tokens.get(token)
    if (!record) return undefined
    if (this.now() >= record.expiresAt || !this.accounts.has(record.email)) {
      this.tokens.delete(token)
      return undefined
    }
    return record.region === region ? record : undefined
  }

  /** A live exchangeable token (an SSO sign-in waiting for the picker), whichever region issued it. */
  resolveExchangeableToken(token: string | undefined): TokenRecord | undefined {
    const record = token ? this.tokens.get(token) : undefined
    return record?.exchangeable ? this.resolveToken(token, record.region) : undefined
  }

  issueConsoleTicket(token: TokenRecord): string {
    const ticket = opaque('sbxt_')
    this.tickets.set(ticket, {
      email: token.email,
      environment: token.environment,
      expiresAt: this.now() + CONSOLE_TICKET_TTL_MS,
    })
    return ticket
  }

  resolveConsoleTicket(ticket: string | undefined): ConsoleTicket | undefined {
    if (!ticket) return undefined
    const record = this.tickets.get(ticket)
    if (!record) return undefined
    if (this.now() >= record.expiresAt) {
      this.tickets.delete(ticket)
      return undefined
    }
    return record
  }
}
