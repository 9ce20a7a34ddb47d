import { type FieldOfCode, fieldOfAnswer } from '../forms/field-of-code.ts'
import { RESEND_WAIT_SECONDS } from './reset-flow.ts'
import { RET_CODES } from './ret-codes.ts'

export { RESEND_WAIT_SECONDS }

/** Spec §9: the free trial's length, shown on the welcome page. */
export const TRIAL_DAYS = 15
/** Seconds the welcome page counts down before it opens the console. */
export const WELCOME_COUNTDOWN_SECONDS = 5

export type SignUpStep = 'credentials' | 'sent' | 'setup' | 'questionnaire' | 'finish' | 'limit' | 'welcome'

/** The account-setup fields the page can show again when the user goes back a step. */
export interface SignUpDetailsView {
  firstName: string
  lastName: string
  company: string
  jobTitle: string
  areaCode: string
  phone: string
  referralCode?: string
  notes?: string
}

/** What `GET /auth/sign_up/flow` tells the page; never a link id, a token or a password. */
export interface SignUpFlowView {
  step: SignUpStep
  email?: string
  /** The one-page phone sign-up (registerSgH5): no separate setup step. */
  mobile?: boolean
  /** Seconds until another verification e-mail may be asked for. */
  resendInSeconds?: number
  /** When the 24-hour verification e-mail limit frees up again (ISO). */
  freesAt?: string
  details?: SignUpDetailsView
}

/** Spec §8 codes of the account-setup fields, and the field each one belongs to. */
export const SIGN_UP_FIELD_OF_CODE: FieldOfCode<string> = {
  [RET_CODES.emailRegistered]: 'email',
  [RET_CODES.emailEmpty]: 'email',
  [RET_CODES.emailInvalid]: 'email',
  [RET_CODES.passwordFormat]: 'password',
  [RET_CODES.captchaEmpty]: 'captcha',
  [RET_CODES.captchaIncorrect]: 'captcha',
  [RET_CODES.companyInvalid]: 'company',
  [RET_CODES.phoneInvalid]: 'phone',
  [RET_CODES.invalidInput]: 'form',
  [RET_CODES.firstNameEmpty]: 'firstName',
  [RET_CODES.firstNameInvalid]: 'firstName',
  [RET_CODES.lastNameEmpty]: 'lastName',
  [RET_CODES.lastNameInvalid]: 'lastName',
  [RET_CODES.fullNameEmpty]: 'fullName',
  [RET_CODES.fullNameInvalid]: 'fullName',
  [RET_CODES.referralCodeInvalid]: 'referralCode',
  [RET_CODES.jobTitleInvalid]: 'jobTitle',
}

/**
 * What the server renders the sign-up page with when the page depends on this session (a sign-up
 * under way, a signed-in welcome, or the answer to a form posted without JavaScript): the step
 * from the session, and the session-bound token its plain forms carry (issue 21). Such a render is
 * never served from or stored in the page cache.
 */
export interface SignUpResume {
  step: SignUpStep
  mobile: boolean
  flow: SignUpFlowView
  /** `_csrf` of the step's plain forms (@fastify/csrf-protection, bound to this session). */
  csrfToken: string
  /** When a new verification e-mail may be asked for ("14:32 UTC"): the "sent" step says so as plain text. */
  resendAt?: string
}

/** Where the e-mailed verification link leads (the verify page; sandbox/sign-up.ts `verifyLinkPath`). */
export const VERIFY_LINK_PATH = '/auth/sign_up/verify'

/** The plain-form steps of the sign-up page (`step` field of each `<form method="post">`). */
export const SIGN_UP_FORM_STEPS = [
  'credentials',
  'sent',
  'limit',
  'setup',
  'questionnaire',
  'finish',
  'welcome',
] as const
export type SignUpFormStep = (typeof SIGN_UP_FORM_STEPS)[number]

/**
 * The one place that turns a failed sign-up answer into field errors (conventions #7), for the
 * page's fetch calls and the server's answer to a plain post alike: a BFF validation refusal names
 * its field in `item.field`; upstream codes map to their field; anything else is the form's own.
 */
export function signUpErrorsOf(answer: {
  retCode: string
  retMsg: string
  item?: unknown
}): Record<string, string> {
  return { [fieldOfAnswer(answer, SIGN_UP_FIELD_OF_CODE)]: answer.retMsg }
}
