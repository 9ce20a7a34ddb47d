import { SSO_SAML_ACCOUNT } from '../fixtures.ts'
import type { SandboxProvider } from './sso-types.ts'

/**
 * A SAML identity provider together with the upstream's assertion consumer: the real upstream
 * receives the assertion and sends the browser back with `provider=saml&authId&retCode`, which the
 * app redeems with `basic-sso/access/auth`. The sandbox folds both hops into one redirect.
 */
export const saml: SandboxProvider = {
  id: 'saml',
  title: 'SAML identity provider (sandbox)',
  identityLabel: 'Corporate e-mail (NameID)',
  defaultIdentity: SSO_SAML_ACCOUNT.email,
  approve(request, identity, { grants }) {
    const authId = grants.issue('saml', identity, { configId: request.extra.configId ?? '' })
    return { provider: 'saml', authId, retCode: '000000', state: request.state }
  },
  decline(request) {
    return { provider: 'saml', retCode: '999999', state: request.state }
  },
}
