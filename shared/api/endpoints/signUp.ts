import { endpoints, LOGIN } from './define.ts'

/** Sign-up (spec §7): registration by e-mail or phone, account set-up, questionnaire. */
export const signUpEndpoints = endpoints({
  registerEmailCheck: {
    access: 'page',
    path: `${LOGIN}/registerEmailCheck/4`,
    limit: 'signUp',
    action: 'signUpStart',
  },
  registerSgNew: { access: 'page', path: `${LOGIN}/registerSgNew/4`, limit: 'signUp', action: 'signUpStart' },
  sendRegisterVerifyEmail: { access: 'page', path: `${LOGIN}/sendRegisterVerifyEmail/4`, limit: 'code' },
  checkVerifyEmailLink: {
    access: 'page',
    path: `${LOGIN}/checkVerifyEmailLink/4`,
    limit: 'signUp',
    action: 'signUpSetup',
  },
  registerSgPartInfo: {
    access: 'page',
    path: `${LOGIN}/registerSgPartInfo/4`,
    limit: 'signUp',
    action: 'signUpSetup',
  },
  registerPartInfo: {
    access: 'page',
    path: `${LOGIN}/registerPartInfo/4`,
    limit: 'signUp',
    action: 'signUpSetup',
  },
  updateRegisterPartInfo: {
    access: 'page',
    path: `${LOGIN}/updateRegisterPartInfo/4`,
    limit: 'signUp',
    action: 'signUpSetup',
  },
  registerChoseProduct: {
    access: 'page',
    path: `${LOGIN}/registerChoseProduct/4`,
    limit: 'signUp',
    action: 'signUpSetup',
  },
  registerFinishNew: {
    access: 'flow',
    session: 'signsIn',
    path: `${LOGIN}/registerFinishNew/4`,
    limit: 'signUp',
    action: 'signUpSetup',
  },
  registerSgH5: { access: 'page', path: `${LOGIN}/registerSgH5/4`, limit: 'signUp', action: 'signUpStart' },
  registerFinishH5: {
    access: 'flow',
    session: 'signsIn',
    path: `${LOGIN}/registerFinishH5/4`,
    limit: 'signUp',
    action: 'signUpSetup',
  },
})
