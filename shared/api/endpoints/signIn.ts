import { endpoints, LOGIN } from './define.ts'

/**
 * Sign-in (spec §7): e-mail check, environments, password or e-mailed code, login config (WeCom's
 * QR code: internal.ts). Every row but `loginConfig` is `flow`: only the sign-in flow on the server
 * (server/routes/sign-in-flow.server.ts) calls them, with the address (and at the code step the
 * password) from its session slot; through `/api` the old page-side sequence would run in any order
 * with whatever address a body names (issue 17, docs/flows/sign-in.md).
 */
export const signInEndpoints = endpoints({
  loginEmailCheck: { access: 'flow', limit: 'signIn', action: 'passwordSignIn' },
  getServiceLoginWrongTimes: { access: 'flow', limit: 'signIn', action: 'passwordSignIn' },
  // No flow calls it today (the flow signs in with consoleLogin, which also takes the e-mailed
  // code): kept as a row so the table names it, and `flow` so nothing outside can call it.
  serviceLoginNew: { access: 'flow', session: 'signsIn', limit: 'signIn', action: 'passwordSignIn' },
  consoleLogin: {
    access: 'flow',
    session: 'signsIn',
    path: `${LOGIN}/account/consoleLogin`,
    limit: 'signIn',
    action: 'passwordSignIn',
  },
  sendEmailRandomCode: { access: 'flow', limit: 'code' },
  // The flow has the plain password; the BFF makes the upstream GET with it base64-encoded
  // (shared/api/schemas.ts UPSTREAM_CONTRACTS): a password never stands in a browser URL.
  sendVerifyCode: { access: 'flow', path: `${LOGIN}/account/sendVerifyCode`, limit: 'code' },
  // Takes an e-mail and tells where the account lives: an account look-up, limited like sign-in.
  getAllEnvDomain: {
    access: 'flow',
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
