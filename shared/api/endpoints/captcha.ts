import { endpoints } from './define.ts'

/** The captcha challenge (sign-up, sign-in after wrong passwords, demo requests). */
export const captchaEndpoints = endpoints({
  initSgGeetestInfo: { access: 'page', limit: 'signUp', action: 'captcha' },
  checkSgGeetestInfo: { access: 'page', limit: 'signUp', action: 'captcha' },
})
