import { endpoints, LOGIN } from './define.ts'

/** Sign-in (spec §7): e-mail check, environments, password or e-mailed code, QR code, login config. */
export const signInEndpoints = endpoints({
  loginEmailCheck: { path: `${LOGIN}/loginEmailCheck/4`, limit: 'signIn' },
  getServiceLoginWrongTimes: { path: `${LOGIN}/getServiceLoginWrongTimes/4`, limit: 'signIn' },
  serviceLoginNew: { path: `${LOGIN}/serviceLoginNew/4`, limit: 'signIn' },
  consoleLogin: { path: `${LOGIN}/account/consoleLogin`, limit: 'signIn' },
  sendEmailRandomCode: { path: `${LOGIN}/sendEmailRandomCode/4`, limit: 'code' },
  sendVerifyCode: { path: `${LOGIN}/account/sendVerifyCode`, method: 'GET', limit: 'code' },
  memberQrCodeLoginUrl: { path: `${LOGIN}/account/memberQrCodeLoginUrl`, limit: 'signIn' },
  getAllEnvDomain: { path: `${LOGIN}/getAllEnvDomain` },
  loginConfig: { path: `${LOGIN}/config/loginConfig`, json: true },
  getSecretKey: { path: `${LOGIN}/account/getSecretKey` },
})
