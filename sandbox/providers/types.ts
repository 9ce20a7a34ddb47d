import type { SandboxWorld } from '../world.ts'
import type { ProviderGrants } from './grants.ts'

/** One button of a simulated provider page: the parameters it sends back to the app. */
export interface ProviderChoice {
  id: string
  label: string
  /** Query parameters of the return besides `provider` and `state`. */
  params: Record<string, string>
}

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

/** A provider page where the user says whom they are and approves or declines (enterprise sign-in). */
export interface IdentityPrompt {
  /** Label of the one input of the page: whom the user signs in as at the provider. */
  readonly label: string
  /** Pre-filled identity (a documented fixture). */
  readonly defaultIdentity: string
  /** The query parameters sent back when the user approves as `identity` (a single-use code). */
  approve(request: AuthorizeRequest, identity: string, context: ProviderContext): Record<string, string>
  /** The query parameters sent back when the user declines. */
  decline(request: AuthorizeRequest): Record<string, string>
}

/**
 * One identity or channel provider the sandbox plays (docs/sandbox.md "Simulated providers"):
 * one module per provider, listed in registry.ts. A provider offers either or both ways in:
 * - `choices`: fixed outcomes as links (`/__sandbox/providers/:id`, the external app's flows);
 * - `identity`: any identity, approved or declined, with single-use codes the upstream stand-in
 *   redeems (`/__sandbox/idp/:id/authorize`, the sign-in page's enterprise sign-in).
 * WeCom's scan is a third way (a phone page, sso-wecom.ts) on the same page frame (page.ts).
 */
export interface SandboxProvider {
  /** URL segment and `provider` query value: microsoft, saml, salesforce... */
  readonly id: string
  /** Shown as the page heading, e.g. "Microsoft (sandbox)". */
  readonly title: string
  /** What the choices page says it is pretending to do. */
  readonly prompt?: string
  readonly choices?: readonly ProviderChoice[]
  readonly identity?: IdentityPrompt
}
