import type { FastifyInstance } from 'fastify'
import t from 'tap'
import {
  CONNECT_STATE_TTL_MS,
  consumeConnectState,
  issueConnectState,
} from '../../server/connect-state.server.ts'
import { build, cookieHeader, sessionCookieOf } from '../helper.ts'

let clock = Date.now()

/** Routes shaped like a channel connect flow: start (leave for the provider) and return. */
function connectRoutes(app: FastifyInstance) {
  app.get('/__test/connect/:provider/start', async (request) => {
    const { provider } = request.params as { provider: string }
    return { state: issueConnectState(request, provider, clock) }
  })
  app.get('/__test/connect/:provider/return', async (request, reply) => {
    const { provider } = request.params as { provider: string }
    const { state } = request.query as { state?: string }
    if (!(await consumeConnectState(request, provider, state, clock)))
      return reply.code(400).send({ ok: false })
    return { ok: true }
  })
}

t.test('connect state › single use, bound to the session cookie, per provider, time-limited', async (t) => {
  const { app } = await build(t, { extraRoutes: connectRoutes })
  /** The provider sends the browser (with that session cookie) back with a state. */
  const returnTo = (provider: string, state: string, cookie: string | undefined) =>
    app.inject({ url: `/__test/connect/${provider}/return?state=${state}`, headers: cookieHeader(cookie) })
  const start = await app.inject('/__test/connect/shopify/start')
  const state = start.json().state as string
  const cookie = sessionCookieOf(start)
  t.ok(cookie, 'the state lives in the sealed HttpOnly session')
  t.ok(Buffer.from(state, 'base64url').length >= 32)
  t.notMatch(decodeURIComponent(cookie ?? ''), state, 'the state is not readable in the cookie')

  const elsewhere = await returnTo('shopify', state, undefined)
  t.equal(elsewhere.statusCode, 400, 'another browser (no cookie) cannot finish the flow')

  const wrongState = await returnTo('shopify', 'forged', cookie)
  t.equal(wrongState.statusCode, 400, 'a mismatched state is refused')

  const done = await returnTo('shopify', state, cookie)
  t.equal(done.statusCode, 200, 'the state the flow started with finishes it')
  const after = sessionCookieOf(done) ?? cookie
  const replay = await returnTo('shopify', state, after)
  t.equal(replay.statusCode, 400, 'a replayed state is refused')
  const oldCopy = await returnTo('shopify', state, cookie)
  t.equal(oldCopy.statusCode, 400, 'the cookie from before the return, replayed, is refused too (L5)')

  const other = await app.inject('/__test/connect/tikTok/start')
  const otherCookie = sessionCookieOf(other)
  const crossed = await returnTo('shopify', other.json().state, otherCookie)
  t.equal(crossed.statusCode, 400, "a state for another provider doesn't finish this one")

  const late = await app.inject('/__test/connect/lazada/start')
  clock += CONNECT_STATE_TTL_MS + 1
  const expired = await returnTo('lazada', late.json().state, sessionCookieOf(late))
  t.equal(expired.statusCode, 400, 'a state older than the limit is refused')
})
