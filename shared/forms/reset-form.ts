import type { ResetFlowView } from '../api/reset-flow.ts'
import { pastedLinkOf } from './emailed-link.ts'

/**
 * Where the reset page stands when the server renders it: the answer to a step posted as a plain
 * form (issue 21), or a reload with a reset under way in the session. The page's own view, as the
 * page keeps it with JavaScript.
 */
export type ResetPageStep =
  | { kind: 'flow'; flow: ResetFlowView }
  /** An e-mailed link this session checked: its new password. */
  | { kind: 'link'; email: string }
  | { kind: 'expired' }

/** What the server adds to `FormState` for the reset page. */
export interface ResetFormState {
  step: ResetPageStep
  /**
   * When a new link or code may be asked for, as the page shows it without JavaScript ("at
   * 14:32 UTC"): formatted by the server, so the hydrated page shows the very same text.
   */
  resendAt?: string
  /**
   * The session's form token (@fastify/csrf-protection) for the steps past the first. The first
   * step's page is often the cached one everyone gets, which carries no token (see the routes).
   */
  formToken?: string
  /** A short word for the form as a whole that is not an error ("Sent again."). */
  notice?: string
}

/** The steps a plain form posts to: `POST /auth/reset?step=<step>`. */
export const RESET_FORM_STEPS = [
  'request',
  'resend',
  'code',
  'password',
  'link',
  'linkPassword',
  'restart',
] as const
export type ResetFormStep = (typeof RESET_FORM_STEPS)[number]

/** The action of a reset step's form, in the page's language when the page's URL names one. */
export function resetFormAction(step: ResetFormStep, languageParam: string | undefined): string {
  return `/auth/reset?step=${step}${languageParam ? `&language=${languageParam}` : ''}`
}

/**
 * The id of an e-mailed reset link pasted whole (`…/auth/reset#id=…`), or the id alone: what the
 * page reads from its own URL with JavaScript, read here from what the visitor pasted.
 */
export function resetLinkIdOf(pasted: string): string | undefined {
  return pastedLinkOf(pasted)?.id
}
