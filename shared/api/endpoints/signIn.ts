import { endpoints, LOGIN } from './define.ts'

/** Sign-in (spec §7): e-mail check, environments, password or e-mailed code, login config (WeCom's QR code: internal.ts). */
export const signInEndpoints = endpoints({
  loginEmailCheck: {
    access: 'page',
    path: `${LOGIN}/loginEmailCheck/4`,
    limit: 'signIn',
    action: 'passwordSignIn',
  },
  getServiceLoginWrongTimes: {
    access: 'page',
    path: `${LOGIN}/getServiceLoginWrongTimes/4`,
    limit: 'signIn',
    action: 'passwordSignIn',
  },
  serviceLoginNew: {
    access: 'page',
    session: 'signsIn',
    path: `${LOGIN}/serviceLoginNew/4`,
    limit: 'signIn',
    action: 'passwordSignIn',
  },
  consoleLogin: {
    access: 'page',
    session: 'signsIn',
    path: `${LOGIN}/account/consoleLogin`,
    limit: 'signIn',
    action: 'passwordSignIn',
  },
  sendEmailRandomCode: { access: 'page', path: `${LOGIN}/sendEmailRandomCode/4`, limit: 'code' },
  // The browser POSTs the plain password; the BFF makes the upstream GET with it base64-encoded
  // (shared/api/schemas.ts UPSTREAM_CONTRACTS): a password never stands in a browser URL.
  sendVerifyCode: { access: 'page', path: `${LOGIN}/account/sendVerifyCode`, limit: 'code' },
  // Takes an e-mail and tells where the account lives: an account look-up, limited like sign-in.
  getAllEnvDomain: {
    access: 'page',
    path: `${LOGIN}/getAllEnvDomain`,
    limit: 'signIn',
    action: 'passwordSignIn',
  },
  loginConfig: {
    access: 'page',
    path: `${LOGIN}/config/loginConfig`,
    json: true,
    exempt: 'configuration of the sign-in app for a host: the same for every visitor, reveals no account',
  },
})
