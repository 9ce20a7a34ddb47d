import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'

export default {
  extends: [vikeReact],
  // Assets live under the account area's own prefix so the ingress can route /auth/* as one app.
  baseAssets: '/auth/_next/',
  // Only these pageContext fields reach the browser; none may ever hold a token.
  passToClient: ['language', 'user', 'edition', 'isPhone', 'csrfToken'],
  htmlAttributes: { dir: 'ltr' },
} satisfies Config
