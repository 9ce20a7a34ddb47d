import type { FastifyInstance } from 'fastify'
import type { SandboxWorld } from '../world.ts'
import { ProviderGrants } from './grants.ts'
import { findProvider } from './registry.ts'
import type { AuthorizeRequest, SandboxProvider } from './sso-types.ts'

const grantsByWorld = new WeakMap<SandboxWorld, ProviderGrants>()

/** The one grant store of a sandbox, shared by its region servers (a code may be redeemed anywhere). */
export function grantsOf(world: SandboxWorld): ProviderGrants {
  let grants = grantsByWorld.get(world)
  if (!grants) {
    const created = new ProviderGrants(() => world.now())
    world.onReset(() => created.clear())
    grantsByWorld.set(world, created)
    grants = created
  }
  return grants
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

function asStrings(source: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (typeof source !== 'object' || source === null) return out
  for (const [key, value] of Object.entries(source)) if (typeof value === 'string') out[key] = value
  return out
}

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

function page(provider: SandboxProvider, request: AuthorizeRequest): string {
  const hidden = Object.entries({ redirect_uri: request.redirectUri, state: request.state, ...request.extra })
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('')
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(provider.title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}label,input{display:block;width:100%;box-sizing:border-box}input{padding:.5rem;margin:.25rem 0 1rem}button{padding:.5rem 1rem;margin-right:.5rem}</style>
<h1>${escapeHtml(provider.title)}</h1>
<p>This page stands in for the provider's sign-in. Approving sends you back to the app with the provider's parameters.</p>
<form method="post">${hidden}
<label for="identity">${escapeHtml(provider.identityLabel)}</label>
<input id="identity" name="identity" type="email" value="${escapeHtml(provider.defaultIdentity)}" required>
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="decline">Decline</button>
</form></html>`
}

/**
 * `GET /__sandbox/idp/:id/authorize?redirect_uri&state&…` shows the provider's page;
 * its form POSTs back here and the user is redirected (303) to `redirect_uri` with the provider's
 * parameters, the app's `state` included unchanged.
 */
export async function providerRoutes(app: FastifyInstance, options: { world: SandboxWorld }) {
  const grants = grantsOf(options.world)
  const route = '/__sandbox/idp/:id/authorize'

  app.get(route, async (request, reply) => {
    const provider = findProvider((request.params as { id: string }).id)
    if (!provider) return reply.code(404).type('text/plain').send('No such sandbox provider')
    const authorize = readAuthorizeRequest(asStrings(request.query))
    if (!authorize)
      return reply.code(400).type('text/plain').send('redirect_uri (http/https) and state are required')
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(page(provider, authorize))
  })

  app.post(route, async (request, reply) => {
    const provider = findProvider((request.params as { id: string }).id)
    if (!provider) return reply.code(404).type('text/plain').send('No such sandbox provider')
    const fields = asStrings(request.body)
    const authorize = readAuthorizeRequest(fields)
    if (!authorize)
      return reply.code(400).type('text/plain').send('redirect_uri (http/https) and state are required')
    const identity = (fields.identity ?? '').trim().toLowerCase()
    const params =
      fields.decision === 'approve' && identity
        ? provider.approve(authorize, identity, { world: options.world, grants })
        : provider.decline(authorize)
    const target = new URL(authorize.redirectUri)
    for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value)
    return reply.code(303).header('Location', target.toString()).send()
  })
}
