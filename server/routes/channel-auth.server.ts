import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppConfig, Topology } from '../../config/index.ts'
import {
  CHANNEL_TYPES,
  type Channel,
  ChannelAuthError,
  channelOutcome,
  isChannel,
} from '../../shared/channels/outcome.ts'
import { type ApiEnvelope, envelope, isSuccess, SUCCESS_CODE } from '../../shared/envelope.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import { channelConsentSchema } from '../../shared/schemas/channel.ts'
import { spends } from '../plugins/external/rate-limit.ts'
import { checkApiRequest, varyOnCsrfHeaders } from './api/csrf.ts'
import {
  type ExternalLoginData,
  pendingExternalLogin,
  type UpstreamCaller,
  upstreamCaller,
} from './external-app.server.ts'

function send(reply: FastifyReply, status: number, body: ApiEnvelope) {
  return reply.code(status).type('application/json; charset=utf-8').send(body)
}

/**
 * The upstream calls of one channel's authorization (spec §7). The last answer decides the outcome;
 * a failed earlier step is that answer.
 */
async function authorize(
  call: UpstreamCaller,
  request: FastifyRequest,
  flow: ExternalLoginData & { provider: Channel },
) {
  const { params } = flow
  switch (flow.provider) {
    case 'salesforce': {
      const env = await call(request, 'salesforceAgentEnv', {})
      if (!isSuccess(env)) return env
      return call(request, 'channelAuth', { domain: params.domain, ...env.item }, { product: 'salesforce' })
    }
    case 'shopify':
      return call(request, 'insertShopifyChannel', {
        payload: params.payload,
        channelType: CHANNEL_TYPES.shopify,
      })
    case 'tikTok': {
      // Without a payload TikTok itself answered: its retCode and retMsg are the result.
      if (!params.payload) return envelope(params.retCode ?? '', params.retMsg ?? '')
      const checked = await call(request, 'tikTokCheckProducts', { payload: params.payload })
      if (!isSuccess(checked)) return checked
      return call(request, 'tikTokAuthSave', { payload: params.payload, channelType: CHANNEL_TYPES.tikTok })
    }
    case 'lazada':
      return call(request, 'lazadaAuth', { code: params.code })
    case 'xiaohongshu':
      // Rednote returns with its name only: the channel server finished when it issued the auth-url.
      return envelope(SUCCESS_CODE, 'success')
  }
}

/**
 * `/auth/channel_auth` (spec §2): the flow waiting for consent, and the authorization itself once
 * the privacy policy and terms are agreed. The outcome rule lives in shared/channels/outcome.ts.
 */
export async function channelAuthRoutes(
  app: FastifyInstance,
  options: { config: AppConfig; topology: Topology },
) {
  const call = upstreamCaller(app, options.topology)
  const guard = (request: FastifyRequest, reply: FastifyReply) => {
    varyOnCsrfHeaders(reply)
    reply.header('Cache-Control', 'no-store')
    if (checkApiRequest(request, options.config.publicOrigin).ok) return undefined
    return send(reply, 403, envelope('403', i18nFor(request.language).t('errors:forbidden')))
  }

  app.get('/auth/channel_auth/flow', async (request, reply) => {
    const refused = guard(request, reply)
    if (refused) return refused
    const pending = pendingExternalLogin(request)
    return send(
      reply,
      200,
      envelope(SUCCESS_CODE, 'success', {
        signedIn: request.sessionArrival === 'signedIn',
        channel: pending && isChannel(pending.provider) ? pending.provider : null,
      }),
    )
  })

  app.post('/auth/channel_auth/authorize', spends('signIn'), async (request, reply) => {
    const refused = guard(request, reply)
    if (refused) return refused
    const t = i18nFor(request.language).t
    if (!channelConsentSchema.safeParse(request.body ?? {}).success) {
      return send(reply, 400, {
        ...envelope('400', t('common:validation.consent')),
        item: { field: 'consent' },
      })
    }
    if (request.sessionArrival !== 'signedIn')
      return send(reply, 401, envelope('401', t('errors:unauthorized')))
    const pending = pendingExternalLogin(request)
    if (!pending || !isChannel(pending.provider)) {
      return send(reply, 409, envelope('409', t('channels:noFlow')))
    }
    const answer = await authorize(call, request, { ...pending, provider: pending.provider })
    try {
      const outcome = channelOutcome(pending.provider, answer)
      request.session.set('externalLogin', undefined)
      return send(reply, 200, envelope(SUCCESS_CODE, 'success', { outcome, channel: pending.provider }))
    } catch (error) {
      if (!(error instanceof ChannelAuthError)) throw error
      // The flow stays: the user may try again once the channel service answers.
      request.log.info({ channel: pending.provider, retCode: error.retCode }, 'channel authorization error')
      return send(reply, 200, envelope(error.retCode || '999999', error.message || t('errors:generic')))
    }
  })
}
