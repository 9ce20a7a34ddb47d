import type { SimulatedProvider } from './types.ts'

/** Microsoft Entra ID: sends back an authorization code (and session_state on sign-in). */
export const microsoft: SimulatedProvider = {
  provider: 'microsoft',
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
}
