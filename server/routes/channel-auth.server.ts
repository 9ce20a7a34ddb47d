import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppConfig, Topology } from '../../config/index.ts'
import { RET_CODES } from '../../shared/api/ret-codes.ts'
import type { ChannelConsentView } from '../../shared/channels/consent.ts'
import {
  CHANNEL_TYPES,
  type Channel,
  ChannelAuthError,
  type ChannelOutcome,
  channelOutcome,
  connectedStoreOf,
  isChannel,
} from '../../shared/channels/outcome.ts'
import { type ApiEnvelope, envelope, isSuccess, SUCCESS_CODE } from '../../shared/envelope.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import { channelConsentSchema } from '../../shared/schemas/channel.ts'
import { notInFlowAnswer } from '../not-in-flow.ts'
import { route } from '../plugins/app/own-pages.ts'
import { sessionSlot } from '../session-slot.server.ts'
import {
  type ExternalLoginData,
  externalLoginSlot,
  pendingExternalLogin,
  type UpstreamCaller,
  upstreamCaller,
} from './external-app.server.ts'

/** A provider's answer that claims success the channel server never confirmed. */
const UNVERIFIED = RET_CODES.otherFailure
/** How long the outcome page shows this session's last authorization. */
const RESULT_TTL_MS = 30 * 60_000
const STATUS_PAGE = '/auth/channel_authStatus'

/** What this session's last channel authorization ended with: the outcome page shows only this. */
export interface ChannelResult {
  channel: Channel
  outcome: ChannelOutcome
  at: number
}

declare module '@fastify/secure-session' {
  interface SessionData {
    channelResult: ChannelResult
  }
}

/**
 * `/auth/channel_authStatus?result=…&channel=…` shows an outcome only when it is the one this
 * session's flow ended with; any other (a link someone sent, an edited URL) goes to the page
 * without a result, which says so and offers to start again. Runs before the page renders.
 */
export async function channelStatusHook(request: FastifyRequest, reply: FastifyReply) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return
  const queryStart = request.url.indexOf('?')
  if ((queryStart < 0 ? request.url : request.url.slice(0, queryStart)) !== STATUS_PAGE) return
  const query = (request.query ?? {}) as Record<string, unknown>
  if (query.result === undefined && query.channel === undefined) return
  const last = channelResultSlot.get(request)
  if (
    last &&
    last.outcome === query.result &&
    (query.channel === undefined || last.channel === query.channel)
  )
    return
  const language = typeof query.language === 'string' ? `?language=${encodeURIComponent(query.language)}` : ''
  return reply.redirect(`${STATUS_PAGE}${language}`, 303)
}

/** The outcome this session's last authorization ended with, for the outcome page. */
const channelResultSlot = sessionSlot('channelResult', { expiresAt: (result) => result.at + RESULT_TTL_MS })

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
      // Without a payload TikTok itself answered. A code in a URL can only say no: a success counts
      // only when the channel server answered it (finding: TikTok's 000000 in the URL).
      if (!params.payload) {
        const code = params.retCode === SUCCESS_CODE || !params.retCode ? UNVERIFIED : params.retCode
        return envelope(code, params.retMsg ?? '')
      }
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

/** What a step of the consent answers: the HTTP status and the envelope the page reads. */
interface StepAnswer {
  status: number
  answer: ApiEnvelope
}

/** The consent page's view of this session's flow (who connects what). */
export function consentViewOf(request: FastifyRequest): ChannelConsentView {
  const pending = pendingExternalLogin(request)
  const channel = pending && isChannel(pending.provider) ? pending.provider : null
  const signedIn = request.sessionArrival === 'signedIn'
  return {
    signedIn,
    channel,
    // The consent names who is connecting what (issue 18 point 15): the signed-in account
    // (this session's own, never the request's) and the store or org where the return names it.
    account: signedIn ? (request.sessionUser()?.email ?? null) : null,
    store: pending && channel ? connectedStoreOf(channel, pending.params) : null,
  }
}

/**
 * The two steps of the consent (spec §2, §5), one implementation for both ways in: the page's
 * fetch calls (JSON) and the plain form post (channel-consent-form.server.ts).
 */
export function consentSteps(app: FastifyInstance, options: { topology: Topology }) {
  const call = upstreamCaller(app, options.topology)
  const notInFlow = (request: FastifyRequest): StepAnswer => {
    const refused = notInFlowAnswer(request, 'channels:noFlow')
    return { status: refused.status, answer: refused.body }
  }

  /**
   * "Cancel" (issue 18 point 15): the waiting connect is dropped without any upstream call, and
   * the outcome page tells the user (and, through it, the channel) it was refused. Signed in or
   * not: saying no needs no account.
   */
  function deny(request: FastifyRequest): StepAnswer {
    const pending = pendingExternalLogin(request)
    if (!pending || !isChannel(pending.provider)) return notInFlow(request)
    externalLoginSlot.clear(request)
    channelResultSlot.set(request, { channel: pending.provider, outcome: 'cancelled', at: Date.now() })
    return {
      status: 200,
      answer: envelope(SUCCESS_CODE, 'success', { outcome: 'cancelled', channel: pending.provider }),
    }
  }

  /** "Authorise": consent given, signed in, this session's connect; then the channel's calls. */
  async function authorizeChannel(request: FastifyRequest, body: unknown): Promise<StepAnswer> {
    const t = i18nFor(request.language).t
    if (!channelConsentSchema.safeParse(body ?? {}).success) {
      return {
        status: 400,
        answer: { ...envelope('400', t('common:validation.consent')), item: { field: 'consent' } },
      }
    }
    if (request.sessionArrival !== 'signedIn')
      return { status: 401, answer: envelope('401', t('errors:unauthorized')) }
    const pending = pendingExternalLogin(request)
    // A connect brought back while someone was signed in belongs to that person only: on a shared
    // browser, the next account never authorizes the previous one's store (security.md #21).
    const owner = pending?.startedBy
    if (!pending || !isChannel(pending.provider) || (owner && owner !== request.sessionUser()?.email)) {
      return notInFlow(request)
    }
    const answer = await authorize(call, request, { ...pending, provider: pending.provider })
    try {
      const outcome = channelOutcome(pending.provider, answer)
      externalLoginSlot.clear(request)
      channelResultSlot.set(request, { channel: pending.provider, outcome, at: Date.now() })
      return {
        status: 200,
        answer: envelope(SUCCESS_CODE, 'success', { outcome, channel: pending.provider }),
      }
    } catch (error) {
      if (!(error instanceof ChannelAuthError)) throw error
      // The flow stays: the user may try again once the channel service answers.
      request.log.info({ channel: pending.provider, retCode: error.retCode }, 'channel authorization error')
      return {
        status: 200,
        answer: envelope(error.retCode || RET_CODES.otherFailure, error.message || t('errors:generic')),
      }
    }
  }

  return { deny, authorizeChannel }
}

/** The outcome page for an ended flow, in the page's language (as the consent page goes there). */
export function outcomePageOf(request: FastifyRequest, outcome: ChannelOutcome, channel: Channel): string {
  const query = new URLSearchParams({ result: outcome, channel })
  if (request.language === 'zh') query.set('language', 'zh')
  return `${STATUS_PAGE}?${query}`
}

/**
 * `/auth/channel_auth` (spec §2): the flow waiting for consent, and the authorization itself once
 * the privacy policy and terms are agreed — the routes the page's scripts call. The outcome rule
 * lives in shared/channels/outcome.ts.
 */
export async function channelAuthRoutes(
  app: FastifyInstance,
  options: { config: AppConfig; topology: Topology },
) {
  const { deny, authorizeChannel } = consentSteps(app, options)
  app.get('/auth/channel_auth/flow', route({ ownPages: 'fetch' }), async (request, reply) =>
    send(reply, 200, envelope(SUCCESS_CODE, 'success', { ...consentViewOf(request) })),
  )

  // Behind the own-pages guard, so another site cannot cancel someone's connect.
  app.post('/auth/channel_auth/deny', route({ ownPages: 'fetch' }), async (request, reply) => {
    const { status, answer } = deny(request)
    return send(reply, status, answer)
  })

  app.post(
    '/auth/channel_auth/authorize',
    route({ ownPages: 'fetch', spends: 'signIn' }),
    async (request, reply) => {
      const { status, answer } = await authorizeChannel(request, request.body)
      return send(reply, status, answer)
    },
  )
}
