import { endpoints, LOGIN } from './define.ts'

/** The captcha challenge (sign-up, sign-in after wrong passwords, demo requests). */
export const captchaEndpoints = endpoints({
  initSgGeetestInfo: {
    access: 'page',
    path: `${LOGIN}/initSgGeetestInfo/4`,
    limit: 'signUp',
    action: 'captcha',
  },
  checkSgGeetestInfo: {
    access: 'page',
    path: `${LOGIN}/checkSgGeetestInfo/4`,
    limit: 'signUp',
    action: 'captcha',
  },
})
