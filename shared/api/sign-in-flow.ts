import type { EndpointRoute } from './endpoints/define.ts'

/** Where a password sign-in stands (server/routes/sign-in-flow.server.ts); `email` before it starts. */
export type SignInStep = 'email' | 'environment' | 'password' | 'code'

/**
 * What the sign-in page may know of the flow this session has under way: never the password,
 * the code or an upstream host. Rendered into the page on the server (a step from the session is
 * never served from the page cache) and answered by every step with `item.flow`.
 */
export interface SignInFlowView {
  step: SignInStep
  /** The address the flow is for, as the visitor typed it. */
  email?: string
  /** The account's environments (names only), when it lives in several: the picker's choices. */
  environments?: string[]
  /** The account's company wants an e-mailed code after the password. */
  emailCodeRequired?: boolean
  /** After wrong passwords the account asks for a captcha. */
  captchaRequired?: boolean
  /** At the code step: when a new code may be asked for (ms since the epoch). */
  resendAt?: number
}

/**
 * The steps, called from the page with the same client as `/api` endpoints (language header,
 * time-outs, localised errors). The server holds the address, the environments and, at the code
 * step, the password: the page sends only what the user typed at this step.
 */
function step(name: string, path: string, limit: EndpointRoute['limit']): EndpointRoute {
  return Object.freeze({ name, path, method: 'POST', json: true, limit, access: 'page', base: '' })
}

export const signInSteps = Object.freeze({
  /** `{ email }`: starts (or restarts) the flow. */
  email: step('signInEmail', 'auth/sign_in/flow/email', 'signIn'),
  /** `{ environment }`: one of the account's environments. */
  environment: step('signInEnvironment', 'auth/sign_in/flow/environment', undefined),
  /** `{ password, captchaPass?, productCode?, appType? }`: signs in, or sends the e-mailed code. */
  password: step('signInPassword', 'auth/sign_in/flow/password', 'signIn'),
  /** `{ code }`: the e-mailed code, with the password the server kept. */
  code: step('signInCode', 'auth/sign_in/flow/code', 'signIn'),
  /** `{}`: a new e-mailed code, refused before `resendAt`. */
  resend: step('signInResend', 'auth/sign_in/flow/resend', 'code'),
  /** `{}`: back to the e-mail (forgets the flow). */
  back: step('signInBack', 'auth/sign_in/flow/back', undefined),
})
