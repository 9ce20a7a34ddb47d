import t from 'tap'
import { DEMO_ACCOUNT } from '../../../sandbox/fixtures.ts'
import { build, cookieHeader, SAME_ORIGIN, sandboxRequests, signIn } from '../../helper.ts'

t.test('/api validation › bad input is a localised 400 envelope and is never forwarded', async (t) => {
  const { app, sandbox } = await build(t)
  const emailCheck = (email: string, query = '') =>
    app.inject({
      method: 'POST',
      url: `/api/basic-login/registerEmailCheck/4${query}`,
      headers: SAME_ORIGIN,
      payload: { email },
    })
  const english = await emailCheck('not-an-email')
  t.equal(english.statusCode, 400)
  t.match(english.json(), { retCode: '400', item: { field: 'email' }, items: [] })
  t.match(english.json().retMsg, /email/i)

  const chinese = await emailCheck('', '?language=zh')
  t.equal(chinese.statusCode, 400)
  t.match(chinese.json().retMsg, /[\u4e00-\u9fff]/, 'the message is Chinese')

  const tooLong = await emailCheck(`${'x'.repeat(400)}@sandbox.test`)
  t.equal(tooLong.statusCode, 400)
  t.notMatch(tooLong.json().retMsg, /\{\{/, 'placeholders are filled in')

  const upstream = await sandboxRequests(sandbox.regions.sg.url)
  t.equal(upstream.length, 0, 'no invalid request reached the upstream')

  const unknown = await app.inject({
    method: 'POST',
    url: '/api/no/such/endpoint',
    headers: SAME_ORIGIN,
    payload: {},
  })
  t.equal(unknown.statusCode, 404)
  t.match(unknown.json(), { retCode: '404' })
  const internal = await app.inject({
    method: 'POST',
    url: '/api/basic-channel-service/forward',
    headers: SAME_ORIGIN,
    payload: {},
  })
  t.equal(internal.statusCode, 404, 'the forwarder is not reachable from a browser')
})

t.test(
  '/api/tokens/getToken › takes no input: a body’s fields never reach the upstream (issue 46)',
  async (t) => {
    const { app, sandbox } = await build(t)
    const cookie = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
    const sg = sandbox.regions.sg.url
    await fetch(`${sg}/__sandbox/requests`, { method: 'DELETE' })
    const fields = Object.fromEntries(
      Array.from({ length: 50 }, (_, index) => [`field${index}`, 'x'.repeat(100)]),
    )
    const exchanged = await app.inject({
      method: 'POST',
      url: '/api/tokens/getToken',
      headers: { ...SAME_ORIGIN, ...cookieHeader(cookie) },
      payload: { ...fields, email: 'someone-else@sandbox.test' },
    })
    t.equal(exchanged.json().retCode, '000000', 'the exchange works')
    const seen = (await sandboxRequests(sg)).find((entry) => entry.url.startsWith('/tokens/getToken'))
    t.ok(seen, 'forwarded')
    t.same(
      Object.keys((seen?.body as Record<string, unknown> | null) ?? {}),
      [],
      'with none of the body’s fields',
    )
  },
)
