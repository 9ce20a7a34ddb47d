import { endpoints } from './define.ts'

/** Sign-up (spec §7): registration by e-mail or phone, account set-up, questionnaire. */
export const signUpEndpoints = endpoints({
  registerEmailCheck: { access: 'page', limit: 'signUp', action: 'signUpStart' },
  registerSgNew: { access: 'page', limit: 'signUp', action: 'signUpStart' },
  sendRegisterVerifyEmail: { access: 'page', limit: 'code' },
  checkVerifyEmailLink: { access: 'page', limit: 'signUp', action: 'signUpSetup' },
  registerSgPartInfo: { access: 'page', limit: 'signUp', action: 'signUpSetup' },
  registerPartInfo: { access: 'page', limit: 'signUp', action: 'signUpSetup' },
  updateRegisterPartInfo: { access: 'page', limit: 'signUp', action: 'signUpSetup' },
  registerChoseProduct: { access: 'page', limit: 'signUp', action: 'signUpSetup' },
  registerFinishNew: { access: 'flow', session: 'signsIn', limit: 'signUp', action: 'signUpSetup' },
  registerSgH5: { access: 'page', limit: 'signUp', action: 'signUpStart' },
  registerFinishH5: { access: 'flow', session: 'signsIn', limit: 'signUp', action: 'signUpSetup' },
})
