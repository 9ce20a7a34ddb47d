import t from 'tap'
import { EMAIL_CODE_ACCOUNT } from '../../../sandbox/fixtures.ts'
import { toBase64Utf8 } from '../../../shared/api/base64.ts'
import { SAME_ORIGIN, sandboxRequests, signInSteps } from '../../helper.ts'
import { loggedApp } from '../../support/logged-app.ts'

const SEND = '/api/basic-login/account/sendVerifyCode'

t.test(
  'sendVerifyCode › the browser posts the password step, the BFF makes the GET; no log line shows the password',
  async (t) => {
    const { app, sandbox, lines } = await loggedApp(t)

    // The sign-in flow's steps (sendVerifyCode is flow-only): an account that asks for a code.
    const { response } = await signInSteps(app, EMAIL_CODE_ACCOUNT.email, EMAIL_CODE_ACCOUNT.password)
    t.equal(response.json().retCode, '000000', 'the plain password is what the browser sends')
    t.equal(response.json().item.flow.step, 'code')
    const upstream = (await sandboxRequests(sandbox.regions.sg.url)).find((entry) =>
      entry.url.includes('sendVerifyCode'),
    )
    t.equal(upstream?.method, 'GET', 'the upstream gets its GET')
    t.match(
      upstream?.url ?? '',
      /\?email=code%40sandbox\.test&password=\*\*\*/,
      'with the query the contract names',
    )
    const log = lines.join('')
    t.ok(log.length > 0, 'the BFF logged the request')
    t.notMatch(log, EMAIL_CODE_ACCOUNT.password, 'no plain password in the logs')
    t.notMatch(log, toBase64Utf8(EMAIL_CODE_ACCOUNT.password), 'no encoded password in the logs')

    const asGet = await app.inject({
      method: 'GET',
      url: `${SEND}?email=${encodeURIComponent(EMAIL_CODE_ACCOUNT.email)}&password=${toBase64Utf8('x')}`,
      headers: SAME_ORIGIN,
    })
    t.equal(
      asGet.statusCode,
      404,
      'there is no GET (nor /api POST) for the browser to put a password in a URL',
    )
  },
)

t.test('GET /api › the same cross-site checks as a POST', async (t) => {
  const { app, sandbox } = await loggedApp(t)
  const url = `${SEND}?email=a%40b.co`
  for (const [label, headers] of [
    ['cross-site (an image tag on another site)', { 'sec-fetch-site': 'cross-site' }],
    ['foreign origin', { ...SAME_ORIGIN, origin: 'https://evil.example' }],
    ['no custom header', { 'sec-fetch-site': 'same-origin' }],
  ] as const) {
    const response = await app.inject({ method: 'GET', url, headers })
    t.equal(response.statusCode, 403, label)
    t.equal(response.json().retCode, '403')
  }
  t.equal(
    sandbox && (await sandboxRequests(sandbox.regions.sg.url)).length,
    0,
    'nothing reached the upstream',
  )
})
