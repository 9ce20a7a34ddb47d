import { endpoints, LOGIN } from './define.ts'

/** Password reset (by e-mailed link or texted code) and change. */
export const resetEndpoints = endpoints({
  sendResetEmail: { access: 'page', path: `${LOGIN}/account/sendResetEmail`, limit: 'code' },
  sendSmsRandomCode: { access: 'page', limit: 'code' },
  checkFindPwd: { access: 'page', path: `${LOGIN}/account/checkFindPwd`, limit: 'reset', action: 'reset' },
  // The e-mailed link: only the reset flow calls these (the id in a POST body, used once).
  checkResetPwdLink: { access: 'flow', path: `${LOGIN}/account/checkResetPwdLink/{id}`, limit: 'reset' },
  setServiceNewPwd: { access: 'page', limit: 'reset', action: 'reset' },
  // The change of a known password: only the sign-in flow's change step calls it (ADR 0088).
  resetNewPwd: {
    access: 'flow',
    session: 'needsSession',
    path: `${LOGIN}/account/resetNewPwd`,
    limit: 'reset',
  },
  resetServiceNewPwd: { access: 'flow', path: `${LOGIN}/account/resetServiceNewPwd/{id}`, limit: 'reset' },
})
