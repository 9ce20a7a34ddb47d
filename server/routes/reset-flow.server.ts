import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Topology } from '../../config/index.ts'
import { ENDPOINTS } from '../../shared/api/endpoints.ts'
import { PATH_PARAM_PATTERN } from '../../shared/api/path.ts'
import { RESEND_WAIT_SECONDS, type ResetFlowView } from '../../shared/api/reset-flow.ts'
import { envelope, isSuccess } from '../../shared/envelope.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import { issueMessage } from '../../shared/schemas/messages.ts'
import { route } from '../plugins/app/own-pages.ts'
import { sessionSlot } from '../session-slot.server.ts'
import { callEndpoint } from '../upstream/call-endpoint.server.ts'
import { UpstreamError } from '../upstream/errors.ts'
import { environmentFor } from './api/environment.ts'
import type { FlowHooks } from './api/flow.ts'

/** The reset in progress, sealed in the session cookie so a reload resumes it (BRIEF rule 3). */
export interface ResetFlowState {
  via: 'email' | 'phone'
  /** The e-mail address or the phone number (digits) the link or code went to. */
  account: string
  /** Country calling code of a phone reset, for a resend. */
  areaCode?: string
  /** When the last link or code was sent (ms): the resend countdown starts there. */
  sentAt: number
  /** The texted code once checkFindPwd accepted it; setServiceNewPwd needs it again. */
  code?: string
}

/** An e-mailed link this session opened and the upstream accepted: its id never goes back out. */
export interface ResetLinkState {
  id: string
  email: string
  at: number
}

declare module '@fastify/secure-session' {
  interface SessionData {
    reset: ResetFlowState
    resetLink: ResetLinkState
  }
}

/** The upstream's links live 10 minutes (spec §9); a claim outlives that, so a used link stays used. */
const LINK_TTL_MS = 10 * 60_000
const LINK_CLAIM_MS = LINK_TTL_MS + 60_000

/** Reset flows older than this are forgotten: the upstream's codes and links are dead by then. */
const FLOW_TTL_MS = 30 * 60_000
/** What the upstream answers when there is no checked code to go on (spec §8 700125). */
const CODE_EXPIRED = '700125'

/** The reset this session started (by e-mail or text), forgotten once the upstream's codes are dead. */
const resetSlot = sessionSlot('reset', { expiresAt: (flow) => flow.sentAt + FLOW_TTL_MS + 1 })
/** The e-mailed link this session opened, good as long as the upstream's link. */
const resetLinkSlot = sessionSlot('resetLink', { expiresAt: (link) => link.at + LINK_TTL_MS })

const currentFlow = (request: FastifyRequest, now?: number) => resetSlot.get(request, now)

/** What the page may know: step, channel, where it was sent, seconds until a resend. Never the code. */
export function flowView(request: FastifyRequest, now = Date.now()): ResetFlowView {
  const flow = currentFlow(request, now)
  if (!flow) return { step: 'request' }
  const resendInSeconds = Math.max(0, RESEND_WAIT_SECONDS - Math.floor((now - flow.sentAt) / 1000))
  const step = flow.code ? 'newPassword' : flow.via === 'email' ? 'sent' : 'code'
  return {
    step,
    via: flow.via,
    account: flow.account,
    ...(flow.areaCode ? { areaCode: flow.areaCode } : {}),
    resendInSeconds,
  }
}

/**
 * The reset's session state around the `/api` calls: a successful send starts (or restarts) the
 * flow, a checked code is kept for the new password, and the number or code never has to come
 * back from the page. Unknown and known addresses get the same state (security.md #15).
 */
export const resetFlowHooks: FlowHooks = {
  endpoints: ['sendResetEmail', 'sendSmsRandomCode', 'checkFindPwd', 'setServiceNewPwd'],
  before(name, request, data) {
    if (name !== 'checkFindPwd' && name !== 'setServiceNewPwd') return undefined
    const flow = currentFlow(request)
    const code = name === 'checkFindPwd' ? data.code : flow?.code
    if (flow?.via !== 'phone' || typeof code !== 'string') {
      return envelope(CODE_EXPIRED, i18nFor(request.language).t(`errors:code.${CODE_EXPIRED}`))
    }
    data.account = flow.account
    data.code = code
    return undefined
  },

  async after(name, request, reply, data, answer) {
    if (!isSuccess(answer)) return
    switch (name) {
      case 'sendResetEmail':
      case 'sendSmsRandomCode':
        request.ensureSession()
        resetSlot.set(request, {
          via: name === 'sendResetEmail' ? 'email' : 'phone',
          account: String(name === 'sendResetEmail' ? data.email : data.phone),
          ...(name === 'sendSmsRandomCode' ? { areaCode: String(data.areaCode) } : {}),
          sentAt: Date.now(),
        })
        return
      case 'checkFindPwd': {
        const flow = currentFlow(request)
        if (flow) resetSlot.set(request, { ...flow, code: String(data.code) })
        return
      }
      case 'setServiceNewPwd':
      case 'resetServiceNewPwd': {
        resetSlot.clear(request)
        // The upstream has ended the account's sessions; this browser's one goes with them, and
        // no new one starts (no automatic sign-in after a reset). Revoked like any sign-out.
        const email = (answer.item as { email?: unknown }).email
        const user = request.sessionUser()
        if (user && typeof email === 'string' && user.email === email.toLowerCase())
          await request.signOut(reply)
        return
      }
      default:
        return
    }
  },
}

/**
 * `GET /auth/reset/flow`: where the reset stands; `POST /auth/reset/flow/restart` forgets it.
 * The e-mailed link: `POST /auth/reset/flow/link` (the id in the body, never in a URL the BFF or
 * an ingress logs) checks it and keeps it in this session; `POST /auth/reset/flow/link/password`
 * sets the new password with it — once, across replicas and replayed cookies (finding M1).
 */
export async function resetFlowRoutes(
  app: FastifyInstance,
  options: { publicOrigin: string | undefined; topology: Topology },
) {
  // Every route here is for our pages' fetch calls (route({ ownPages: 'fetch' })): one guard.
  app.get('/auth/reset/flow', route({ ownPages: 'fetch' }), async (request, reply) => {
    return reply.send(envelope('000000', 'success', flowView(request)))
  })

  app.post('/auth/reset/flow/restart', route({ ownPages: 'fetch' }), async (request, reply) => {
    resetSlot.clear(request)
    resetLinkSlot.clear(request)
    return reply.send(envelope('000000', 'success', flowView(request)))
  })

  const expired = (request: FastifyRequest) =>
    envelope(CODE_EXPIRED, i18nFor(request.language).t(`errors:code.${CODE_EXPIRED}`))

  async function call(
    request: FastifyRequest,
    reply: FastifyReply,
    name: 'checkResetPwdLink' | 'resetServiceNewPwd',
    id: string,
    data: Record<string, unknown>,
  ) {
    try {
      return (
        await callEndpoint(request, options.topology, name, data, { params: { id }, bearerToken: null })
      ).answer
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error
      request.log.warn({ endpoint: name, failure: error.failure }, 'reset link call failed upstream')
      const t = i18nFor(request.language).t
      const key = error.failure === 'timeout' ? 'errors:upstreamTimeout' : 'errors:upstreamUnavailable'
      void reply.code(error.httpStatus)
      return envelope(String(error.httpStatus), t(key))
    }
  }

  app.post(
    '/auth/reset/flow/link',
    route({ ownPages: 'fetch', spends: 'reset', action: 'reset' }),
    async (request, reply) => {
      const id = (request.body as { id?: unknown } | undefined)?.id
      if (typeof id !== 'string' || !PATH_PARAM_PATTERN.test(id)) return reply.send(expired(request))
      const answer = await call(request, reply, 'checkResetPwdLink', id, {})
      if (!isSuccess(answer)) return reply.send(answer)
      const email = String((answer.item as { email?: unknown }).email ?? '')
      request.ensureSession()
      resetLinkSlot.set(request, { id, email, at: Date.now() })
      return reply.send(envelope('000000', 'success', { email }))
    },
  )

  app.post(
    '/auth/reset/flow/link/password',
    route({ ownPages: 'fetch', spends: 'reset', action: 'reset' }),
    async (request, reply) => {
      const t = i18nFor(request.language).t
      const parsed = ENDPOINTS.resetServiceNewPwd.schema.safeParse(request.body ?? {})
      if (!parsed.success) {
        const first = parsed.error.issues[0]
        const translatable = first ? issueMessage(first) : undefined
        return reply.code(400).send({
          ...envelope(
            '400',
            translatable ? t(translatable.key, translatable.values) : t('errors:badRequest'),
          ),
          item: { field: first?.path.join('.') ?? '' },
        })
      }
      const link = resetLinkSlot.get(request)
      if (!link) return reply.send(expired(request))
      // One change per link, whichever replica or cookie copy asks first; given back when the
      // upstream refuses for a reason the user can fix (same password, rules), used up otherwise.
      const key = `reset-link:${link.id}`
      if (!(await app.singleUse.claim(key, LINK_CLAIM_MS))) return reply.send(expired(request))
      const answer = await call(
        request,
        reply,
        'resetServiceNewPwd',
        link.id,
        parsed.data as Record<string, unknown>,
      )
      if (!isSuccess(answer)) {
        if (answer.retCode !== CODE_EXPIRED) await app.singleUse.release(key)
        return reply.send(answer)
      }
      resetLinkSlot.clear(request)
      await resetFlowHooks.after?.(
        'resetServiceNewPwd',
        request,
        reply,
        {},
        answer,
        environmentFor(request, options.topology),
      )
      return reply.send(envelope('000000', 'success', {}))
    },
  )
}
