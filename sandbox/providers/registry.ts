import { lazada, salesforce, shopify, tikTok } from './channel.ts'
import { microsoft } from './microsoft.ts'
import { saml } from './saml.ts'
import type { SandboxProvider } from './types.ts'
import { xiaohongshu } from './xiaohongshu.ts'

/** Every provider the sandbox plays, sign-in and channel alike (WeCom's scan: sso-wecom.ts). */
export const SANDBOX_PROVIDERS = [microsoft, saml, salesforce, shopify, tikTok, xiaohongshu, lazada] as const

export function findProvider(id: string): SandboxProvider | undefined {
  return SANDBOX_PROVIDERS.find((provider) => provider.id === id)
}

/** Path of a provider's identity page (`identity`) on any region server of the sandbox. */
export function authorizePath(id: string): string {
  return `/__sandbox/idp/${encodeURIComponent(id)}/authorize`
}
