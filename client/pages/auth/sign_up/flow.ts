import { RET_CODES } from '../../../../shared/api/ret-codes.ts'
import type { SignUpFlowView } from '../../../../shared/api/sign-up-flow.ts'
import type { ApiEnvelope } from '../../../../shared/envelope.ts'

const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' }
const START: SignUpFlowView = { step: 'credentials' }

async function ask(path: string, method: 'GET' | 'POST'): Promise<SignUpFlowView> {
  try {
    const response = await fetch(path, { method, credentials: 'same-origin', headers: HEADERS })
    const answer = (await response.json()) as ApiEnvelope<SignUpFlowView>
    return answer.retCode === RET_CODES.success ? answer.item : START
  } catch {
    return START
  }
}

/** Where the sign-up in this browser's session stands (sealed by the BFF: a reload resumes it). */
export const loadSignUpFlow = () => ask('/auth/sign_up/flow', 'GET')
/** One step back, with what was typed kept. */
export const stepBack = () => ask('/auth/sign_up/flow/back', 'POST')
/** Forgets the sign-up in progress ("use another email"). */
export const restartSignUp = () => ask('/auth/sign_up/flow/restart', 'POST')

/** Exchanges the temporary token (kept sealed) and answers where the console is. */
export async function consoleUrl(): Promise<ApiEnvelope<{ url?: string }>> {
  const response = await fetch('/auth/console', {
    method: 'POST',
    credentials: 'same-origin',
    headers: HEADERS,
  })
  return (await response.json()) as ApiEnvelope<{ url?: string }>
}
