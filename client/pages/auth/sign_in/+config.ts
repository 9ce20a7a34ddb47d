import type { Config } from 'vike/types'

export default {
  // signUp: the captcha's strings (client/components/captcha) live there.
  namespaces: ['sso', 'signUp', 'signInSteps'],
} satisfies Config
