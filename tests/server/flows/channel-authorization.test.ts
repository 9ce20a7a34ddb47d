/**
 * Channel authorization outcomes the server verified (server/routes/channel-auth.server.ts): the
 * outcome page shows what this session's flow ended with, never what a URL says, and a provider's
 * own success code in the return URL is not a success.
 */
import t from 'tap'
import { DEMO_ACCOUNT } from '../../../sandbox/fixtures.ts'
import { build, cookieHeader, OWN_PAGE_LINK, SAME_ORIGIN, sessionCookieOf, signIn } from '../../helper.ts'
import { giveBack } from '../external-return.ts'

const { app, config } = await build(t, { ssr: true, env: { RATE_LIMIT_SIGN_IN: '1000/1m' } })
const base = config.externalApp.basePath

/** A signed-in agent back from `provider` with `query`: the cookie holding the pending connect. */
async function backFrom(provider: string, query: Record<string, string>) {
  let cookie: string | undefined = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  const start = await app.inject({
    url: `${base}/start/${provider}`,
    headers: { ...OWN_PAGE_LINK, ...cookieHeader(cookie) },
  })
  cookie = sessionCookieOf(start) ?? cookie
  const state = new URL(String(start.headers.location)).searchParams.get('state') ?? ''
  return (await giveBack(app, { provider, ...query, state }, cookie, base)).cookie
}

async function authorize(cookie: string | undefined) {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/channel_auth/authorize',
    headers: { ...SAME_ORIGIN, ...cookieHeader(cookie), 'content-type': 'application/json' },
    payload: { consent: true },
  })
  return {
    body: response.json() as { retCode: string; item: Record<string, unknown> },
    cookie: sessionCookieOf(response) ?? cookie,
  }
}

const statusPage = (query: string, cookie?: string) =>
  app.inject({ url: `/auth/channel_authStatus?${query}`, headers: cookieHeader(cookie) })

t.test(
  'outcome page › a result in the URL is shown only to the session whose flow ended with it',
  async (t) => {
    const stranger = await statusPage('result=success&channel=shopify')
    t.equal(stranger.statusCode, 303, 'no flow: the result is not shown')
    t.equal(stranger.headers.location, '/auth/channel_authStatus')

    const done = await authorize(await backFrom('shopify', { payload: 'shop-acme' }))
    t.same(done.body.item, { outcome: 'success', channel: 'shopify' })
    const own = await statusPage('result=success&channel=shopify', done.cookie)
    t.equal(own.statusCode, 200, 'the session’s own outcome is shown')
    t.match(own.body, /data-result="success"/)
    const edited = await statusPage('result=not_allowed&channel=shopify', done.cookie)
    t.equal(edited.statusCode, 303, 'another outcome than the flow’s: not shown')
    const zh = await statusPage('result=failure&language=zh')
    t.equal(zh.headers.location, '/auth/channel_authStatus?language=zh', 'the language is kept')
  },
)

t.test(
  'TikTok › a success code in the return URL, without the shop’s payload, is not a success',
  async (t) => {
    const cookie = await backFrom('tikTok', { retCode: '000000', retMsg: 'ok' })
    const answer = await authorize(cookie)
    t.not(answer.body.retCode, '000000', 'not authorized')
    t.not(answer.body.item?.outcome, 'success')
    const cancelled = await authorize(await backFrom('tikTok', { retCode: '140000', retMsg: 'cancelled' }))
    t.equal(cancelled.body.retCode, '140000', 'TikTok’s own refusal is still reported')
  },
)
