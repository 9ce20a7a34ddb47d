import type { SimulatedProvider } from './types.ts'

/** A SAML identity provider: its assertion is checked upstream, the app gets authId and retCode. */
export const saml: SimulatedProvider = {
  provider: 'saml',
  title: 'SAML identity provider (sandbox)',
  prompt: 'Your company identity provider asks you to confirm the sign-in.',
  choices: [
    { id: 'success', label: 'Confirm (success)', params: { authId: 'saml-auth-demo', retCode: '000000' } },
    {
      id: 'not-linked',
      label: 'Confirm with an account that is not linked (700627)',
      params: { authId: 'saml-auth-unlinked', retCode: '700627' },
    },
    { id: 'missing', label: 'Come back without authId (missing parameters)', params: { retCode: '000000' } },
  ],
}
