import { SSO_MICROSOFT_ACCOUNT } from '../fixtures.ts'
import type { SandboxProvider } from './sso-types.ts'

/**
 * Microsoft Entra ID's authorization-code return: `code`, `state` and `session_state` on the
 * redirect URI; a declined consent comes back as `error=access_denied` with the state.
 */
export const microsoft: SandboxProvider = {
  id: 'microsoft',
  title: 'Microsoft (sandbox)',
  identityLabel: 'Work account e-mail',
  defaultIdentity: SSO_MICROSOFT_ACCOUNT.email,
  approve(request, identity, { grants }) {
    const code = grants.issue('microsoft', identity)
    return { provider: 'microsoft', code, state: request.state, session_state: `ss-${code.slice(-8)}` }
  },
  decline(request) {
    return {
      provider: 'microsoft',
      error: 'access_denied',
      error_description: 'The user declined',
      state: request.state,
    }
  },
}
