import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SignUpResume } from '../../shared/api/sign-up-flow.ts'
import { clockTime } from '../../shared/clock-time.ts'
import type { FormState } from '../../shared/forms/form-state.ts'
import { signUpView, takeHandoff } from '../routes/sign-up-flow.server.ts'

export type { SignUpResume }

const SIGN_UP_PAGE = '/auth/sign_up'

function isSignUpPage(request: FastifyRequest): boolean {
  const queryStart = request.url.indexOf('?')
  const pathname = queryStart < 0 ? request.url : request.url.slice(0, queryStart)
  return pathname === SIGN_UP_PAGE || pathname === `${SIGN_UP_PAGE}/`
}

/**
 * Whether the sign-up page depends on this session (issue 18 point 16): a sign-up under way past
 * its first form. Such a render is never served from or stored in the page cache (page-cache/key.ts).
 */
export function signUpResumeOf(request: FastifyRequest): boolean {
  return isSignUpPage(request) && Boolean(request.session?.get('signUp'))
}

/**
 * The sign-up page's state from the session, for a render of this request alone (issue 21): the
 * step as the flow holds it (a link opened in another browser taken first), so the page shows
 * that step's form on the server — with JavaScript off too — and the session-bound token its plain
 * forms carry. Null for a visitor with no sign-up (the cached first form).
 */
export async function signUpPageStateOf(
  request: FastifyRequest,
  reply: FastifyReply,
  formState: FormState | undefined,
): Promise<SignUpResume | null> {
  if (!isSignUpPage(request)) return null
  const answersForm = formState?.form === 'signUp'
  if (!answersForm && !request.session?.get('signUp') && !request.sessionUser()) return null
  await takeHandoff(request)
  const flow = signUpView(request)
  // The token's secret lives in the session (pre-session included): it needs one to live in.
  request.ensureSession()
  return {
    step: flow.step,
    mobile: flow.mobile === true,
    flow,
    csrfToken: reply.generateCsrf(),
    ...(flow.resendInSeconds
      ? { resendAt: clockTime(Date.now() + flow.resendInSeconds * 1000, request.language) }
      : {}),
  }
}
