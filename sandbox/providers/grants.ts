import { randomBytes } from 'node:crypto'

/** How long a provider's code may wait before the app redeems it (real providers: minutes). */
export const GRANT_TTL_MS = 5 * 60_000

interface Grant {
  provider: string
  identity: string
  /** Provider-specific facts bound to the grant (e.g. the SAML configuration id). */
  facts: Record<string, string>
  expiresAt: number
}

/**
 * Codes the simulated providers hand out: single use, time-limited on the sandbox clock, bound to
 * the provider that issued them, so the upstream stand-ins can check them like real ones do.
 */
export class ProviderGrants {
  private readonly grants = new Map<string, Grant>()
  private readonly now: () => number

  constructor(now: () => number) {
    this.now = now
  }

  issue(provider: string, identity: string, facts: Record<string, string> = {}): string {
    const code = `${provider}-${randomBytes(18).toString('base64url')}`
    const now = this.now()
    for (const [key, grant] of this.grants) if (grant.expiresAt <= now) this.grants.delete(key)
    this.grants.set(code, { provider, identity, facts, expiresAt: now + GRANT_TTL_MS })
    return code
  }

  /** The grant of `code` once, if `provider` issued it and it has not expired. */
  redeem(provider: string, code: string): { identity: string; facts: Record<string, string> } | undefined {
    const grant = this.grants.get(code)
    if (!grant) return undefined
    this.grants.delete(code)
    if (grant.provider !== provider || grant.expiresAt <= this.now()) return undefined
    return { identity: grant.identity, facts: grant.facts }
  }

  clear(): void {
    this.grants.clear()
  }
}
