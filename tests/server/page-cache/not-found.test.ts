/**
 * A visitor's 404 from the page cache (ADR 0121): one entry per key for every path no page
 * answers, the nonce and the path filled in per response. Its equality with Vike's own render is
 * in the differential tests (differential.ts); here what a visitor and an attacker would notice.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import t from 'tap'
import { DEMO_ACCOUNT } from '../../../sandbox/index.ts'
import english from '../../../shared/i18n/locales/en/common.ts'
import chinese from '../../../shared/i18n/locales/zh/common.ts'
import { build, cookieHeader, ROOT, signIn } from '../../helper.ts'

const NONCE_IN_CSP = /script-src[^;]*'nonce-([0-9a-f]{32})'/

function nonceOf(response: LightMyRequestResponse): string {
  return NONCE_IN_CSP.exec(String(response.headers['content-security-policy']))?.[1] ?? ''
}

function bodyOf(response: LightMyRequestResponse): string {
  return response.headers['content-encoding'] === 'gzip'
    ? gunzipSync(response.rawPayload).toString('utf8')
    : response.body
}

const noncesIn = (body: string) => [...body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1])

if (!existsSync(path.join(ROOT, 'dist/server/entry.mjs'))) {
  t.fail('dist/ is missing: run `npx vike build` first (npm test does)')
} else {
  t.test(
    'not-found cache › a visitor gets the 404 page in each language, with no render spent',
    async (t) => {
      // One render a minute for this address: a second render of its own would be the 429 page.
      const { app } = await build(t, { ssr: true, env: { RATE_LIMIT_RENDER: '1/1m' } })
      const arrivals = [
        { query: '', headers: { 'accept-language': 'en-US,en;q=0.9' }, texts: english.errorPage },
        { query: '', headers: { 'accept-language': 'zh-CN,zh;q=0.9' }, texts: chinese.errorPage },
        { query: '?language=zh', headers: { 'accept-language': 'en' }, texts: chinese.errorPage },
      ]
      for (const { query, headers, texts } of arrivals) {
        for (const missing of ['/auth/no_such_page', '/no/such/page.php', '/auth/sign_in/extra', '/.env']) {
          for (const encoding of ['', 'gzip']) {
            const url = `${missing}${query}`
            const label = `${url} ${headers['accept-language']} ${encoding || 'plain'}`
            const response = await app.inject({
              url,
              headers: { ...headers, ...(encoding ? { 'accept-encoding': encoding } : {}) },
            })
            t.equal(response.statusCode, 404, `${label}: a 404, not the render limit's 429`)
            const body = bodyOf(response)
            t.ok(body.includes(texts.notFoundTitle), `${label}: the not-found page in its language`)
            t.ok(body.includes(texts.notFoundBody), label)
            // The language switch leads to this same address in the other language.
            const other = texts === chinese.errorPage ? 'en' : 'zh'
            t.ok(body.includes(`href="${missing}?language=${other}"`), `${label}: its own path`)
            t.notOk(/\/[0-9a-f]{32}/.test(body), `${label}: no placeholder path left`)
            t.notOk(response.headers['set-cookie'], `${label}: sets no cookie`)
          }
        }
      }
      const known = await app.inject('/auth/sign_in?ref=partner')
      t.equal(known.statusCode, 200, 'a page that exists is never taken for a 404 (its one render)')
    },
  )

  t.test('not-found cache › every response has its own nonces, each its CSP header’s', async (t) => {
    const { app } = await build(t, { ssr: true })
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        app.inject({
          url: `/auth/missing-${index % 3}`,
          headers: index % 2 ? { 'accept-encoding': 'gzip' } : {},
        }),
      ),
    )
    const nonces = new Set<string>()
    for (const response of responses) {
      t.equal(response.statusCode, 404)
      const inBody = noncesIn(bodyOf(response))
      t.ok(inBody.length > 0 && inBody.every((nonce) => nonce === nonceOf(response)), 'nonce = header')
      nonces.add(nonceOf(response))
    }
    t.equal(nonces.size, responses.length, 'no nonce is served twice')
  })

  t.test('not-found cache › a signed-in 404 is rendered for its session, never from the cache', async (t) => {
    const { app } = await build(t, { ssr: true })
    const visitor = await app.inject('/auth/no_such_page')
    t.equal(visitor.statusCode, 404)
    t.notOk(visitor.body.includes('header-sign-out'), 'the visitor’s page has no sign-out')
    const cookie = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
    const signedIn = await app.inject({ url: '/auth/no_such_page', headers: cookieHeader(cookie) })
    t.equal(signedIn.statusCode, 404)
    t.ok(signedIn.body.includes('header-sign-out'), 'the signed-in 404 shows the signed-in frame')
    const again = await app.inject('/auth/no_such_page')
    t.notOk(again.body.includes('header-sign-out'), 'and the visitors’ entry stayed the visitors’')
  })

  t.test('not-found cache › paths it cannot echo as they came are rendered as before', async (t) => {
    const { app } = await build(t, { ssr: true, env: { RATE_LIMIT_RENDER: '2/1m' } })
    const encoded = await app.inject('/auth/%3Cb%3Eno')
    t.equal(encoded.statusCode, 404, 'a percent-encoded path: Vike’s 404')
    t.notOk(encoded.body.includes('<b>no'), 'its path never unescaped into the page')
    const slash = await app.inject('/auth/no_such_page/')
    t.equal(slash.statusCode, 301, 'a trailing slash: Vike’s own redirect')
    t.equal(
      (await app.inject('/auth/%3Cb%3Eno')).statusCode,
      429,
      'each was a render of its own, spending the render budget',
    )
  })
}
