import { SIGN_UP_FIELD_OF_CODE } from '../../../../shared/api/sign-up-flow.ts'
import type { ApiEnvelope } from '../../../../shared/envelope.ts'

export type FieldErrors = Record<string, string>

/**
 * The one place that turns a failed sign-up answer into what the page shows (conventions #7): a
 * BFF validation refusal names its field in `item.field`; upstream codes map to their field;
 * anything else is the form's own message.
 */
export function signUpErrors(answer: ApiEnvelope): FieldErrors {
  const field = (answer.item as { field?: unknown }).field
  if (answer.retCode === '400' && typeof field === 'string' && field) return { [field]: answer.retMsg }
  return { [SIGN_UP_FIELD_OF_CODE[answer.retCode] ?? 'form']: answer.retMsg }
}
