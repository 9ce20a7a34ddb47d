/**
 * Issue 18 point 3: the external app's Microsoft sign-in uses the same endpoint as the sign-in
 * page's (server/routes/sso.server.ts): `sso/aadLoginOverseas` in the international edition,
 * `sso/aadLogin` in the Chinese edition.
 */
import t from 'tap'
import { REGION_IDS } from '../../../shared/regions.ts'
import { build, cookieHeader, SAME_ORIGIN, sandboxRequests, sessionCookieOf } from '../../helper.ts'

const BASE = '/auth/external'

for (const [edition, expected, other] of [
  ['international', '/sso/aadLoginOverseas', '/sso/aadLogin'],
  ['chinese', '/sso/aadLogin', '/sso/aadLoginOverseas'],
] as const) {
  t.test(`${edition} edition › the Microsoft return is checked with ${expected}`, async (t) => {
    const { app, sandbox } = await build(t, { env: { EDITION: edition } })
    const microsoftCalls = async () => {
      const paths: string[] = []
      for (const region of REGION_IDS)
        for (const request of await sandboxRequests(sandbox.regions[region].url))
          if (/\/sso\/aadLogin(Overseas)?$/.test(request.url.split('?')[0] ?? ''))
            paths.push(request.url.split('?')[0] ?? '')
      return paths
    }
    const start = await app.inject({ url: `${BASE}/start/microsoft` })
    t.equal(start.statusCode, 303)
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? ''
    const returned = await app.inject({
      method: 'POST',
      url: `${BASE}/api/return`,
      headers: {
        ...SAME_ORIGIN,
        ...cookieHeader(sessionCookieOf(start)),
        'content-type': 'application/json',
      },
      payload: { code: 'ms-code-demo', state, session_state: 's' },
    })
    t.equal(returned.statusCode, 200)
    t.equal(returned.json().retCode, '000000', 'the demo account is signed in')
    const calls = await microsoftCalls()
    t.equal(calls.length, 1, 'one upstream call for the return')
    t.ok(calls[0]?.endsWith(expected), `called ${calls[0]}`)
    t.notOk(
      calls.some((path) => path.endsWith(other)),
      `never ${other}`,
    )
  })
}
