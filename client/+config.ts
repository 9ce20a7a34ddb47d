import type { Config } from 'vike/types'

// URLs come from the folders under client/pages/ (e.g. client/pages/auth/sign_in → /auth/sign_in).
export default {
  filesystemRoutingRoot: '/',
} satisfies Config
