import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { RESEND_WAIT_SECONDS, type ResetFlowView } from '../../shared/api/reset-flow.ts'
import { envelope, isSuccess } from '../../shared/envelope.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import { sendRefusal } from '../refusal.ts'
import { checkApiRequest, varyOnCsrfHeaders } from './api/csrf.ts'
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

declare module '@fastify/secure-session' {
  interface SessionData {
    reset: ResetFlowState
  }
}

/** Reset flows older than this are forgotten: the upstream's codes and links are dead by then. */
const FLOW_TTL_MS = 30 * 60_000
/** What the upstream answers when there is no checked code to go on (spec §8 700125). */
const CODE_EXPIRED = '700125'

function currentFlow(request: FastifyRequest, now = Date.now()): ResetFlowState | undefined {
  const flow = request.session.get('reset')
  if (!flow) return undefined
  if (now - flow.sentAt > FLOW_TTL_MS) {
    request.session.set('reset', undefined)
    return undefined
  }
  return flow
}

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
        request.session.set('reset', {
          via: name === 'sendResetEmail' ? 'email' : 'phone',
          account: String(name === 'sendResetEmail' ? data.email : data.phone),
          ...(name === 'sendSmsRandomCode' ? { areaCode: String(data.areaCode) } : {}),
          sentAt: Date.now(),
        })
        return
      case 'checkFindPwd': {
        const flow = currentFlow(request)
        if (flow) request.session.set('reset', { ...flow, code: String(data.code) })
        return
      }
      case 'setServiceNewPwd':
      case 'resetServiceNewPwd': {
        request.session.set('reset', undefined)
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

/** `GET /auth/reset/flow`: where the reset stands; `POST /auth/reset/flow/restart` forgets it. */
export async function resetFlowRoutes(app: FastifyInstance, options: { publicOrigin: string | undefined }) {
  const https = options.publicOrigin?.startsWith('https:') ?? false
  const refuse = (request: FastifyRequest, reply: FastifyReply) => sendRefusal(request, reply, 403, { https })
  app.addHook('onRequest', async (_request, reply) => {
    varyOnCsrfHeaders(reply)
    reply.header('Cache-Control', 'no-store')
  })

  app.get('/auth/reset/flow', async (request, reply) => {
    const verdict = checkApiRequest(request, options.publicOrigin)
    if (!verdict.ok) return refuse(request, reply)
    return reply.send(envelope('000000', 'success', flowView(request)))
  })

  app.post('/auth/reset/flow/restart', async (request, reply) => {
    const verdict = checkApiRequest(request, options.publicOrigin)
    if (!verdict.ok) return refuse(request, reply)
    if (request.session.get('reset')) request.session.set('reset', undefined)
    return reply.send(envelope('000000', 'success', flowView(request)))
  })
}
