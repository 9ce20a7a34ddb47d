import { existsSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { DEMO_ACCOUNT } from '../../../sandbox/index.ts'
import { build, cookieHeader, ROOT, signIn } from '../../helper.ts'
import { bodyOf, nonceOf } from './responses.ts'

if (!existsSync(path.join(ROOT, 'dist/server/entry.mjs'))) {
  t.fail('dist/ is missing: run `npx vike build` first (npm test does)')
} else {
  t.test('page cache › thousands of concurrent responses carry thousands of distinct nonces', async (t) => {
    const { app } = await build(t, { ssr: true })
    // The cache filled first (both encodings): the flood below is then served from it, instead of
    // waiting for one render, where a loaded machine let the render queue refuse the latecomers.
    for (const headers of [{}, { 'accept-encoding': 'gzip, br' }])
      await app.inject({ url: '/auth/sign_in', headers })
    const responses = await Promise.all(
      Array.from({ length: 2000 }, (_, index) =>
        app.inject({
          url: '/auth/sign_in',
          headers: index % 2 ? { 'accept-encoding': 'gzip, br' } : {},
        }),
      ),
    )
    const nonces = new Set<string>()
    let mismatched = 0
    for (const response of responses) {
      const nonce = nonceOf(response)
      const inBody = [...bodyOf(response).matchAll(/nonce="([^"]+)"/g)].map((match) => match[1])
      if (inBody.length === 0 || inBody.some((value) => value !== nonce)) mismatched++
      nonces.add(nonce)
    }
    t.equal(nonces.size, 2000, 'every response has its own nonce')
    t.equal(mismatched, 0, 'every script nonce equals the nonce of its own CSP header')
  })

  // An ad's landing link: every visitor of a campaign brings the same tags, read by analytics in
  // the browser; the page is the cached one (ADR 0111), not a render per visitor.
  t.test("page cache › a campaign's tags are served from the cache, not rendered per visitor", async (t) => {
    const { app } = await build(t, { ssr: true, env: { RATE_LIMIT_RENDER: '1/1m' } })
    const plain = await app.inject('/auth/sign_in')
    for (const tags of [
      'utm_source=ad&utm_medium=cpc',
      'utm_campaign=q4&language=zh',
      'utm_content=%3Cb%3E',
    ]) {
      const page = await app.inject(`/auth/sign_in?${tags}`)
      // Three renders of their own would have spent the one render this address may ask for.
      t.equal(page.statusCode, 200, `${tags}: a page, not the render limit's 429`)
      t.notMatch(page.body, /utm_/, `${tags}: the tags are not in the HTML`)
      if (!tags.includes('language')) {
        t.equal(
          page.body.replace(/nonce="[^"]+"/g, ''),
          plain.body.replace(/nonce="[^"]+"/g, ''),
          `${tags}: the cached sign-in page`,
        )
      }
    }
    t.equal((await app.inject('/auth/sign_in?utm_flood=1')).statusCode, 200, 'another parameter: a render')
    t.equal(
      (await app.inject('/auth/sign_in?utm_flood=2')).statusCode,
      429,
      'of its own, which spends the budget the tagged visits left whole',
    )
  })

  // The footer banner's link (spec §7) brings every trial visitor with their own address: the
  // sign-up form fills it in the browser, so the page is the cached one, rendered without it.
  t.test(
    'page cache › a client-filled parameter (serviceEmail) is served from the cache, never echoed',
    async (t) => {
      const { app } = await build(t, { ssr: true, env: { RATE_LIMIT_RENDER: '1/1m' } })
      const plain = await app.inject('/auth/sign_up')
      for (const address of ['ana%40example.com', 'bo%40example.com', '%3Cscript%3E%40x']) {
        const page = await app.inject(`/auth/sign_up?serviceEmail=${address}`)
        // Two renders of its own would have spent the one render this address may ask for.
        t.equal(page.statusCode, 200, `${address}: a page, not the render limit's 429`)
        t.notMatch(page.body, address, `${address}: not in the HTML`)
        t.equal(
          page.body.replace(/nonce="[^"]+"/g, ''),
          plain.body.replace(/nonce="[^"]+"/g, ''),
          `${address}: the cached sign-up page`,
        )
      }
      t.match(plain.body, 'href="/auth/sign_up?language=zh"', 'the language switch as rendered')
    },
  )

  t.test('page cache › what is per visitor never enters or leaves the cache', async (t) => {
    const { app } = await build(t, { ssr: true })
    const echoed = await app.inject('/auth/sign_up?ref=echo%40visitor.example')
    t.equal(echoed.statusCode, 200)
    t.match(echoed.body, 'ref=echo%40visitor.example', 'its language switch keeps the query')
    const plainSignUp = await app.inject('/auth/sign_up')
    t.notMatch(
      plainSignUp.body,
      'echo%40visitor.example',
      'a query outside the allowlist is rendered for its visitor only',
    )

    const account = DEMO_ACCOUNT
    const cookie = await signIn(app, account.email, account.password)
    const signedIn = await app.inject({ url: '/auth/sign_in', headers: cookieHeader(cookie) })
    t.match(signedIn.body, account.email, 'a signed-in visitor sees their own page')
    const visitor = await app.inject('/auth/sign_in')
    t.notMatch(visitor.body, account.email, 'and nobody else ever does')
    t.notOk(visitor.headers['set-cookie'], 'a cached page sets no cookie')

    const missing = await app.inject('/auth/no_such_page')
    t.equal(missing.statusCode, 404)
  })
}
