import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Topology } from '../../config/index.ts'
import {
  RESEND_WAIT_SECONDS,
  type SignUpDetailsView,
  type SignUpFlowView,
  type SignUpStep,
} from '../../shared/api/signup-flow.ts'
import { envelope, isSuccess } from '../../shared/envelope.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import { sendRefusal } from '../refusal.ts'
import { checkApiRequest, varyOnCsrfHeaders } from './api/csrf.ts'
import { environmentFor } from './api/environment.ts'
import type { FlowHooks } from './api/flow.ts'
import { findToken } from './api/tokens.ts'

/** The registration in progress, sealed in the session so a reload or another tab resumes it. */
export interface SignUpFlowState {
  step: Exclude<SignUpStep, 'credentials' | 'welcome'>
  email: string
  mobile: boolean
  /** When the last verification e-mail went out (ms): the resend countdown starts there. */
  sentAt?: number
  freesAt?: string
  details?: SignUpDetailsView
}

declare module '@fastify/secure-session' {
  interface SessionData {
    signUp: SignUpFlowState
  }
}

/** A flow left this long is forgotten: its link is dead and the user starts again with the e-mail kept. */
const FLOW_TTL_MS = 24 * 60 * 60_000
const VERIFY_LIMIT = '700604'

function flowOf(request: FastifyRequest): SignUpFlowState | undefined {
  return request.session.get('signUp') ?? undefined
}

function save(request: FastifyRequest, state: SignUpFlowState): void {
  request.ensureSession()
  request.session.set('signUp', state)
}

export function signUpView(request: FastifyRequest, now = Date.now()): SignUpFlowView {
  const flow = flowOf(request)
  if (!flow) return request.sessionUser() ? { step: 'welcome' } : { step: 'credentials' }
  if (flow.sentAt && now - flow.sentAt > FLOW_TTL_MS) {
    request.session.set('signUp', undefined)
    return { step: 'credentials', email: flow.email }
  }
  return {
    step: flow.step,
    email: flow.email,
    mobile: flow.mobile,
    ...(flow.sentAt
      ? { resendInSeconds: Math.max(0, RESEND_WAIT_SECONDS - Math.floor((now - flow.sentAt) / 1000)) }
      : {}),
    ...(flow.freesAt ? { freesAt: flow.freesAt } : {}),
    ...(flow.details ? { details: flow.details } : {}),
  }
}

const SETUP_ENDPOINTS = new Set(['registerSgPartInfo', 'registerPartInfo', 'updateRegisterPartInfo'])

/**
 * The sign-up's session state around the `/api` calls (spec §4 "Registration"): each successful
 * step moves it on, so reloading any step, going back, or opening the e-mailed link in this
 * browser resumes the flow where it stands, with what was typed kept.
 */
export const signUpFlowHooks: FlowHooks = {
  before(name, request, data) {
    // Steps after the link work on the flow's own address, whatever the page sends.
    const flow = flowOf(request)
    if (
      flow &&
      (SETUP_ENDPOINTS.has(name) || name === 'registerChoseProduct' || name.startsWith('registerFinish'))
    )
      data.email = flow.email
    return undefined
  },

  after(name, request, _reply, data, answer) {
    const flow = flowOf(request)
    if (name === 'sendRegisterVerifyEmail' && answer.retCode === VERIFY_LIMIT && flow) {
      const freesAt = (answer.item as { freesAt?: unknown }).freesAt
      save(request, { ...flow, step: 'limit', ...(typeof freesAt === 'string' ? { freesAt } : {}) })
      return
    }
    if (!isSuccess(answer)) return
    const email = String((answer.item as { email?: unknown }).email ?? data.email ?? '')
    switch (name) {
      case 'registerSgNew':
      case 'registerSgH5':
        save(request, { step: 'sent', email, mobile: name === 'registerSgH5' })
        return
      case 'sendRegisterVerifyEmail':
        if (flow) save(request, { ...flow, step: 'sent', sentAt: Date.now() })
        return
      case 'checkVerifyEmailLink': {
        // The link may be opened in another browser: the flow continues there from the answer.
        const mobile = (answer.item as { mobile?: unknown }).mobile === true
        save(request, { ...(flow ?? {}), step: mobile ? 'finish' : 'setup', email, mobile })
        return
      }
      case 'registerChoseProduct':
        if (flow) save(request, { ...flow, step: 'finish' })
        return
      default:
        if (SETUP_ENDPOINTS.has(name) && flow) {
          const { email: _email, ...details } = data as unknown as SignUpDetailsView & { email: string }
          save(request, { ...flow, step: 'questionnaire', details })
        }
    }
  },
}

/**
 * `GET /auth/sign_up/flow` (where the sign-up stands), `POST /auth/sign_up/flow/back` (one step
 * back, data kept), `POST /auth/sign_up/flow/restart`, and `POST /auth/console`: after the finish,
 * exchanges the temporary token (tokens/getToken, kept in the sealed session) and answers the
 * console URL of the account's region.
 */
export async function signUpFlowRoutes(
  app: FastifyInstance,
  options: { publicOrigin: string | undefined; topology: Topology },
) {
  const https = options.publicOrigin?.startsWith('https:') ?? false
  const refuse = (request: FastifyRequest, reply: FastifyReply, status = 403) =>
    sendRefusal(request, reply, status, { https })
  app.addHook('onRequest', async (request, reply) => {
    varyOnCsrfHeaders(reply)
    reply.header('Cache-Control', 'no-store')
    if (!checkApiRequest(request, options.publicOrigin, { includeSafeMethods: true }).ok)
      return refuse(request, reply)
  })

  app.get('/auth/sign_up/flow', async (request, reply) =>
    reply.send(envelope('000000', 'success', signUpView(request))),
  )

  app.post('/auth/sign_up/flow/back', async (request, reply) => {
    const flow = flowOf(request)
    if (flow?.step === 'questionnaire') save(request, { ...flow, step: 'setup' })
    else if (flow?.step === 'sent' || flow?.step === 'limit') request.session.set('signUp', undefined)
    return reply.send(envelope('000000', 'success', { ...signUpView(request), email: flow?.email }))
  })

  app.post('/auth/sign_up/flow/restart', async (request, reply) => {
    if (flowOf(request)) request.session.set('signUp', undefined)
    return reply.send(envelope('000000', 'success', signUpView(request)))
  })

  app.post('/auth/console', async (request, reply) => {
    const token = request.session.get('token')
    if (request.sessionArrival !== 'signedIn' || !token) return refuse(request, reply, 401)
    const environment = environmentFor(request, options.topology)
    const t = i18nFor(request.language).t
    try {
      const answer = await app.upstream.call({
        environment,
        path: '/tokens/getToken',
        method: 'POST',
        body: {},
        language: request.language,
        bearerToken: token,
      })
      const fresh = findToken(answer.item)
      if (!isSuccess(answer) || !fresh) return reply.send(envelope(answer.retCode, answer.retMsg))
      request.session.set('token', fresh) // the temporary token is spent: only the fresh one is kept
    } catch (err) {
      request.log.warn({ err }, 'token exchange for the console failed')
      return reply.code(502).send(envelope('502', t('errors:upstreamUnavailable')))
    }
    request.session.set('signUp', undefined)
    const region = options.topology.environments[environment]?.region
    const url = region ? options.topology.regions[region]?.consoleUrl : undefined
    if (!url) return reply.code(503).send(envelope('503', t('errors:upstreamUnavailable')))
    return reply.send(envelope('000000', 'success', { url }))
  })
}
