import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'

export default {
  extends: [vikeReact],
  // Assets live under the account area's own prefix so the ingress can route /auth/* as one app.
  baseAssets: '/auth/_next/',
  // No Vike client runtime: each page's +client.ts hands its component to client/runtime, which
  // hydrates the vike-react tree with React DOM and makes in-site links client-side navigations
  // (ADR 0102). The fields that reach the browser are client/runtime/page-data.ts's
  // PASSED_TO_CLIENT; none may hold a token.
  clientHooks: false,
  clientRouting: false,
  htmlAttributes: { dir: 'ltr' },
  meta: {
    // The translation namespaces a page uses besides the frame's (docs/pages.md). Cumulative: a
    // page under another adds to its list. Read on both sides: the browser loads them first.
    namespaces: { env: { server: true, client: true }, cumulative: true },
    // A page whose URL may carry a secret (a reset link id) sets 'no-referrer' (security.md #14);
    // the BFF sends it as the Referrer-Policy header of that page.
    referrerPolicy: { env: { server: true } },
  },
} satisfies Config
