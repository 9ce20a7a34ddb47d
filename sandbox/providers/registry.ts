import { microsoft } from './sso-microsoft.ts'
import { saml } from './sso-saml.ts'
import type { SandboxProvider } from './sso-types.ts'

/** Every provider the sandbox plays; channel providers join this list. */
export const SANDBOX_PROVIDERS: readonly SandboxProvider[] = [microsoft, saml]

export function findProvider(id: string): SandboxProvider | undefined {
  return SANDBOX_PROVIDERS.find((provider) => provider.id === id)
}

/** Path of a provider's authorize page on any region server of the sandbox. */
export function authorizePath(id: string): string {
  return `/__sandbox/idp/${encodeURIComponent(id)}/authorize`
}
