/**
 * The one guard for "called by our own pages" (server/plugins/app/own-pages.ts): every flow and
 * `/api` route declares it, and each refuses another site and a call without our custom header —
 * GETs of a flow's state included.
 */
import t from 'tap'
import { build, SAME_ORIGIN } from '../../helper.ts'

const { app, config } = await build(t, {
  env: { RATE_LIMIT_SIGN_IN: '1000/1m', RATE_LIMIT_SIGN_UP: '1000/1m', RATE_LIMIT_RESET: '1000/1m' },
})
const base = config.externalApp.basePath
const ROUTES: [method: 'GET' | 'POST', url: string][] = [
  ['GET', '/auth/reset/flow'],
  ['POST', '/auth/reset/flow/restart'],
  ['POST', '/auth/reset/flow/link'],
  ['POST', '/auth/reset/flow/link/password'],
  ['GET', '/auth/sign_up/flow'],
  ['POST', '/auth/sign_up/flow/back'],
  ['POST', '/auth/sign_up/flow/restart'],
  ['POST', '/auth/sign_up/flow/finish'],
  ['POST', '/auth/console'],
  ['GET', '/auth/sso/pending'],
  ['POST', '/auth/sso/environment'],
  ['POST', '/auth/sso/wecom'],
  ['POST', '/auth/sso/wecom/poll'],
  ['GET', '/auth/channel_auth/flow'],
  ['POST', '/auth/channel_auth/authorize'],
  ['POST', '/auth/channel_auth/deny'],
  ['POST', '/auth/sign_in/flow/email'],
  ['POST', '/auth/sign_in/flow/environment'],
  ['POST', '/auth/sign_in/flow/password'],
  ['POST', '/auth/sign_in/flow/code'],
  ['POST', '/auth/sign_in/flow/resend'],
  ['POST', '/auth/sign_in/flow/back'],
  ['GET', `${base}/api/flow`],
  ['POST', `${base}/api/login-config`],
  ['POST', '/api/basic-login/registerEmailCheck/4'],
  ['GET', '/api/basic-login/config/loginConfig'],
]

t.test(
  'own pages › every flow and /api route refuses another site and a call without our header',
  async (t) => {
    const statuses: Record<string, [crossSite: number, noHeader: number, ours: boolean]> = {}
    let address = 0
    for (const [method, url] of ROUTES) {
      const remoteAddress = `198.51.100.${++address}`
      const send = (headers: Record<string, string>) =>
        app.inject({
          method,
          url,
          remoteAddress,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: method === 'POST' ? {} : undefined,
        })
      const crossSite = await send({ ...SAME_ORIGIN, 'sec-fetch-site': 'cross-site' })
      const noHeader = await send({ 'sec-fetch-site': 'same-origin' })
      const ours = await send(SAME_ORIGIN)
      statuses[`${method} ${url}`] = [crossSite.statusCode, noHeader.statusCode, ours.statusCode !== 403]
      t.equal(crossSite.headers['cache-control'], 'no-store', `${url}: never cached`)
    }
    t.same(
      statuses,
      Object.fromEntries(ROUTES.map(([method, url]) => [`${method} ${url}`, [403, 403, true]])),
      'cross-site 403, no header 403, our own call passes the guard',
    )
  },
)
