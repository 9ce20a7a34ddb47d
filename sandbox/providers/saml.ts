import { SSO_SAML_ACCOUNT } from '../fixtures.ts'
import type { SandboxProvider } from './types.ts'

/**
 * A SAML identity provider together with the upstream's assertion consumer: the real upstream
 * receives the assertion and sends the browser back with `provider=saml&authId&retCode`, which the
 * app redeems with `basic-sso/access/auth`. The sandbox folds both hops into one redirect.
 */
export const saml = {
  id: 'saml',
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
  identity: {
    label: 'Corporate e-mail (NameID)',
    defaultIdentity: SSO_SAML_ACCOUNT.email,
    approve(request, identity, { grants }) {
      const authId = grants.issue('saml', identity, { configId: request.extra.configId ?? '' })
      return { provider: 'saml', authId, retCode: '000000', state: request.state }
    },
    decline(request) {
      return { provider: 'saml', retCode: '999999', state: request.state }
    },
  },
} as const satisfies SandboxProvider
