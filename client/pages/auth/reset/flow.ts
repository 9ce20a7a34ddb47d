import type { ResetFlowView } from '../../../../shared/api/reset-flow.ts'
import { RET_CODES } from '../../../../shared/api/ret-codes.ts'
import type { ApiEnvelope } from '../../../../shared/envelope.ts'

const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' }

async function read(response: Response): Promise<ResetFlowView> {
  const answer = (await response.json()) as ApiEnvelope<ResetFlowView>
  return answer.retCode === RET_CODES.success ? answer.item : { step: 'request' }
}

/** Where the reset in this browser's session stands (kept sealed by the BFF, so a reload resumes it). */
export async function loadResetFlow(): Promise<ResetFlowView> {
  try {
    return await read(await fetch('/auth/reset/flow', { credentials: 'same-origin', headers: HEADERS }))
  } catch {
    return { step: 'request' }
  }
}

/** Forgets the reset in progress: "use another email or number". */
export async function restartResetFlow(): Promise<ResetFlowView> {
  try {
    return await read(
      await fetch('/auth/reset/flow/restart', {
        method: 'POST',
        credentials: 'same-origin',
        headers: HEADERS,
      }),
    )
  } catch {
    return { step: 'request' }
  }
}
