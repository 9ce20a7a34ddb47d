import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Topology } from '../../config/index.ts'
import type { EndpointName } from '../../shared/api/endpoints.ts'
import { RET_CODES } from '../../shared/api/ret-codes.ts'
import type { SignInFlowView } from '../../shared/api/sign-in-flow.ts'
import { clockTime } from '../../shared/clock-time.ts'
import { type ApiEnvelope, envelope, isSuccess } from '../../shared/envelope.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import { ENVIRONMENT_NAMES } from '../../shared/regions.ts'
import { verificationCode } from '../../shared/schemas/fields.ts'
import { consoleLoginSchema, emailOnlySchema } from '../../shared/schemas/signIn.ts'
import { notInFlowAnswer } from '../not-in-flow.ts'
import { route } from '../plugins/app/own-pages.ts'
import { refusedInput } from '../refused-input.ts'
import { sessionSlot } from '../session-slot.server.ts'
import { callEndpoint } from '../upstream/call-endpoint.server.ts'
import { UpstreamError } from '../upstream/errors.ts'
import { upstreamFailureAnswer } from '../upstream/failure-answer.ts'
import { trustedConsoleUrl } from './api/console-url.ts'
import { rememberAccountEnvironments } from './api/environment.ts'
import { withoutTokens } from './api/tokens.ts'
import { signInFromAnswer } from './sign-in-answer.server.ts'

/**
 * The password sign-in owned by the server (docs/flows/sign-in.md, issue 17): e-mail, the
 * environment picker, the password, the e-mailed code and the notices. Each step is one function
 * here; the page's fetch calls (`POST /auth/sign_in/flow/<step>`, below) and the plain form post
 * without JavaScript (`POST /auth/sign_in`, sign-in-form.server.ts) both call it.
 */
export interface SignInFlowState {
  step: 'environment' | 'password' | 'code'
  /** The address as typed at the e-mail step: every later call takes it from here, never a body. */
  email: string
  emailCodeRequired: boolean
  captchaRequired: boolean
  /** When the last step ran (ms): the flow is forgotten 15 minutes later. */
  at: number
  /** At the code step: when a new code may be asked for (ms). */
  resendAt?: number
  /**
   * At the code step only: the password the upstream already accepted (sendVerifyCode), which
   * `consoleLogin` needs again with the code (spec §7). Why here: without JavaScript the page has
   * nowhere else to keep it, and a password is never written into a page. The sealed cookie is
   * encrypted and authenticated (security.md #2) and HttpOnly; the value lives at most the flow's
   * 15 minutes and is dropped at the sign-in, at "change e-mail" and with the flow.
   */
  password?: string
}

declare module '@fastify/secure-session' {
  interface SessionData {
    signIn: SignInFlowState
  }
}

/** A sign-in left this long is forgotten (the e-mailed code lives 5 minutes, a resend restarts it). */
export const SIGN_IN_FLOW_TTL_MS = 15 * 60_000
/** Spec §9: a new code one minute after the last, unless the upstream says otherwise. */
const RESEND_WAIT_SECONDS = 60
/** Ours, not the upstream's: the step is not where this session's sign-in stands (or none is). */
export /** A new code asked for within the upstream's wait (spec §8). */
const TOO_SOON = RET_CODES.tooSoon
/** Too many wrong passwords (spec §8). */
const LOCKED = RET_CODES.locked
/** The codes of the notices the page shows instead of an error (ADR 0055). */
export const PRODUCT_NOT_ACTIVATED = RET_CODES.productNotActivated
export const WORKBENCH_RESTRICTED = RET_CODES.workbenchRestricted

export const signInSlot = sessionSlot('signIn', { expiresAt: (flow) => flow.at + SIGN_IN_FLOW_TTL_MS })

/** What the page may know of this session's sign-in: never the password. */
export function signInView(request: FastifyRequest, now = Date.now()): SignInFlowView {
  const flow = signInSlot.get(request, now)
  if (!flow) return { step: 'email' }
  const environments = request.session.get('accountEnvironments') ?? []
  return {
    step: flow.step,
    email: flow.email,
    emailCodeRequired: flow.emailCodeRequired,
    captchaRequired: flow.captchaRequired,
    ...(flow.step === 'environment' ? { environments: [...environments] } : {}),
    ...(flow.step === 'code' && flow.resendAt ? { resendAt: flow.resendAt } : {}),
  }
}

/** A page showing a step from the session: rendered for this request, never from the page cache. */
export function signInFlowOf(request: FastifyRequest): SignInFlowView | null {
  const queryStart = request.url.indexOf('?')
  const pathname = queryStart < 0 ? request.url : request.url.slice(0, queryStart)
  if (pathname !== '/auth/sign_in' && pathname !== '/auth/sign_in/') return null
  if (!request.session?.get('signIn')) return null
  const view = signInView(request)
  return view.step === 'email' ? null : view
}

/**
 * What a step answers: the envelope the page gets (the upstream's, without tokens, or ours), the
 * flow as it stands after the step, and the HTTP status (200 unless the upstream was unreachable).
 */
export interface StepResult {
  answer: ApiEnvelope
  view: SignInFlowView
  status: number
  /** Set when the step signed in: where the page goes next (the checked console address). */
  signedIn?: { consoleUrl: string | undefined; passwordChangeDue: boolean }
}

export type SignInStepName = 'email' | 'environment' | 'password' | 'code' | 'resend' | 'back'

export interface SignInFlow {
  run(request: FastifyRequest, step: SignInStepName, body: unknown): Promise<StepResult>
}

const passwordInput = consoleLoginSchema
  .pick({ password: true, captchaPass: true, productCode: true, appType: true })
  // The address the page shows beside the password field (issue 46): another tab may have started
  // a sign-in of another address in this session since; the password never goes to that one.
  .extend({ email: consoleLoginSchema.shape.email.optional() })
const codeInput = z.object({ code: verificationCode })
const environmentInput = z.object({ environment: z.enum(ENVIRONMENT_NAMES) })

/** The sign-in flow's steps against the configured upstreams: one implementation, two ways in. */
export function signInFlow(topology: Topology): SignInFlow {
  const t = (request: FastifyRequest) => i18nFor(request.language).t
  const result = (request: FastifyRequest, answer: ApiEnvelope, status = 200): StepResult => ({
    answer,
    view: signInView(request),
    status,
  })
  const notInFlow = (request: FastifyRequest) => {
    const refused = notInFlowAnswer(request, 'signInSteps:flowExpired')
    return result(request, refused.body, refused.status)
  }
  /** A body the step's schema refuses: 400 naming the field, as the `/api` proxy answers. */
  const invalid = (request: FastifyRequest, error: z.ZodError) =>
    result(request, refusedInput(request, error.issues), 400)
  const call = async (request: FastifyRequest, name: EndpointName, data: Record<string, unknown>) =>
    callEndpoint(request, topology, name, data, { bearerToken: null })
  const save = (request: FastifyRequest, flow: Omit<SignInFlowState, 'at'>) => {
    request.ensureSession()
    signInSlot.set(request, { ...flow, at: Date.now() })
  }
  /** Whether the account asks for a captcha now (getServiceLoginWrongTimes). */
  const captchaRequiredFor = async (request: FastifyRequest, email: string) => {
    const { answer } = await call(request, 'getServiceLoginWrongTimes', { email })
    return isSuccess(answer) && (answer.item as { captchaRequired?: unknown }).captchaRequired === true
  }

  async function email(request: FastifyRequest, body: unknown): Promise<StepResult> {
    const parsed = emailOnlySchema.safeParse(body ?? {})
    if (!parsed.success) return invalid(request, parsed.error)
    // A new address starts a new flow: nothing of another one is kept.
    signInSlot.clear(request)
    const address = parsed.data.email
    const checked = (await call(request, 'loginEmailCheck', { email: address })).answer
    if (!isSuccess(checked)) return result(request, withoutTokens(checked))
    const places = (await call(request, 'getAllEnvDomain', { email: address })).answer
    const environments = isSuccess(places) ? rememberAccountEnvironments(request, places.items, topology) : []
    save(request, {
      step: environments.length > 1 ? 'environment' : 'password',
      email: address,
      emailCodeRequired: (checked.item as { emailCodeRequired?: unknown }).emailCodeRequired === true,
      captchaRequired: await captchaRequiredFor(request, address),
    })
    return result(request, envelope(RET_CODES.success, 'success'))
  }

  async function environment(request: FastifyRequest, body: unknown): Promise<StepResult> {
    const flow = signInSlot.get(request)
    if (flow?.step !== 'environment') return notInFlow(request)
    const parsed = environmentInput.safeParse(body ?? {})
    const offered = request.session.get('accountEnvironments') ?? []
    // Only one getAllEnvDomain listed for this account, and one this deployment configures.
    if (
      !parsed.success ||
      !offered.includes(parsed.data.environment) ||
      !topology.environments[parsed.data.environment]
    )
      return result(
        request,
        { ...envelope('400', t(request)('errors:badRequest')), item: { field: 'environment' } },
        400,
      )
    request.session.set('environment', parsed.data.environment)
    save(request, { ...flow, step: 'password' })
    return result(request, envelope(RET_CODES.success, 'success'))
  }

  /** `consoleLogin` with the flow's address: a success becomes the session (the identity answered). */
  async function consoleSignIn(
    request: FastifyRequest,
    flow: SignInFlowState,
    data: Record<string, unknown>,
  ): Promise<StepResult> {
    const { answer, environment: env } = await call(request, 'consoleLogin', { ...data, email: flow.email })
    if (!isSuccess(answer)) {
      // A locked account's sign-in ends here: nothing but the wait or a reset opens it, and the
      // page says both; coming back later starts again at the e-mail.
      if (answer.retCode === LOCKED) {
        signInSlot.clear(request)
        return result(request, withoutTokens(answer))
      }
      if (answer.retCode === RET_CODES.captchaEmpty || answer.retCode === RET_CODES.captchaIncorrect)
        save(request, { ...flow, captchaRequired: true })
      else if (answer.retCode === RET_CODES.wrongAccountOrPassword)
        save(request, { ...flow, captchaRequired: await captchaRequiredFor(request, flow.email) })
      return result(request, withoutTokens(answer))
    }
    // The identity is the one the upstream answered for (security.md #21), and it must be the
    // flow's: a token naming nobody, or someone else, is a failed sign-in, never a session.
    const signedIn = signInFromAnswer(request, answer, {
      environment: env,
      expectedEmail: flow.email,
      endpoint: 'consoleLogin',
    })
    if (signedIn.kind !== 'identity') {
      const failed = upstreamFailureAnswer(request, new UpstreamError('badBody', 'no usable sign-in answer'))
      return result(request, failed.body, failed.status)
    }
    signInSlot.clear(request)
    const consoleUrl = trustedConsoleUrl(answer.item.consoleUrl, env, topology)
    const passwordChangeDue = answer.item.passwordChangeDue === true
    const safe = withoutTokens(answer)
    return {
      answer: { ...safe, item: { ...safe.item, consoleUrl } },
      view: { step: 'email' },
      status: 200,
      signedIn: { consoleUrl, passwordChangeDue },
    }
  }

  async function password(request: FastifyRequest, body: unknown): Promise<StepResult> {
    const flow = signInSlot.get(request)
    if (flow?.step !== 'password') return notInFlow(request)
    const parsed = passwordInput.safeParse(body ?? {})
    if (!parsed.success) return invalid(request, parsed.error)
    const { email: shown, ...typed } = parsed.data
    if (shown !== undefined && shown.trim().toLowerCase() !== flow.email.trim().toLowerCase())
      return result(request, envelope('409', t(request)('signInSteps:otherAddress')), 409)
    if (!flow.emailCodeRequired) return consoleSignIn(request, flow, typed)
    // The company wants an e-mailed code: the BFF makes the upstream's GET with the password
    // base64-encoded (masked in every log line); the code goes to the account's address.
    const { answer } = await call(request, 'sendVerifyCode', {
      email: flow.email,
      password: parsed.data.password,
    })
    if (!isSuccess(answer)) return result(request, withoutTokens(answer))
    const wait =
      Number((answer.item as { resendAfterSeconds?: unknown }).resendAfterSeconds) || RESEND_WAIT_SECONDS
    save(request, {
      ...flow,
      step: 'code',
      password: parsed.data.password,
      resendAt: Date.now() + wait * 1000,
    })
    return result(request, envelope(RET_CODES.success, 'success', { resendAfterSeconds: wait }))
  }

  async function code(request: FastifyRequest, body: unknown): Promise<StepResult> {
    const flow = signInSlot.get(request)
    if (flow?.step !== 'code' || !flow.password) return notInFlow(request)
    const parsed = codeInput.safeParse(body ?? {})
    if (!parsed.success) return invalid(request, parsed.error)
    const product = passwordInput.pick({ productCode: true, appType: true }).safeParse(body ?? {})
    return consoleSignIn(request, flow, {
      password: flow.password,
      code: parsed.data.code,
      ...(product.success ? product.data : {}),
    })
  }

  async function resend(request: FastifyRequest): Promise<StepResult> {
    const flow = signInSlot.get(request)
    if (flow?.step !== 'code') return notInFlow(request)
    // The upstream keeps the wait (700631 within the minute) and its clock decides: the BFF's
    // may differ from it. A refusal says when, in words the page shows without JavaScript
    // ("you can ask for a new code at 14:32 UTC").
    const { answer } = await call(request, 'sendEmailRandomCode', { email: flow.email })
    if (answer.retCode === TOO_SOON && flow.resendAt)
      return result(
        request,
        envelope(
          TOO_SOON,
          t(request)('signInSteps:resendAt', { time: clockTime(flow.resendAt, request.language) }),
          {
            resendAfterSeconds: Math.max(1, Math.ceil((flow.resendAt - Date.now()) / 1000)),
          },
        ),
      )
    if (!isSuccess(answer)) return result(request, withoutTokens(answer))
    const wait =
      Number((answer.item as { resendAfterSeconds?: unknown }).resendAfterSeconds) || RESEND_WAIT_SECONDS
    save(request, { ...flow, resendAt: Date.now() + wait * 1000 })
    return result(request, envelope(RET_CODES.success, 'success', { resendAfterSeconds: wait }))
  }

  function back(request: FastifyRequest): StepResult {
    const flow = signInSlot.get(request)
    signInSlot.clear(request)
    return {
      ...result(request, envelope(RET_CODES.success, 'success')),
      view: { step: 'email', ...(flow ? { email: flow.email } : {}) },
    }
  }

  return {
    async run(request, step, body) {
      try {
        switch (step) {
          case 'email':
            return await email(request, body)
          case 'environment':
            return await environment(request, body)
          case 'password':
            return await password(request, body)
          case 'code':
            return await code(request, body)
          case 'resend':
            return await resend(request)
          case 'back':
            return back(request)
        }
      } catch (error) {
        const failed = upstreamFailureAnswer(request, error, { step })
        return result(request, failed.body, failed.status)
      }
    },
  }
}

/** Each step's bucket and the action it is part of (one unit pays for a whole password sign-in). */
export const STEP_SPENDING = {
  email: { spends: 'signIn', action: 'passwordSignIn' },
  environment: {},
  password: { spends: 'signIn', action: 'passwordSignIn' },
  code: { spends: 'signIn', action: 'passwordSignIn' },
  resend: { spends: 'code' },
  back: {},
} as const satisfies Record<SignInStepName, Parameters<typeof route>[0]>

/**
 * `POST /auth/sign_in/flow/<step>`: the steps for the page's fetch calls (the one guard for our
 * pages' fetch calls; each spends its bucket). The answer is the step's envelope with the flow as
 * it stands in `item.flow`.
 */
export async function signInFlowRoutes(app: FastifyInstance, options: { flow: SignInFlow }) {
  for (const step of Object.keys(STEP_SPENDING) as SignInStepName[]) {
    app.post(
      `/auth/sign_in/flow/${step}`,
      route({ ownPages: 'fetch', ...STEP_SPENDING[step] }),
      async (request: FastifyRequest, reply: FastifyReply) => {
        const { answer, view, status } = await options.flow.run(request, step, request.body)
        return reply
          .code(status)
          .type('application/json; charset=utf-8')
          .send({ ...answer, item: { ...answer.item, flow: view } })
      },
    )
  }
}
