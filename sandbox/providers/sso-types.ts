import type { SandboxWorld } from '../world.ts'
import type { ProviderGrants } from './grants.ts'

/** What the simulated provider's page received when the app sent the user to it. */
export interface AuthorizeRequest {
  /** Where the provider sends the user back (the app's return address, or the upstream's). */
  redirectUri: string
  /** The app's single-use state (server/connect-state.server.ts); always handed back unchanged. */
  state: string
  /** Every other query parameter the app sent (client_id, config ids, shop names...). */
  extra: Record<string, string>
}

export interface ProviderContext {
  world: SandboxWorld
  grants: ProviderGrants
}

/**
 * One identity or channel provider the sandbox plays: a page where the "user" approves or
 * declines, then a redirect back with exactly the parameters the real provider sends.
 * Add a provider by writing one module that exports such an object and listing it in registry.ts.
 */
export interface SandboxProvider {
  /** URL segment and `provider` query value: microsoft, saml, salesforce... */
  readonly id: string
  /** Shown as the page heading, e.g. "Microsoft (sandbox)". */
  readonly title: string
  /** Label of the one input of the page: whom the user signs in as at the provider. */
  readonly identityLabel: string
  /** Pre-filled identity (a documented fixture). */
  readonly defaultIdentity: string
  /** The query parameters sent back when the user approves as `identity`. */
  approve(request: AuthorizeRequest, identity: string, context: ProviderContext): Record<string, string>
  /** The query parameters sent back when the user declines. */
  decline(request: AuthorizeRequest): Record<string, string>
}
