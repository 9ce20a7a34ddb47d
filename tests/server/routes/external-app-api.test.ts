/**
 * The external app's API routes not covered by external-app.test.ts (server/routes/external-app.server.ts),
 * against the sandbox: `POST /auth/external/api/login-config` (spec §7: the app's language for the
 * page's host), `GET /auth/external/api/flow` (what the app shows after a reload) and the app's own
 * image path `GET /auth/external/_next/image`.
 */
import sharp from 'sharp'
import t from 'tap'
import { DEMO_ACCOUNT, FIXTURE_PASSWORD } from '../../../sandbox/fixtures.ts'
import {
  build,
  cookieHeader,
  OWN_PAGE_LINK,
  SAME_ORIGIN,
  sandboxRequests,
  sessionCookieOf,
  signIn,
} from '../../helper.ts'
import { giveBack } from '../external-return.ts'

const { app, sandbox } = await build(t)
const sg = sandbox.regions.sg.url
const CROSS_SITE = { 'x-requested-with': 'XMLHttpRequest', 'sec-fetch-site': 'cross-site' }

const loginConfigCalls = async () =>
  (await sandboxRequests(sg)).filter((request) => request.url.startsWith('/basic-login/config/loginConfig'))

function loginConfig(payload: object, headers: Record<string, string> = SAME_ORIGIN) {
  return app.inject({
    method: 'POST',
    url: '/auth/external/api/login-config',
    headers: { ...headers, 'content-type': 'application/json' },
    payload,
  })
}

t.test(
  'POST /auth/external/api/login-config › the language of the page’s host, from the upstream',
  async (t) => {
    const chinese = await loginConfig({ domain: 'zh.partner.example' })
    t.equal(chinese.statusCode, 200)
    t.match(chinese.json(), { retCode: '000000', item: { domain: 'zh.partner.example', language: 'zh' } })
    const english = await loginConfig({ domain: 'partner.example' })
    t.match(english.json(), { retCode: '000000', item: { language: 'en' } })
    const asked = await loginConfig({}, { ...SAME_ORIGIN, host: 'zh.partner.example' })
    t.match(
      asked.json().item,
      { domain: 'zh.partner.example', language: 'zh' },
      'no domain: the host asked for',
    )
  },
)

t.test(
  'POST /auth/external/api/login-config › refuses a malformed domain and cross-site calls unforwarded',
  async (t) => {
    const before = (await loginConfigCalls()).length
    const malformed = await loginConfig({ domain: 'evil.example/<script>' })
    t.equal(malformed.statusCode, 400)
    t.equal(malformed.json().retCode, '400')
    const crossSite = await loginConfig({ domain: 'partner.example' }, CROSS_SITE)
    t.equal(crossSite.statusCode, 403)
    t.equal(crossSite.json().retCode, '403')
    t.equal((await loginConfigCalls()).length, before, 'neither reached the upstream')
  },
)

t.test('GET /auth/external/api/flow › anonymous, signed in, and a pending channel connection', async (t) => {
  const flow = async (cookie?: string) =>
    app.inject({
      method: 'GET',
      url: '/auth/external/api/flow',
      headers: { ...SAME_ORIGIN, ...cookieHeader(cookie) },
    })

  const anonymous = await flow()
  t.equal(anonymous.statusCode, 200)
  t.match(anonymous.headers['cache-control'], /no-store/, 'per-session answer: never cached')
  t.same(anonymous.json().item, { signedIn: false, connect: null, returned: null })

  const cookie = await signIn(app, DEMO_ACCOUNT.email, FIXTURE_PASSWORD)
  t.same((await flow(cookie)).json().item, { signedIn: true, connect: null, returned: null })

  // A Shopify connection comes back from the provider: the app resumes at the consent step.
  const started = await app.inject({
    method: 'GET',
    url: '/auth/external/start/shopify',
    headers: { ...OWN_PAGE_LINK, ...cookieHeader(cookie) },
  })
  const state = new URL(String(started.headers.location)).searchParams.get('state') ?? ''
  const afterStart = sessionCookieOf(started) ?? cookie
  const returned = await giveBack(app, { provider: 'shopify', payload: 'shop-acme', state }, afterStart)
  t.equal(returned.body.item.next, 'consent')
  const pending = await flow(returned.cookie)
  t.same(
    pending.json().item,
    {
      signedIn: true,
      connect: { provider: 'shopify', query: { provider: 'shopify', payload: 'shop-acme' } },
      returned: null,
    },
    'the provider’s answer, without the used state; the return’s result was shown once',
  )
})

t.test(
  'GET /auth/external/_next/image › the app’s image path resizes media like /auth/_next/image',
  async (t) => {
    const source = encodeURIComponent('/auth/_next/static/media/hero-console.png')
    const image = await app.inject({
      url: `/auth/external/_next/image?url=${source}&w=640`,
      headers: { accept: 'image/webp' },
    })
    t.equal(image.statusCode, 200)
    t.equal(image.headers['content-type'], 'image/webp')
    t.equal((await sharp(image.rawPayload).metadata()).width, 640, 'resized to the asked width')
    const main = await app.inject({
      url: `/auth/_next/image?url=${source}&w=640`,
      headers: { accept: 'image/webp' },
    })
    t.same(image.rawPayload, main.rawPayload, 'the same image as the main path')

    const outside = await app.inject({
      url: `/auth/external/_next/image?url=${encodeURIComponent('https://evil.example/a.png')}&w=640`,
    })
    t.equal(outside.statusCode, 400, 'only the media folder is a source')
    const oddWidth = await app.inject({ url: `/auth/external/_next/image?url=${source}&w=641` })
    t.equal(oddWidth.statusCode, 400, 'only the listed widths')
  },
)
