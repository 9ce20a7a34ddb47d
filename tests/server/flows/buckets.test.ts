/**
 * Flow routes that reach the upstream with what a visitor sent spend the sign-in bucket (review
 * findings L3 and the docs' known limit): the second call within a one-call window is a 429.
 */
import t from 'tap'
import { build, SAME_ORIGIN } from '../../helper.ts'

const { app, config } = await build(t, { env: { RATE_LIMIT_SIGN_IN: '1/1m' } })
const base = config.externalApp.basePath

const ROUTES: { method: 'GET' | 'POST'; url: string; payload?: Record<string, string> }[] = [
  { method: 'GET', url: '/auth/sso/microsoft' },
  { method: 'GET', url: '/auth/sso/saml?id=12345' },
  { method: 'GET', url: '/auth/sso/return?code=x&state=y' },
  { method: 'POST', url: '/auth/sso/environment', payload: { env: 'sg-k8s' } },
  { method: 'POST', url: '/auth/channel_auth/authorize', payload: {} },
  // A provider's return, read when the app's page is requested (issue 21 point 5).
  { method: 'GET', url: `${base}?provider=saml&authId=x&retCode=000000` },
  { method: 'POST', url: `${base}/api/login-config`, payload: { domain: 'made-up-1.example' } },
]

t.test(
  'flow routes › each spends the sign-in bucket: the second call in the window is refused',
  async (t) => {
    const statuses: Record<string, number[]> = {}
    let address = 0
    for (const route of ROUTES) {
      // Each route from its own client address: one route's spending never hides another's.
      const remoteAddress = `203.0.113.${++address}`
      const send = () =>
        app.inject({
          method: route.method,
          url: route.url,
          remoteAddress,
          headers: SAME_ORIGIN,
          payload: route.payload,
        })
      const first = await send()
      const second = await send()
      statuses[`${route.method} ${route.url}`] = [first.statusCode === 429 ? 429 : 0, second.statusCode]
    }
    t.same(
      statuses,
      Object.fromEntries(ROUTES.map((route) => [`${route.method} ${route.url}`, [0, 429]])),
      'first answered, second refused with 429',
    )
  },
)
