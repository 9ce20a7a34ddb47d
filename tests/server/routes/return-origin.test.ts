/**
 * Origins in the addresses providers come back to come from configuration only (issue 46 Low,
 * security.md #27): a foreign `Host` or `X-Forwarded-Host` — even through a trusted proxy — never
 * becomes an SSO `redirect_uri` or an external-app return, so nobody collects an employee's
 * `authId` or code on a host of their choosing.
 */
import t from 'tap'
import { SANDBOX_SAML_CONFIG_ID } from '../../../sandbox/fixtures.ts'
import { startSandbox } from '../../../sandbox/index.ts'
import { build, sandboxRequests } from '../../helper.ts'

const SITE = 'https://www.example.com'
const FOREIGN = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }
/** A link on our own page (issue 46 Medium: a start needs that proof). */
const OWN_PAGE = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' }
const sandbox = await startSandbox()
t.teardown(() => sandbox.close())
const sg = sandbox.regions.sg.url

for (const [label, env, origin] of [
  ['PUBLIC_ORIGIN set', { PUBLIC_ORIGIN: SITE }, SITE],
  ['without PUBLIC_ORIGIN (development)', { PORT: '3999' }, 'http://localhost:3999'],
] as const) {
  t.test(`${label} › every return address names ${origin}, whatever Host the request names`, async (t) => {
    const { app } = await build(t, {
      sandbox,
      microsoftAtSandbox: true,
      env: {
        ...env,
        TRUST_PROXY: 'true',
        RATE_LIMIT_SIGN_IN: '1000/1m',
      },
    })
    const microsoft = await app.inject({ url: '/auth/sso/microsoft', headers: { ...FOREIGN, ...OWN_PAGE } })
    t.equal(microsoft.statusCode, 303)
    const authorize = new URL(String(microsoft.headers.location))
    t.equal(authorize.searchParams.get('redirect_uri'), `${origin}/auth/sso/return`, 'Microsoft')

    await fetch(`${sg}/__sandbox/requests`, { method: 'DELETE' })
    const saml = await app.inject({
      url: `/auth/sso/saml?id=${SANDBOX_SAML_CONFIG_ID}`,
      headers: { ...FOREIGN, ...OWN_PAGE },
    })
    t.equal(saml.statusCode, 303)
    const authenticate = (await sandboxRequests(sg)).find((entry) => entry.url.includes('/authenticate/'))
    t.match(
      JSON.stringify(authenticate?.body ?? ''),
      `${origin}/auth/sso/return`,
      'SAML, told to the upstream',
    )
    t.notMatch(JSON.stringify(authenticate?.body ?? ''), 'evil.example')

    const external = await app.inject({
      url: '/auth/external/start/shopify',
      headers: { ...FOREIGN, ...OWN_PAGE },
    })
    t.equal(external.statusCode, 303)
    const provider = new URL(String(external.headers.location))
    t.equal(provider.searchParams.get('redirect_uri'), `${origin}/auth/external/connect`, 'the external app')
  })
}
