import type { FastifyInstance } from 'fastify'
import { isProvider, type Provider } from '../../shared/external-login/query.ts'
import { lazada, salesforce, shopify, tikTok } from './channel.ts'
import { microsoft } from './microsoft.ts'
import { escapeHtml, providerPage } from './page.ts'
import { saml } from './saml.ts'
import type { ProviderChoice, SandboxProvider } from './types.ts'
import { xiaohongshu } from './xiaohongshu.ts'

type ChoicesProvider = SandboxProvider & { prompt: string; choices: readonly ProviderChoice[] }

/** The external app's providers (shared/external-login/query.ts): each must offer fixed choices. */
export const SIMULATED_PROVIDERS: Record<Provider, ChoicesProvider> = {
  microsoft,
  salesforce,
  shopify,
  saml,
  tikTok,
  xiaohongshu,
  lazada,
}

export const PROVIDERS_PATH = '/__sandbox/providers'

/** The return URL a choice leads to: redirect_uri plus `provider`, the choice's parameters and `state`. */
export function returnUrl(
  redirectUri: string,
  provider: Provider,
  params: Record<string, string>,
  state?: string,
) {
  const url = new URL(redirectUri)
  url.searchParams.set('provider', provider)
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
  if (state) url.searchParams.set('state', state)
  return url.toString()
}

/**
 * `GET /__sandbox/providers/:provider?redirect_uri=…&state=…`: a small page that plays the provider.
 * Each choice is a link back to the app with that provider's parameters (docs/sandbox.md lists them).
 */
export async function providerRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>(
    `${PROVIDERS_PATH}/:provider`,
    async (request, reply) => {
      const { provider } = request.params
      const redirectUri = typeof request.query.redirect_uri === 'string' ? request.query.redirect_uri : ''
      const state = typeof request.query.state === 'string' ? request.query.state : undefined
      // Only web addresses: the sandbox must not become a javascript: or data: launcher.
      if (!isProvider(provider) || !/^https?:\/\//.test(redirectUri)) {
        return reply.code(400).type('text/plain').send('Unknown provider or redirect_uri missing')
      }
      const simulated = SIMULATED_PROVIDERS[provider]
      const items = simulated.choices
        .map(
          (choice) =>
            `<li><a data-choice="${escapeHtml(choice.id)}" href="${escapeHtml(
              returnUrl(redirectUri, provider, choice.params, state),
            )}">${escapeHtml(choice.label)}</a></li>`,
        )
        .join('')
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(providerPage(simulated.title, `<p>${escapeHtml(simulated.prompt)}</p><ul>${items}</ul>`))
    },
  )
}
