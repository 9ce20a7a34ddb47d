import { endpoints, LOGIN } from './define.ts'

/** Password reset (by e-mailed link or texted code) and change. */
export const resetEndpoints = endpoints({
  sendResetEmail: { path: `${LOGIN}/account/sendResetEmail`, limit: 'code' },
  sendSmsRandomCode: { path: `${LOGIN}/sendSmsRandomCode/4`, limit: 'code' },
  checkFindPwd: { path: `${LOGIN}/account/checkFindPwd`, limit: 'reset' },
  checkResetPwdLink: { path: `${LOGIN}/account/checkResetPwdLink/{id}`, limit: 'reset' },
  setServiceNewPwd: { path: `${LOGIN}/setServiceNewPwd/4`, limit: 'reset' },
  resetNewPwd: { path: `${LOGIN}/account/resetNewPwd`, limit: 'reset' },
  resetServiceNewPwd: { path: `${LOGIN}/account/resetServiceNewPwd/{id}`, limit: 'reset' },
})
