import type { Config } from 'vike/types'

export default {
  // captcha: the strings of the captcha asked for after wrong passwords (client/components/captcha).
  namespaces: ['sso', 'captcha', 'signInSteps'],
} satisfies Config
