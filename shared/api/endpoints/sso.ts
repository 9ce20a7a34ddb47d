import { endpoints, LOGIN } from './define.ts'

/** Enterprise single sign-on and the Microsoft return. */
export const ssoEndpoints = endpoints({
  aadLogin: { access: 'flow', session: 'signsIn', path: `${LOGIN}/sso/aadLogin`, limit: 'signIn' },
  aadLoginOverseas: {
    access: 'flow',
    session: 'signsIn',
    path: `${LOGIN}/sso/aadLoginOverseas`,
    limit: 'signIn',
  },
  ssoAccessAuth: { access: 'flow', session: 'signsIn', path: 'basic-sso/access/auth', limit: 'signIn' },
  samlAuthenticate: { access: 'flow', path: 'basic-sso/saml2/authenticate/{id}', limit: 'signIn' },
})
