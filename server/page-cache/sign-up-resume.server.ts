import type { FastifyRequest } from 'fastify'
import type { SignUpStep } from '../../shared/api/sign-up-flow.ts'

const SIGN_UP_PAGE = '/auth/sign_up'

/** What the sign-up page needs to render a sign-up under way in the right place. */
export interface SignUpResume {
  step: SignUpStep
  mobile: boolean
}

/**
 * A sign-up this session has under way past its first form (issue 18 point 16): the page renders
 * its step's frame (stepper and a short "picking up" status) on the server instead of the first
 * form, which flashed on every reload until the flow arrived. Such a render depends on the
 * session, so it is never served from or stored in the page cache (page-cache/key.ts).
 */
export function signUpResumeOf(request: FastifyRequest): SignUpResume | null {
  const queryStart = request.url.indexOf('?')
  const pathname = queryStart < 0 ? request.url : request.url.slice(0, queryStart)
  if (pathname !== SIGN_UP_PAGE && pathname !== `${SIGN_UP_PAGE}/`) return null
  const flow = request.session?.get('signUp')
  if (!flow) return null
  return { step: flow.step, mobile: flow.mobile === true }
}
