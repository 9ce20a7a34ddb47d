import { endpoints, LOGIN } from './define.ts'

/** Sign-up (spec §7): registration by e-mail or phone, account set-up, questionnaire. */
export const signUpEndpoints = endpoints({
  registerEmailCheck: { path: `${LOGIN}/registerEmailCheck/4`, limit: 'signUp' },
  registerSgNew: { path: `${LOGIN}/registerSgNew/4`, limit: 'signUp' },
  sendRegisterVerifyEmail: { path: `${LOGIN}/sendRegisterVerifyEmail/4`, limit: 'code' },
  checkVerifyEmailLink: { path: `${LOGIN}/checkVerifyEmailLink/4`, limit: 'signUp' },
  registerSgPartInfo: { path: `${LOGIN}/registerSgPartInfo/4`, limit: 'signUp' },
  registerPartInfo: { path: `${LOGIN}/registerPartInfo/4`, limit: 'signUp' },
  updateRegisterPartInfo: { path: `${LOGIN}/updateRegisterPartInfo/4`, limit: 'signUp' },
  registerChoseProduct: { path: `${LOGIN}/registerChoseProduct/4`, limit: 'signUp' },
  registerFinishNew: { path: `${LOGIN}/registerFinishNew/4`, limit: 'signUp' },
  registerSendSms: { path: `${LOGIN}/registerSendSms/4`, limit: 'code' },
  registerSgH5: { path: `${LOGIN}/registerSgH5/4`, limit: 'signUp' },
  registerFinishH5: { path: `${LOGIN}/registerFinishH5/4`, limit: 'signUp' },
})
