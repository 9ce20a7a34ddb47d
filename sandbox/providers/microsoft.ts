import { SSO_MICROSOFT_ACCOUNT } from '../fixtures.ts'
import type { SandboxProvider } from './types.ts'

/**
 * Microsoft Entra ID's authorization-code return: `code`, `state` and `session_state` on the
 * redirect URI; a declined consent comes back as `error=access_denied` with the state. The
 * external app's page offers fixed codes; the enterprise sign-in's page issues single-use ones.
 */
export const microsoft = {
  id: 'microsoft',
  title: 'Microsoft (sandbox)',
  prompt: 'Pick an account to continue to the customer-contact suite.',
  choices: [
    {
      id: 'success',
      label: 'Sign in as demo@sandbox.test',
      params: { code: 'ms-code-demo', session_state: 'ms-session' },
    },
    {
      id: 'not-linked',
      label: 'Sign in with an account that is not linked',
      params: { code: 'ms-code-unlinked', session_state: 'ms-session' },
    },
    {
      id: 'missing',
      label: 'Come back without a code (missing parameters)',
      params: { session_state: 'ms-session' },
    },
  ],
  identity: {
    label: 'Work account e-mail',
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
  },
} as const satisfies SandboxProvider
