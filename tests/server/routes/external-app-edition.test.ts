/**
 * Issue 18 point 3: the external app's Microsoft sign-in uses the same endpoint as the sign-in
 * page's (server/routes/sso.server.ts): `sso/aadLoginOverseas` in the international edition,
 * `sso/aadLogin` in the Chinese edition.
 */
import t from 'tap'
import { REGION_IDS } from '../../../shared/regions.ts'
import { build, OWN_PAGE_LINK, sandboxRequests, sessionCookieOf } from '../../helper.ts'
import { giveBack } from '../external-return.ts'

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
    const start = await app.inject({ url: `${BASE}/start/microsoft`, headers: OWN_PAGE_LINK })
    t.equal(start.statusCode, 303)
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? ''
    const returned = await giveBack(
      app,
      { code: 'ms-code-demo', state, session_state: 's' },
      sessionCookieOf(start),
      BASE,
    )
    t.equal(returned.status, 200)
    t.equal(returned.body.retCode, '000000', 'the demo account is signed in')
    const calls = await microsoftCalls()
    t.equal(calls.length, 1, 'one upstream call for the return')
    t.ok(calls[0]?.endsWith(expected), `called ${calls[0]}`)
    t.notOk(
      calls.some((path) => path.endsWith(other)),
      `never ${other}`,
    )
  })
}
