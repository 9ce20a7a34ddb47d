/**
 * A forged plain post is no news (issue 46): another site can send them by the thousand, so a
 * refusal writes no warn line — the request log line (info) still shows each 403.
 */
import t from 'tap'
import { loggedApp } from '../support/logged-app.ts'

t.test('forged posts from another site write no warn line, however many', async (t) => {
  const { app, lines } = await loggedApp(t, { RATE_LIMIT_SIGN_IN: '1000/1m' })
  const forged = [
    { url: '/auth/sign_out', payload: '_csrf=forged' },
    { url: '/auth/sign_in/flow/email', payload: 'email=someone%40sandbox.test' },
    { url: '/api/basic-login/loginEmailCheck/4', payload: 'email=someone%40sandbox.test' },
  ]
  const before = lines.length
  for (let round = 0; round < 20; round++) {
    for (const { url, payload } of forged) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'cross-site',
          origin: 'https://evil.example',
        },
        payload,
      })
      t.equal(response.statusCode, 403, `${url} refused`)
    }
  }
  const written = lines.slice(before).map((line) => JSON.parse(line) as { level: number; msg: string })
  t.same(
    written.filter((line) => line.level >= 40).map((line) => line.msg),
    [],
    'no warn or error line',
  )
  t.ok(
    written.some((line) => line.level === 30),
    'the request log still shows them',
  )
})
