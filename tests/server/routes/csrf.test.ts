import t from 'tap'
import { DEMO_ACCOUNT } from '../../../sandbox/fixtures.ts'
import { build, SAME_ORIGIN, sandboxRequests } from '../../helper.ts'

const URL = '/api/basic-login/registerEmailCheck/4'

t.test('/api CSRF layers › each missing layer is a 403 and nothing reaches the upstream', async (t) => {
  const { app, sandbox } = await build(t, { env: { PUBLIC_ORIGIN: 'https://www.example.com' } })
  const cases: Array<[string, Record<string, string>, string]> = [
    ['cross-site fetch metadata', { ...SAME_ORIGIN, 'sec-fetch-site': 'cross-site' }, 'application/json'],
    [
      'same-site (sibling host) fetch metadata',
      { ...SAME_ORIGIN, 'sec-fetch-site': 'same-site' },
      'application/json',
    ],
    ['foreign Origin', { ...SAME_ORIGIN, origin: 'https://evil.example' }, 'application/json'],
    ['missing custom header', { 'sec-fetch-site': 'same-origin' }, 'application/json'],
    ['text/plain body', { ...SAME_ORIGIN }, 'text/plain'],
  ]
  for (const [name, headers, contentType] of cases) {
    const response = await app.inject({
      method: 'POST',
      url: URL,
      headers: { ...headers, 'content-type': contentType },
      payload: JSON.stringify({ email: DEMO_ACCOUNT.email }),
    })
    t.equal(response.statusCode, 403, name)
    t.match(response.json(), { retCode: '403', items: [] }, `${name}: envelope`)
    t.match(String(response.headers.vary), /Origin.*Sec-Fetch-Site/, `${name}: Vary`)
  }
  const upstream = await sandboxRequests(sandbox.regions.sg.url)
  t.equal(
    upstream.filter((entry) => entry.url.includes('registerEmailCheck')).length,
    0,
    'nothing was forwarded',
  )

  const allowed = await app.inject({
    method: 'POST',
    url: URL,
    headers: { ...SAME_ORIGIN, origin: 'https://www.example.com' },
    payload: { email: DEMO_ACCOUNT.email },
  })
  t.equal(allowed.statusCode, 200, 'our own origin with the custom header passes')
})
