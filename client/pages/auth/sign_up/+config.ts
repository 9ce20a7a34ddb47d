import type { Config } from 'vike/types'

export default {
  // Translations this page uses besides the frame's (docs/pages.md); verify/ inherits them.
  namespaces: ['signUp', 'captcha'],
} satisfies Config
