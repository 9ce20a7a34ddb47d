/**
 * Rate-limit cost per action, not per call (server/rate-limit-actions.server.ts, issue 17 point 7):
 * one password sign-in is one unit of `signIn`, a whole sign-up fits the default budget twice over,
 * and neither a second password nor a replayed cookie gets a step for free.
 */
import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { DEMO_ACCOUNT } from '../../../sandbox/fixtures.ts'
import { build, cookieHeader, SAME_ORIGIN, sessionCookieOf } from '../../helper.ts'
import { startRedis } from '../../support/redis.ts'
import { SIGN_UP_DETAILS, SignUpBrowser } from '../../support/sign-up.ts'

/** One visitor's browser: keeps its cookie, always from one address. */
class Visitor {
  cookie: string | undefined
  readonly app: FastifyInstance
  readonly ip: string
  constructor(app: FastifyInstance, ip: string) {
    this.app = app
    this.ip = ip
  }
  /** A sign-in flow step (`POST /auth/sign_in/flow/<step>`, the sign-in's rows are flow-only). */
  async step(name: 'email' | 'password', payload: Record<string, unknown>, cookie = this.cookie) {
    const response = await this.app.inject({
      method: 'POST',
      url: `/auth/sign_in/flow/${name}`,
      remoteAddress: this.ip,
      headers: { ...SAME_ORIGIN, ...cookieHeader(cookie) },
      payload,
    })
    this.cookie = sessionCookieOf(response) ?? this.cookie
    return response.statusCode
  }
}

const { email } = DEMO_ACCOUNT
const WRONG = { password: 'Not-The-Password1' }

t.test('action cost › one password sign-in is one unit; a second password is a second', async (t) => {
  const { app } = await build(t, { env: { RATE_LIMIT_SIGN_IN: '1/1m' } })
  const visitor = new Visitor(app, '203.0.113.41')
  t.equal(
    await visitor.step('email', { email }),
    200,
    'the e-mail step (its three look-ups upstream) pays the one unit',
  )
  t.equal(await visitor.step('password', WRONG), 200, 'the password: same action')
  t.equal(await visitor.step('password', WRONG), 429, 'another password is another unit')
})

t.test('action cost › a replayed cookie cannot spend a step twice', async (t) => {
  const { app } = await build(t, { env: { RATE_LIMIT_SIGN_IN: '1/1m' } })
  const visitor = new Visitor(app, '203.0.113.42')
  await visitor.step('email', { email })
  const copy = visitor.cookie
  const codes = await Promise.all([
    visitor.step('password', WRONG, copy),
    visitor.step('password', WRONG, copy),
    visitor.step('password', WRONG, copy),
  ])
  t.same(codes.toSorted(), [200, 429, 429], 'one copy of the cookie gets the free password; the others pay')
  const stranger = new Visitor(app, '203.0.113.42')
  t.equal(await stranger.step('password', WRONG), 429, 'without the allowance a call pays (spent)')
})

t.test(
  'action cost › with Redis, an allowance opened on one replica pays the next step on another',
  async (t) => {
    // The open allowance lives in the store under the session's id (ADR 0103), not in the cookie.
    const redis = await startRedis(t)
    const env = { RATE_LIMIT_SIGN_IN: '1/1m', REDIS_URL: redis.url }
    const one = await build(t, { env })
    const two = await build(t, { env, sandbox: one.sandbox })
    const onOne = new Visitor(one.app, '203.0.113.43')
    t.equal(await onOne.step('email', { email }), 200, 'the e-mail step on one replica pays the unit')
    const onTwo = new Visitor(two.app, '203.0.113.43')
    onTwo.cookie = onOne.cookie
    t.equal(await onTwo.step('password', WRONG), 200, 'the password on the other replica is free')
    t.equal(await onOne.step('password', WRONG), 429, 'a second password pays, on either replica')
  },
)

t.test('action cost › two whole sign-ups fit the default sign-up budget from one address', async (t) => {
  // Default budgets (config/schema.ts): RATE_LIMIT_SIGN_UP 10/1m, RATE_LIMIT_CODE 5/1m.
  const { app, sandbox } = await build(t)
  for (const round of [1, 2]) {
    const browser = new SignUpBrowser(app, sandbox.regions.sg.url)
    const address = await browser.started()
    t.equal((await browser.openLink(address)).status, 200, `round ${round}: the link`)
    const setup = await browser.call('registerSgPartInfo', { email: address, ...SIGN_UP_DETAILS })
    t.equal(setup.status, 200, `round ${round}: setup`)
    const products = await browser.call('registerChoseProduct', { products: ['chatbot'] })
    t.equal(products.status, 200, `round ${round}: questionnaire`)
    const done = await browser.post('/auth/sign_up/flow/finish')
    t.equal(done.body.retCode, '000000', `round ${round}: finished (${done.body.retMsg})`)
  }
})
