import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Topology } from '../../config/index.ts'
import { ENDPOINTS } from '../../shared/api/endpoints.ts'
import { PATH_PARAM_PATTERN } from '../../shared/api/path.ts'
import { RESEND_WAIT_SECONDS, type ResetFlowView } from '../../shared/api/reset-flow.ts'
import { RET_CODES } from '../../shared/api/ret-codes.ts'
import { type ApiEnvelope, envelope, isSuccess } from '../../shared/envelope.ts'
import type { ResetPageStep } from '../../shared/forms/reset-form.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import { notInFlowAnswer, refusalStatus } from '../not-in-flow.ts'
import { route } from '../plugins/app/own-pages.ts'
import { refusedInput } from '../refused-input.ts'
import { sessionSlot } from '../session-slot.server.ts'
import { callEndpoint } from '../upstream/call-endpoint.server.ts'
import { upstreamFailureAnswer } from '../upstream/failure-answer.ts'
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
const CODE_EXPIRED = RET_CODES.codeExpired
/** The upstream's limit of reset messages per address (spec §8 700605). */
const SEND_LIMIT = RET_CODES.resetLimit

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
 * Reset messages one client may have sent to one address in 24 hours (review finding L4,
 * RESET_SENDS_PER_CLIENT): the upstream allows five a day per address, so a stranger at one address cannot use them all up and
 * lock the owner out of a reset (each further one is answered like the upstream's own limit).
 */
const CLIENT_SEND_WINDOW_MS = 24 * 60 * 60_000
/** The claim a request made for its send, given back when the upstream sent nothing. */
const clientSendClaims = new WeakMap<FastifyRequest, string>()

async function spendClientSend(
  request: FastifyRequest,
  name: 'sendResetEmail' | 'sendSmsRandomCode',
  data: Record<string, unknown>,
): Promise<ApiEnvelope | undefined> {
  const address =
    name === 'sendResetEmail'
      ? String(data.email).toLowerCase()
      : `${String(data.areaCode)} ${String(data.phone)}`
  // RESET_SENDS_PER_CLIENT (2 by default): claims are tried in order, so a large value costs a
  // store round trip per send already made.
  for (let send = 1; send <= request.server.config.resetSendsPerClient; send++) {
    // One key per allowed send: a claim is atomic on every replica (the single-use store).
    const key = `reset-send:${request.ip}:${address}:${send}`
    if (await request.server.singleUse.claim(key, CLIENT_SEND_WINDOW_MS)) {
      clientSendClaims.set(request, key)
      return undefined
    }
  }
  request.log.info({ endpoint: name }, 'reset sends to this address from this client used up')
  return envelope(SEND_LIMIT, i18nFor(request.language).t(`errors:code.${SEND_LIMIT}`))
}

/**
 * The reset's session state around the `/api` calls: a successful send starts (or restarts) the
 * flow, a checked code is kept for the new password, and the number or code never has to come
 * back from the page. Unknown and known addresses get the same state (security.md #15).
 */
export const resetFlowHooks: FlowHooks = {
  endpoints: ['sendResetEmail', 'sendSmsRandomCode', 'checkFindPwd', 'setServiceNewPwd'],
  async before(name, request, data) {
    if (name === 'sendResetEmail' || name === 'sendSmsRandomCode') return spendClientSend(request, name, data)
    if (name !== 'checkFindPwd' && name !== 'setServiceNewPwd') return undefined
    const flow = currentFlow(request)
    const code = name === 'checkFindPwd' ? data.code : flow?.code
    // No texted reset in this session, or its code not checked yet: not where the flow stands.
    if (flow?.via !== 'phone' || typeof code !== 'string')
      return notInFlowAnswer(request, 'reset:flowExpired').body
    data.account = flow.account
    data.code = code
    return undefined
  },

  async after(name, request, reply, data, answer) {
    if (!isSuccess(answer)) {
      // Nothing was sent: the client's share of the address's sends is given back.
      const claimed = clientSendClaims.get(request)
      if (claimed) await request.server.singleUse.release(claimed)
      return
    }
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

/** What a reset step answers: the envelope, and the HTTP status a fetch call gets it with. */
export interface StepAnswer {
  answer: ApiEnvelope
  status: number
}

type ResetEndpoint = 'sendResetEmail' | 'sendSmsRandomCode' | 'checkFindPwd' | 'setServiceNewPwd'

const expired = (request: FastifyRequest): StepAnswer => ({
  answer: envelope(CODE_EXPIRED, i18nFor(request.language).t(`errors:code.${CODE_EXPIRED}`)),
  status: 200,
})

/** An upstream that could not be reached: the one failure answer, as this flow's step answer. */
function unreachable(request: FastifyRequest, name: string, error: unknown): StepAnswer {
  const failed = upstreamFailureAnswer(request, error, { endpoint: name })
  return { answer: failed.body, status: failed.status }
}

/**
 * A reset step of the endpoint table posted as a plain form (issue 21): the endpoint's own schema,
 * then this flow's `before` and `after` — the very hooks the `/api` proxy runs around the same
 * call — through the one upstream caller. One implementation of each step, two ways in.
 */
export async function runResetEndpoint(
  request: FastifyRequest,
  reply: FastifyReply,
  topology: Topology,
  name: ResetEndpoint,
  body: Record<string, unknown>,
): Promise<StepAnswer> {
  const schema = ENDPOINTS[name].schema
  const parsed = schema ? schema.safeParse(body) : { success: true as const, data: body }
  if (!parsed.success) return { answer: refusedInput(request, parsed.error.issues), status: 400 }
  const data = { ...(parsed.data as Record<string, unknown>) }
  const refusal = await resetFlowHooks.before?.(name, request, data)
  if (refusal) return { answer: refusal, status: refusalStatus(refusal) }
  const environment = environmentFor(request, topology)
  let answer: ApiEnvelope
  try {
    ;({ answer } = await callEndpoint(request, topology, name, data, { environment }))
  } catch (error) {
    return unreachable(request, name, error)
  }
  answer = (await resetFlowHooks.after?.(name, request, reply, data, answer, environment)) ?? answer
  return { answer, status: 200 }
}

/** "Use another email or number": forgets the reset and any checked link. */
export function restartReset(request: FastifyRequest): void {
  resetSlot.clear(request)
  resetLinkSlot.clear(request)
}

/** When this session may ask for a new link or code (ms), if a reset is under way. */
export function resendAtOf(request: FastifyRequest, now = Date.now()): number | undefined {
  const flow = currentFlow(request, now)
  return flow ? flow.sentAt + RESEND_WAIT_SECONDS * 1000 : undefined
}

/**
 * Where the reset page stands from the session alone: a checked link's new password, or the reset
 * under way; null when neither (the page everyone gets).
 */
export function resetPageStepOf(request: FastifyRequest): ResetPageStep | null {
  if (!request.session) return null
  const link = resetLinkSlot.get(request)
  if (link) return { kind: 'link', email: link.email }
  return currentFlow(request) ? { kind: 'flow', flow: flowView(request) } : null
}

/** The e-mailed link's steps: the id in a POST body, the new password once per link (M1). */
export function resetLinkSteps(app: FastifyInstance, topology: Topology) {
  async function call(
    request: FastifyRequest,
    name: 'checkResetPwdLink' | 'resetServiceNewPwd',
    id: string,
    data: Record<string, unknown>,
  ): Promise<StepAnswer> {
    try {
      const { answer } = await callEndpoint(request, topology, name, data, {
        params: { id },
        bearerToken: null,
      })
      return { answer, status: 200 }
    } catch (error) {
      return unreachable(request, name, error)
    }
  }

  return {
    /** Checks a link's id with the upstream and keeps it in this session: answers `{ email }`. */
    async check(request: FastifyRequest, id: unknown): Promise<StepAnswer> {
      if (typeof id !== 'string' || !PATH_PARAM_PATTERN.test(id)) return expired(request)
      const checked = await call(request, 'checkResetPwdLink', id, {})
      if (!isSuccess(checked.answer)) return checked
      const email = String((checked.answer.item as { email?: unknown }).email ?? '')
      request.ensureSession()
      resetLinkSlot.set(request, { id, email, at: Date.now() })
      return { answer: envelope(RET_CODES.success, 'success', { email }), status: 200 }
    },

    /** The new password with the checked link: once, across replicas and replayed cookies. */
    async newPassword(request: FastifyRequest, reply: FastifyReply, body: unknown): Promise<StepAnswer> {
      const parsed = ENDPOINTS.resetServiceNewPwd.schema.safeParse(body ?? {})
      if (!parsed.success) return { answer: refusedInput(request, parsed.error.issues), status: 400 }
      const link = resetLinkSlot.get(request)
      if (!link) {
        const refused = notInFlowAnswer(request, 'reset:flowExpired')
        return { answer: refused.body, status: refused.status }
      }
      // One change per link, whichever replica or cookie copy asks first; given back when the
      // upstream refuses for a reason the user can fix (same password, rules), used up otherwise.
      const key = `reset-link:${link.id}`
      if (!(await app.singleUse.claim(key, LINK_CLAIM_MS))) return expired(request)
      const changed = await call(
        request,
        'resetServiceNewPwd',
        link.id,
        parsed.data as Record<string, unknown>,
      )
      if (!isSuccess(changed.answer)) {
        if (changed.answer.retCode !== CODE_EXPIRED) await app.singleUse.release(key)
        return changed
      }
      resetLinkSlot.clear(request)
      await resetFlowHooks.after?.(
        'resetServiceNewPwd',
        request,
        reply,
        {},
        changed.answer,
        environmentFor(request, topology),
      )
      return { answer: envelope(RET_CODES.success, 'success', {}), status: 200 }
    },
  }
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
  const link = resetLinkSteps(app, options.topology)
  const send = (reply: FastifyReply, { answer, status }: StepAnswer) => reply.code(status).send(answer)

  // Every route here is for our pages' fetch calls (route({ ownPages: 'fetch' })): one guard.
  app.get('/auth/reset/flow', route({ ownPages: 'fetch' }), async (request, reply) => {
    return reply.send(envelope(RET_CODES.success, 'success', flowView(request)))
  })

  app.post('/auth/reset/flow/restart', route({ ownPages: 'fetch' }), async (request, reply) => {
    restartReset(request)
    return reply.send(envelope(RET_CODES.success, 'success', flowView(request)))
  })

  app.post(
    '/auth/reset/flow/link',
    route({ ownPages: 'fetch', spends: 'reset', action: 'reset' }),
    async (request, reply) =>
      send(reply, await link.check(request, (request.body as { id?: unknown } | undefined)?.id)),
  )

  app.post(
    '/auth/reset/flow/link/password',
    route({ ownPages: 'fetch', spends: 'reset', action: 'reset' }),
    async (request, reply) => send(reply, await link.newPassword(request, reply, request.body)),
  )
}
