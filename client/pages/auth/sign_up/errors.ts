import { signUpErrorsOf } from '../../../../shared/api/sign-up-flow.ts'
import type { ApiEnvelope } from '../../../../shared/envelope.ts'

export type FieldErrors = Record<string, string>

/**
 * The one place that turns a failed sign-up answer into what the page shows (conventions #7);
 * shared with the server's answer to a form posted without JavaScript (signUpErrorsOf).
 */
export function signUpErrors(answer: ApiEnvelope): FieldErrors {
  return signUpErrorsOf(answer)
}
