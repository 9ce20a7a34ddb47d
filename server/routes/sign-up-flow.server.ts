import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Topology } from '../../config/index.ts'
import { ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.ts'
import { RET_CODES } from '../../shared/api/ret-codes.ts'
import {
  RESEND_WAIT_SECONDS,
  type SignUpDetailsView,
  type SignUpFlowView,
  type SignUpStep,
} from '../../shared/api/sign-up-flow.ts'
import { type ApiEnvelope, envelope, isSuccess } from '../../shared/envelope.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import { REGION_IDS, type RegionId } from '../../shared/regions.ts'
import { notInFlowAnswer } from '../not-in-flow.ts'
import { route } from '../plugins/app/own-pages.ts'
import { sendRefusal } from '../refusal.ts'
import { refusedInput } from '../refused-input.ts'
import { defaultEnvironmentOf } from '../region.ts'
import { sessionSlot } from '../session-slot.server.ts'
import { callEndpoint } from '../upstream/call-endpoint.server.ts'
import { UpstreamError } from '../upstream/errors.ts'
import { failureTextKey, upstreamFailureAnswer } from '../upstream/failure-answer.ts'
import { environmentFor } from './api/environment.ts'
import type { FlowHooks } from './api/flow.ts'
import { findToken, withoutTokens } from './api/tokens.ts'
import { consoleHandOver } from './console-hand-over.server.ts'
import { readSignInAnswer, startSession } from './sign-in-answer.server.ts'

/** The registration in progress, sealed in the session so a reload or another tab resumes it. */
export interface SignUpFlowState {
  step: Exclude<SignUpStep, 'credentials' | 'welcome'>
  email: string
  mobile: boolean
  /** When the last verification e-mail went out (ms): the resend countdown starts there. */
  sentAt?: number
  freesAt?: string
  details?: SignUpDetailsView
  /**
   * The region the sign-up started in (spec §4 host rule with this browser's time zone, decided
   * once): every later step and the finish go there, whoever's time zone opens the link (issue 18
   * point 7). Absent only in flows sealed before it was kept.
   */
  region?: RegionId
}

declare module '@fastify/secure-session' {
  interface SessionData {
    signUp: SignUpFlowState
  }
}

/** A flow left this long is forgotten: its link is dead and the user starts again with the e-mail kept. */
const FLOW_TTL_MS = 24 * 60 * 60_000
/** A verified link waits this long for the browser that started the sign-up (the link's own life). */
const HANDOFF_TTL_MS = 10 * 60_000
/** Steps at which the starting session waits for its link. */
const WAITING_FOR_LINK: readonly SignUpFlowState['step'][] = ['sent', 'limit']
const handoffKey = (email: string) => `sign-up-verified:${email.toLowerCase()}`
/**
 * Whose registration an address is (issue 46, security.md #24): the first session whose start
 * the BFF forwards holds the address, on every replica, for as long as its links can be opened and
 * its set-up goes on — renewed by each of its steps; freed when it finishes or starts over with
 * another address. Another session's start for it never reaches the upstream (which would replace
 * the password of the pending registration) and saves nothing.
 */
const ownerKey = (email: string) => `sign-up-owner:${email.toLowerCase()}`
/** The verification link's life (10 minutes, spec §4) three times over: set-up takes a while. */
const OWNER_TTL_MS = 30 * 60_000
const START_ENDPOINTS: readonly EndpointName[] = ['registerSgNew', 'registerSgH5']
/** The owner a session is to the store: its pre-sign-in session id (hashed by the store). */
const ownerOf = (request: FastifyRequest) => request.ensureSession()
const VERIFY_LIMIT = RET_CODES.verifyEmailLimit

/**
 * The registration this session has under way (issue 17 point 1: the slot keeps the time limit,
 * not the flow): forgotten 24 hours after its last verification e-mail, when its link is long
 * dead; before any e-mail went out it lives as long as the session.
 */
export const signUpSlot = sessionSlot('signUp', {
  expiresAt: (flow) => (flow.sentAt ? flow.sentAt + FLOW_TTL_MS + 1 : Number.POSITIVE_INFINITY),
})

function flowOf(request: FastifyRequest, now?: number): SignUpFlowState | undefined {
  return signUpSlot.get(request, now)
}

function save(request: FastifyRequest, state: SignUpFlowState): void {
  request.ensureSession()
  signUpSlot.set(request, state)
}

/**
 * The link was opened in another browser: the session that started this sign-up and waits for
 * its link takes the verification (once, on any replica) and moves on to setup.
 */
export async function takeHandoff(request: FastifyRequest): Promise<void> {
  const flow = flowOf(request)
  if (!flow || !WAITING_FOR_LINK.includes(flow.step)) return
  // Only the session that holds the address: a slot waiting for it is not enough (issue 46 H).
  const store = request.server.singleUse
  if (!(await store.heldBy(ownerKey(flow.email), ownerOf(request)))) return
  if (!(await store.take(handoffKey(flow.email)))) return
  save(request, { ...flow, step: flow.mobile ? 'finish' : 'setup' })
}

export function signUpView(request: FastifyRequest, now = Date.now()): SignUpFlowView {
  // The address of a flow the slot is about to drop as expired: the first form starts with it.
  const stale = request.session.get('signUp')?.email
  const flow = flowOf(request, now)
  if (!flow) {
    if (request.sessionUser()) return { step: 'welcome' }
    return stale ? { step: 'credentials', email: stale } : { step: 'credentials' }
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
/** The steps at which each call after the link may run (going back to setup updates it). */
const STEPS_OF: Partial<Record<string, readonly SignUpFlowState['step'][]>> = {
  registerSgPartInfo: ['setup', 'questionnaire'],
  registerPartInfo: ['setup', 'questionnaire'],
  updateRegisterPartInfo: ['setup', 'questionnaire'],
  registerChoseProduct: ['questionnaire'],
}
/** The finish: after the questionnaire (or its Skip), or right after the link on the phone page. */
const FINISH_STEPS: readonly SignUpFlowState['step'][] = ['questionnaire', 'finish']

/**
 * A start (registerSgNew, registerSgH5) goes upstream only when this session may hold the
 * address: free, or already this session's (a restart after "back"). While another session holds
 * it the answer is the upstream's to a pending registration — success — with nothing sent, saved
 * or changed: the owner's password and links stay, and the caller learns nothing it could not
 * learn by starting a sign-up of its own (security.md #24).
 */
async function startOrNot(request: FastifyRequest, email: string): Promise<ApiEnvelope | undefined> {
  const flow = flowOf(request)
  // Starting over with another address frees the one this session held.
  if (flow && flow.email.toLowerCase() !== email.toLowerCase())
    await request.server.singleUse.releaseFor(ownerKey(flow.email), ownerOf(request))
  const held = await request.server.singleUse.claimFor(ownerKey(email), ownerOf(request), OWNER_TTL_MS)
  if (held === 'claimed') return undefined
  if (held === 'unavailable') {
    return envelope('503', i18nFor(request.language).t(failureTextKey('unavailable')))
  }
  request.log.info(
    { endpoint: 'sign-up start' },
    'sign-up start of an address another session holds: not sent',
  )
  return envelope(RET_CODES.success, 'success', { email })
}

/** A step this session's sign-up is not at, or with no sign-up here: the one not-in-flow answer. */
function notInThisFlow(request: FastifyRequest) {
  return notInFlowAnswer(request, 'signUp:flowExpired').body
}

/**
 * The sign-up's session state around the `/api` calls (spec §4 "Registration"): each successful
 * step moves it on, so reloading any step, going back, or opening the e-mailed link in this
 * browser resumes the flow where it stands, with what was typed kept.
 */
export const signUpFlowHooks: FlowHooks = {
  endpoints: [
    'registerSgNew',
    'registerSgH5',
    'sendRegisterVerifyEmail',
    'checkVerifyEmailLink',
    'registerSgPartInfo',
    'registerPartInfo',
    'updateRegisterPartInfo',
    'registerChoseProduct',
  ],
  region(name, request, data) {
    // The flow's region, once it has one; a link opened in another browser names its own
    // (`#id=…&region=`): only a routing hint, the region's upstream knows the link or refuses it.
    const flow = flowOf(request)
    if (flow?.region) return flow.region
    if (name !== 'checkVerifyEmailLink') return undefined
    return REGION_IDS.find((region) => region === data.region)
  },
  async before(name, request, data) {
    if (name === 'checkVerifyEmailLink') {
      delete data.region // ours, not the upstream's
      return undefined
    }
    if (START_ENDPOINTS.includes(name)) return startOrNot(request, String(data.email ?? ''))
    if (name === 'sendRegisterVerifyEmail') {
      // The verification e-mail goes only to the address this session is signing up with: a
      // call cannot send (or use up the daily ten of) anyone else's pending registration.
      const flow = flowOf(request)
      if (!flow || !WAITING_FOR_LINK.includes(flow.step)) return notInThisFlow(request)
      // …and only while this session still holds it: a new link renews the hold.
      const held = await request.server.singleUse.claimFor(
        ownerKey(flow.email),
        ownerOf(request),
        OWNER_TTL_MS,
      )
      if (held !== 'claimed') return notInThisFlow(request)
      data.email = flow.email
      return undefined
    }
    const allowed = STEPS_OF[name]
    if (!allowed) return undefined
    // Steps after the link belong to the session whose flow the link verified, at the step the
    // flow is at, and work on the flow's own address whatever the body says (security.md #18):
    // no other browser can rewrite or finish the registration, nor learn that one is pending.
    const flow = flowOf(request)
    if (!flow || !allowed.includes(flow.step)) return notInThisFlow(request)
    data.email = flow.email
    return undefined
  },

  async after(name, request, _reply, data, answer) {
    const flow = flowOf(request)
    if (name === 'sendRegisterVerifyEmail' && answer.retCode === VERIFY_LIMIT && flow) {
      const freesAt = (answer.item as { freesAt?: unknown }).freesAt
      save(request, { ...flow, step: 'limit', ...(typeof freesAt === 'string' ? { freesAt } : {}) })
      return
    }
    if (!isSuccess(answer)) {
      // A first start the upstream refused (an existing account, a wrong captcha) holds nothing:
      // the next start of the address, from any session, gets the upstream's own answer.
      if (START_ENDPOINTS.includes(name) && flow?.email.toLowerCase() !== String(data.email).toLowerCase())
        await request.server.singleUse.releaseFor(ownerKey(String(data.email)), ownerOf(request))
      return
    }
    const email = String((answer.item as { email?: unknown }).email ?? data.email ?? '')
    // Each step of the owner's keeps its hold on the address while the set-up goes on.
    if (flow && !START_ENDPOINTS.includes(name) && flow.email === email)
      await request.server.singleUse.claimFor(ownerKey(flow.email), ownerOf(request), OWNER_TTL_MS)
    switch (name) {
      case 'registerSgNew':
      case 'registerSgH5':
        save(request, {
          step: 'sent',
          email,
          mobile: name === 'registerSgH5',
          // Decided once: a restart keeps the flow's region; a first start takes the one the
          // host rule chose for this session's calls (environmentFor, with its time zone).
          ...(flow?.region || request.session.get('signUpRegion')
            ? { region: flow?.region ?? request.session.get('signUpRegion') }
            : {}),
        })
        return
      case 'sendRegisterVerifyEmail':
        if (flow) save(request, { ...flow, step: 'sent', sentAt: Date.now() })
        return
      case 'checkVerifyEmailLink': {
        const mobile = (answer.item as { mobile?: unknown }).mobile === true
        if (flow && flow.email === email && WAITING_FOR_LINK.includes(flow.step)) {
          save(request, { ...flow, step: mobile ? 'finish' : 'setup', email, mobile })
          return
        }
        // Opened in another browser (a phone's mail app, or a link someone forwarded): the flow
        // goes on in the session that started it, never here — whoever opens a forwarded link
        // must not set up and be signed in to someone else's account (review L7, security.md #24).
        // The starting session takes the hand-off on its next look at the flow.
        return request.server.singleUse
          .claim(handoffKey(email), HANDOFF_TTL_MS)
          .then(() => envelope(answer.retCode, answer.retMsg, { email, continuesElsewhere: true }))
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

/** A step's answer: the HTTP status and the envelope the page's fetch gets (a plain post reads it). */
export interface StepAnswer {
  status: number
  body: ApiEnvelope
}
const ok = (body: ApiEnvelope): StepAnswer => ({ status: 200, body })

/**
 * One of the flow's `/api` calls run on the server, for a form posted without JavaScript: the
 * endpoint's own schema, then this flow's hooks (`region`, `before`, `after`) around the one
 * upstream caller, exactly as the `/api` proxy runs them for the page's fetch calls.
 * Throws UpstreamError when the upstream cannot be reached.
 */
export async function runSignUpCall(
  request: FastifyRequest,
  topology: Topology,
  name: EndpointName,
  input: Record<string, unknown>,
  reply: FastifyReply,
): Promise<ApiEnvelope> {
  const endpoint = ENDPOINTS[name]
  const parsed = endpoint.schema ? endpoint.schema.safeParse(input) : { success: true as const, data: input }
  if (!parsed.success) return refusedInput(request, parsed.error.issues)
  const data = { ...(parsed.data as Record<string, unknown>) }
  const region = signUpFlowHooks.endpoints.includes(name)
    ? signUpFlowHooks.region?.(name, request, data)
    : undefined
  if (signUpFlowHooks.endpoints.includes(name)) {
    const refusal = await signUpFlowHooks.before?.(name, request, data)
    if (refusal) return refusal
  }
  const { answer, environment } = await callEndpoint(request, topology, name, data, {
    bearerToken: null,
    ...(region && topology.regions[region] ? { environment: defaultEnvironmentOf(topology, region) } : {}),
  })
  if (!signUpFlowHooks.endpoints.includes(name)) return withoutTokens(answer)
  return withoutTokens(
    (await signUpFlowHooks.after?.(name, request, reply, data, answer, environment)) ?? answer,
  )
}

/** One step back, what was typed kept: questionnaire → setup; sent/limit → the first form. */
export function signUpBack(request: FastifyRequest): SignUpFlowView {
  const flow = flowOf(request)
  if (flow?.step === 'questionnaire') save(request, { ...flow, step: 'setup' })
  else if (flow?.step === 'sent' || flow?.step === 'limit') signUpSlot.clear(request)
  return { ...signUpView(request), ...(flow?.email ? { email: flow.email } : {}) }
}

/**
 * Forgets the sign-up in progress ("use another email"): no step after the link runs any more,
 * and the address is free for whoever starts it next.
 */
export async function signUpRestart(request: FastifyRequest): Promise<SignUpFlowView> {
  const flow = flowOf(request)
  if (flow) await request.server.singleUse.releaseFor(ownerKey(flow.email), ownerOf(request))
  signUpSlot.clear(request)
  return signUpView(request)
}

/**
 * The finish (registerFinishNew, or registerFinishH5 for the phone page): only this session's
 * flow, at a step that may finish, for the flow's address. The new account is signed in as the
 * identity the upstream answered, which must be the flow's (security.md #21).
 */
export async function finishSignUp(request: FastifyRequest, topology: Topology): Promise<StepAnswer> {
  const flow = flowOf(request)
  if (!flow || !FINISH_STEPS.includes(flow.step)) return notInFlowAnswer(request, 'signUp:flowExpired')
  const name = flow.mobile ? 'registerFinishH5' : 'registerFinishNew'
  let result: Awaited<ReturnType<typeof callEndpoint>>
  try {
    result = await callEndpoint(
      request,
      topology,
      name,
      { email: flow.email },
      {
        bearerToken: null,
        // The account is created in the region the sign-up started in (issue 18 point 7).
        ...(flow.region && topology.regions[flow.region]
          ? { environment: defaultEnvironmentOf(topology, flow.region) }
          : {}),
      },
    )
  } catch (error) {
    return upstreamFailureAnswer(request, error, { endpoint: name })
  }
  const { answer, environment } = result
  if (!isSuccess(answer)) return ok(withoutTokens(answer))
  const signedIn = readSignInAnswer(answer, flow.email)
  if (signedIn.kind !== 'identity') {
    request.log.warn({ endpoint: name }, 'sign-up finish answered no token or another identity')
    return upstreamFailureAnswer(request, new UpstreamError('badBody', 'no usable sign-up finish answer'))
  }
  // The account exists now: the upstream answers any later start of the address itself. Released
  // before the session starts: the owner is this session as it was before signing in.
  await request.server.singleUse.releaseFor(ownerKey(flow.email), ownerOf(request))
  startSession(request, signedIn, { environment })
  return ok(withoutTokens(answer))
}

/**
 * After the finish (signed in only: undefined otherwise): exchanges the temporary token
 * (tokens/getToken, kept in the sealed session), clears the flow and answers the console URL that
 * opens signed in (`consoleLogin`'s ticket, as after a password sign-in).
 */
export async function openSignUpConsole(
  request: FastifyRequest,
  topology: Topology,
): Promise<StepAnswer | undefined> {
  const token = request.session.get('token')
  if (request.sessionArrival !== 'signedIn' || !token) return undefined
  const environment = environmentFor(request, topology)
  const t = i18nFor(request.language).t
  try {
    const { answer } = await callEndpoint(
      request,
      topology,
      'getToken',
      {},
      { environment, bearerToken: token },
    )
    const fresh = findToken(answer.item)
    if (!isSuccess(answer) || !fresh) return ok(envelope(answer.retCode, answer.retMsg))
    request.session.set('token', fresh) // the temporary token is spent: only the fresh one is kept
  } catch (error) {
    return upstreamFailureAnswer(request, error, { endpoint: 'getToken' })
  }
  signUpSlot.clear(request)
  // Signed in on the console as after a password sign-in (issue 18 point 6): the ticketed URL
  // consoleLogin answers; only if the hand-over fails, the region's bare console (logged there).
  const handedOver = await consoleHandOver(
    request,
    topology,
    environment,
    request.session.get('token') ?? token,
  )
  const region = topology.environments[environment]?.region
  const url = handedOver ?? (region ? topology.regions[region]?.consoleUrl : undefined)
  if (!url) return { status: 503, body: envelope('503', t(failureTextKey('unavailable'))) }
  return ok(envelope(RET_CODES.success, 'success', { url }))
}

/**
 * The page's fetch calls: `GET /auth/sign_up/flow` (where the sign-up stands),
 * `POST /auth/sign_up/flow/back`, `/restart`, `/finish` and `POST /auth/console`. The same steps
 * answer a form posted without JavaScript (sign-up-form.server.ts).
 */
export async function signUpFlowRoutes(
  app: FastifyInstance,
  options: { publicOrigin: string | undefined; topology: Topology },
) {
  const https = options.publicOrigin?.startsWith('https:') ?? false
  // Every route here is for our pages' fetch calls (route({ ownPages: 'fetch' })): one guard.
  const fetchOnly = route({ ownPages: 'fetch' })
  const send = (reply: FastifyReply, answer: StepAnswer) => reply.code(answer.status).send(answer.body)

  app.get('/auth/sign_up/flow', fetchOnly, async (request, reply) => {
    await takeHandoff(request)
    return reply.send(envelope(RET_CODES.success, 'success', signUpView(request)))
  })

  app.post('/auth/sign_up/flow/back', fetchOnly, async (request, reply) =>
    reply.send(envelope(RET_CODES.success, 'success', signUpBack(request))),
  )

  app.post('/auth/sign_up/flow/restart', fetchOnly, async (request, reply) =>
    reply.send(envelope(RET_CODES.success, 'success', await signUpRestart(request))),
  )

  app.post(
    '/auth/sign_up/flow/finish',
    route({ ownPages: 'fetch', spends: 'signUp', action: 'signUpSetup' }),
    async (request, reply) => send(reply, await finishSignUp(request, options.topology)),
  )

  app.post('/auth/console', fetchOnly, async (request, reply) => {
    const answer = await openSignUpConsole(request, options.topology)
    return answer ? send(reply, answer) : sendRefusal(request, reply, 401, { https })
  })
}
