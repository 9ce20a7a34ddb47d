import { endpoints, LOGIN } from './define.ts'

/** Sign-in (spec §7): e-mail check, environments, password or e-mailed code, QR code, login config. */
export const signInEndpoints = endpoints({
  loginEmailCheck: { path: `${LOGIN}/loginEmailCheck/4`, limit: 'signIn' },
  getServiceLoginWrongTimes: { path: `${LOGIN}/getServiceLoginWrongTimes/4`, limit: 'signIn' },
  serviceLoginNew: { path: `${LOGIN}/serviceLoginNew/4`, limit: 'signIn' },
  consoleLogin: { path: `${LOGIN}/account/consoleLogin`, limit: 'signIn' },
  sendEmailRandomCode: { path: `${LOGIN}/sendEmailRandomCode/4`, limit: 'code' },
  // The browser POSTs the plain password; the BFF makes the upstream GET with it base64-encoded
  // (shared/api/schemas.ts UPSTREAM_CONTRACTS): a password never stands in a browser URL.
  sendVerifyCode: { path: `${LOGIN}/account/sendVerifyCode`, limit: 'code' },
  // WeCom scan: only the BFF's /auth/sso/wecom routes call it (they bind the ticket to the session's
  // single-use state and keep the token); starting a code spends the signIn bucket there.
  memberQrCodeLoginUrl: { path: `${LOGIN}/account/memberQrCodeLoginUrl`, limit: 'signIn', internal: true },
  // Takes an e-mail and tells where the account lives: an account look-up, limited like sign-in.
  getAllEnvDomain: { path: `${LOGIN}/getAllEnvDomain`, limit: 'signIn' },
  loginConfig: {
    path: `${LOGIN}/config/loginConfig`,
    json: true,
    exempt: 'configuration of the sign-in app for a host: the same for every visitor, reveals no account',
  },
  getSecretKey: { path: `${LOGIN}/account/getSecretKey`, limit: 'signIn' },
})
