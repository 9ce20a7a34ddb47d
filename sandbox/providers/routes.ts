import type { FastifyInstance } from 'fastify'
import type { SandboxWorld } from '../world.ts'
import { ProviderGrants } from './grants.ts'
import { escapeHtml, hiddenInputs, providerPage, stringFields } from './page.ts'
import { perWorld } from './per-world.ts'
import { findProvider } from './registry.ts'
import type { AuthorizeRequest, IdentityPrompt, SandboxProvider } from './types.ts'

/** The one grant store of a sandbox, shared by its region servers (a code may be redeemed anywhere). */
export const grantsOf = perWorld((now) => new ProviderGrants(now))

/** The redirect URI must be an absolute http(s) URL: the sandbox sends nobody to javascript: URLs. */
function readAuthorizeRequest(fields: Record<string, string>): AuthorizeRequest | undefined {
  const { redirect_uri: redirectUri, state, identity: _identity, decision: _decision, ...extra } = fields
  if (!redirectUri || !state) return undefined
  try {
    const url = new URL(redirectUri)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  } catch {
    return undefined
  }
  return { redirectUri, state, extra }
}

function page(provider: SandboxProvider, prompt: IdentityPrompt, request: AuthorizeRequest): string {
  return providerPage(
    provider.title,
    `<p>This page stands in for the provider's sign-in. Approving sends you back to the app with the provider's parameters.</p>
<form method="post">${hiddenInputs({ redirect_uri: request.redirectUri, state: request.state, ...request.extra })}
<label for="identity">${escapeHtml(prompt.label)}</label>
<input id="identity" name="identity" type="email" value="${escapeHtml(prompt.defaultIdentity)}" required>
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="decline">Decline</button>
</form>`,
  )
}

/**
 * `GET /__sandbox/idp/:id/authorize?redirect_uri&state&…` shows the provider's identity page;
 * its form POSTs back here and the user is redirected (303) to `redirect_uri` with the provider's
 * parameters, the app's `state` included unchanged.
 */
export async function identityProviderRoutes(app: FastifyInstance, options: { world: SandboxWorld }) {
  const grants = grantsOf(options.world)
  const route = '/__sandbox/idp/:id/authorize'
  const identityProvider = (id: string) => {
    const provider = findProvider(id)
    return provider?.identity ? { provider, prompt: provider.identity } : undefined
  }

  app.get(route, async (request, reply) => {
    const found = identityProvider((request.params as { id: string }).id)
    if (!found) return reply.code(404).type('text/plain').send('No such sandbox provider')
    const authorize = readAuthorizeRequest(stringFields(request.query))
    if (!authorize)
      return reply.code(400).type('text/plain').send('redirect_uri (http/https) and state are required')
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(page(found.provider, found.prompt, authorize))
  })

  app.post(route, async (request, reply) => {
    const found = identityProvider((request.params as { id: string }).id)
    if (!found) return reply.code(404).type('text/plain').send('No such sandbox provider')
    const fields = stringFields(request.body)
    const authorize = readAuthorizeRequest(fields)
    if (!authorize)
      return reply.code(400).type('text/plain').send('redirect_uri (http/https) and state are required')
    const identity = (fields.identity ?? '').trim().toLowerCase()
    const params =
      fields.decision === 'approve' && identity
        ? found.prompt.approve(authorize, identity, { world: options.world, grants })
        : found.prompt.decline(authorize)
    const target = new URL(authorize.redirectUri)
    for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value)
    return reply.code(303).header('Location', target.toString()).send()
  })
}
