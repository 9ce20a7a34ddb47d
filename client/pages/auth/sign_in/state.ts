import type { SignInFlowView } from '../../../../shared/api/sign-in-flow.ts'
import type { FormState } from '../../../../shared/forms/form-state.ts'
import type { FieldErrors } from '../../../components/form/useFieldErrors.ts'

/**
 * Where the sign-in page stands, kept in one reducer. The server owns the flow (the session's
 * `signIn` slot); every step's answer carries the flow as it now stands (`item.flow`), and the
 * page follows it — to the e-mail step too, when the server ended the flow (a lockout, another
 * tab, a flow that timed out): the page never shows a step the server no longer has (issue 48).
 */

export type Step = SignInFlowView['step']

export interface SignInState {
  step: Step
  email: string
  /** The account's environments when it lives in several, and the one chosen. */
  environments: string[]
  environment: string
  /** The account's company wants an e-mailed code after the password. */
  emailCodeRequired: boolean
  /** After wrong passwords the account asks for a captcha. */
  captchaNeeded: boolean
  /** At the code step: when a new code may be asked for (ms since the epoch). */
  resendAt: number | undefined
  /** The last refusal was a lockout: the reset link goes beside its message. */
  lockedOut: boolean
  /** The account has no activated product: the notice instead of the form. */
  notActivated: boolean
}

export type SignInAction =
  | { type: 'typedEmail'; email: string }
  | { type: 'choseEnvironment'; environment: string }
  /** A step answered: the flow as the server now has it (none when the call did not reach it). */
  | { type: 'answered'; flow: SignInFlowView | undefined; lockedOut?: boolean }
  | { type: 'notActivated' }
  /** "Change email": back to the first step (the server forgets its flow too). */
  | { type: 'back' }

/** Where a page starts: the flow the server rendered it at, or what a plain post answered. */
export function initialSignInState(resumed: SignInFlowView | null, posted: FormState | null): SignInState {
  const postedEmail = typeof posted?.values.email === 'string' ? posted.values.email : ''
  return {
    step: resumed?.step ?? 'email',
    email: resumed?.email ?? postedEmail,
    environments: resumed?.environments ?? [],
    environment: resumed?.environments?.[0] ?? '',
    emailCodeRequired: resumed?.emailCodeRequired ?? false,
    captchaNeeded: resumed?.captchaRequired ?? false,
    resendAt: resumed?.resendAt,
    lockedOut: posted?.notice === 'locked',
    notActivated: posted?.notice === 'notActivated',
  }
}

export function signInReducer(state: SignInState, action: SignInAction): SignInState {
  switch (action.type) {
    case 'typedEmail':
      return { ...state, email: action.email }
    case 'choseEnvironment':
      return { ...state, environment: action.environment }
    case 'notActivated':
      return { ...state, notActivated: true }
    case 'back':
      return { ...state, step: 'email', lockedOut: false, notActivated: false, captchaNeeded: false }
    case 'answered': {
      const { flow } = action
      const lockedOut = action.lockedOut === true
      if (!flow) return { ...state, lockedOut }
      return {
        ...state,
        step: flow.step,
        email: flow.email ?? state.email,
        emailCodeRequired: flow.emailCodeRequired === true,
        captchaNeeded: flow.captchaRequired === true,
        ...(flow.environments
          ? { environments: flow.environments, environment: flow.environments[0] ?? '' }
          : {}),
        resendAt: flow.resendAt,
        lockedOut,
      }
    }
  }
}

/**
 * Errors where the step shows them: a password error while the password field is not shown (the
 * flow ended, e.g. a lockout) goes under the form instead.
 */
export function placedErrors(errors: FieldErrors, step: Step): FieldErrors {
  const { password, ...others } = errors
  if (password === undefined) return errors
  return step === 'password' ? errors : { ...others, form: others.form ?? password }
}

/** The errors a plain post answered (the captcha's are its own: the captcha shows them). */
export function postedErrors(posted: FormState | null, step: Step): FieldErrors {
  const { captcha: _captchaOwn, ...errors } = posted?.errors ?? {}
  return placedErrors(errors, step)
}
