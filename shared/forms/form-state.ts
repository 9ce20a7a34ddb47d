/**
 * What the server answers a form posted without JavaScript with (issue 21): the same page, with
 * what was typed (never a password), the errors at their fields, and what the next try needs.
 * Rendered per request, never cached; the page starts from it instead of empty fields.
 */
export interface FormState {
  /** Which form of the page the state belongs to. */
  form: 'demo' | 'signUp'
  values: Record<string, string | string[]>
  /** By field name; `form` is the form's own. */
  errors: Record<string, string>
  /**
   * The upstream's captcha question, asked by the server for the next post; `needsScript` when the
   * configured provider's widget cannot run without JavaScript.
   */
  captcha?: { challengeId: string; a: number; b: number } | 'needsScript'
  /** The form went through: what the confirmation shows. */
  done?: { email: string }
}
