import type { ResetFormState } from './reset-form.ts'

/**
 * What the server answers a form posted without JavaScript with (issue 21): the same page, with
 * what was typed (never a password), the errors at their fields, and what the next try needs.
 * Rendered per request, never cached; the page starts from it instead of empty fields.
 */
export interface FormState {
  /** Which form of the page the state belongs to. */
  form: 'demo' | 'reset' | 'externalApp' | 'channelConsent' | 'signIn' | 'signUp'
  values: Record<string, string | string[]>
  /** By field name; `form` is the form's own. */
  errors: Record<string, string>
  /**
   * The upstream's captcha question, asked by the server for the next post; `needsScript` when the
   * configured provider's widget cannot run without JavaScript (beside a question: the upstream
   * still offers its own, the fallback without JavaScript; sign-in-captcha.server.ts).
   */
  captcha?: { challengeId: string; a: number; b: number; needsScript?: boolean } | 'needsScript'
  /** A notice the page shows instead of (or beside) the form, e.g. sign-in's `notActivated`. */
  notice?: string
  /** The form went through: what the confirmation shows. */
  done?: { email: string }
  /** The reset page's step, resend time and form token (shared/forms/reset-form.ts). */
  reset?: ResetFormState
  /** The external app's flow and the provider return it was just sent back with (server-read). */
  externalApp?: import('../external-login/app.ts').ExternalFlowView
  /**
   * The session's form token for a page whose plain form must work for a visitor too (the
   * consent's Cancel); `pageContext.csrfToken` is minted for signed-in pages only.
   */
  csrfToken?: string
  /** The channel waiting for consent, as the server knows it from the session. */
  channelConsent?: import('../channels/consent.ts').ChannelConsentView
}
