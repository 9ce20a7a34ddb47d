import { endpoints, LOGIN } from './define.ts'

/** Enterprise single sign-on and the Microsoft return. */
export const ssoEndpoints = endpoints({
  aadLogin: { path: `${LOGIN}/sso/aadLogin`, limit: 'signIn' },
  aadLoginOverseas: { path: `${LOGIN}/sso/aadLoginOverseas`, limit: 'signIn' },
  ssoAccessAuth: { path: 'basic-sso/access/auth', limit: 'signIn' },
  samlAuthenticate: { path: 'basic-sso/saml2/authenticate/{id}', limit: 'signIn' },
})
