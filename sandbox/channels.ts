import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { RegionId } from '../shared/regions.ts'
import { answer, bearerOf, fieldsOf, text } from './http.ts'
import type { MessageId } from './messages.ts'
import type { SandboxWorld } from './world.ts'

interface ChannelRouteOptions {
  region: RegionId
  world: SandboxWorld
  /** Where the simulated providers live (this server's base URL). */
  baseUrl: () => string
}

/**
 * Fixtures (docs/sandbox.md "Channel authorization"): the value a simulated provider returns
 * (Salesforce domain, Shopify/TikTok payload, Lazada code) decides the answer. A value containing
 * `failure`, `not-allowed` or `error` gives that outcome; anything else succeeds.
 */
export type FixtureOutcome = 'success' | 'failure' | 'not_allowed' | 'error'

export function fixtureOutcome(value: string): FixtureOutcome {
  if (value.includes('not-allowed')) return 'not_allowed'
  if (value.includes('failure')) return 'failure'
  if (value.includes('error')) return 'error'
  return 'success'
}

/** The upstream codes of one channel per fixture outcome; a channel without a code of its own errors. */
function answerFor(
  channel: 'salesforce' | 'shopify' | 'tikTok' | 'lazada' | 'xiaohongshu',
  outcome: FixtureOutcome,
): MessageId {
  if (outcome === 'success') return 'success'
  if (outcome === 'failure' && channel === 'salesforce') return 'salesforceFailure'
  if (outcome === 'not_allowed' && channel === 'shopify') return 'shopifyNotAllowed'
  if (outcome === 'not_allowed' && channel === 'tikTok') return 'tikTokNotAllowed'
  return 'channelUnavailable'
}

/**
 * The channel-authorization calls of spec §7. Every one needs the agent's bearer token: a channel
 * is connected to a signed-in account (§6: the channel gets read access to it).
 */
export async function channelRoutes(app: FastifyInstance, options: ChannelRouteOptions): Promise<void> {
  const { region, world } = options

  function signedIn(request: FastifyRequest): boolean {
    return world.resolveToken(bearerOf(request), region) !== undefined
  }

  function settle(
    request: FastifyRequest,
    channel: Parameters<typeof answerFor>[0],
    field: string,
    item: Record<string, unknown> = {},
  ) {
    if (!signedIn(request)) return answer(request, 'tokenInvalid')
    const value = text(fieldsOf(request), field)
    if (!value) return answer(request, 'badRequest')
    const id = answerFor(channel, fixtureOutcome(value))
    return answer(request, id, id === 'success' ? { item } : {})
  }

  app.post('/basic-channel-service/salesforce/getAgentEnv', async (request) => {
    const token = world.resolveToken(bearerOf(request), region)
    if (!token) return answer(request, 'tokenInvalid')
    return answer(request, 'success', { item: { env: token.environment, email: token.email } })
  })

  // `{product}Auth`: salesforceAuth is the product the spec names; the domain decides the fixture.
  app.post<{ Params: { product: string } }>('/basic-channel-service/:product', async (request, reply) => {
    const product = request.params.product
    if (product !== 'salesforceAuth') return reply.code(404).send(answer(request, 'notFound'))
    return settle(request, 'salesforce', 'domain')
  })

  app.post('/chat-third/shopify/insertShopifyChannel', async (request) =>
    settle(request, 'shopify', 'payload', { channelType: 35 }),
  )

  app.post('/chat-tiktok/tikTokAuth/checkProducts', async (request) => settle(request, 'tikTok', 'payload'))

  app.post('/channel-server/tiktok/auth-save', async (request) =>
    settle(request, 'tikTok', 'payload', { channelType: 38 }),
  )

  app.post('/channel-server/lazada/auth', async (request) => settle(request, 'lazada', 'code'))

  // Rednote gives no parameters back: the auth-url answer is where the user goes, and the fixture
  // outcome rides on that URL so the simulated provider can return it.
  app.post('/channel-server/rednote/spotlight/auth-url', async (request) => {
    if (!signedIn(request)) return answer(request, 'tokenInvalid')
    const fields = fieldsOf(request)
    const redirect = text(fields, 'redirectUri')
    const state = text(fields, 'state')
    if (!redirect) return answer(request, 'badRequest')
    const url = new URL('/__sandbox/providers/xiaohongshu', options.baseUrl())
    url.searchParams.set('redirect_uri', redirect)
    if (state) url.searchParams.set('state', state)
    return answer(request, 'success', { item: { url: url.toString() } })
  })
}
