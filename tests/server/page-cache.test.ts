import { existsSync } from 'node:fs'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import t from 'tap'
import { DEMO_ACCOUNT } from '../../sandbox/index.ts'
import { CACHEABLE_PATHS } from '../../server/page-cache/key.ts'
import { build, cookieHeader, ROOT, signIn } from '../helper.ts'

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36'
const DEVICES = {
  desktop: DESKTOP,
  phone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1',
  desktopApp: `${DESKTOP} SobotDesktop/3.2.1`,
}
/** Ways a visitor arrives at each language: browser preference, explicit choice, oauth connect. */
const LANGUAGES = [
  { query: '', acceptLanguage: 'en-US,en;q=0.9' },
  { query: '', acceptLanguage: 'zh-CN,zh;q=0.9' },
  { query: '?language=zh', acceptLanguage: 'en-US,en;q=0.9' },
  { query: '?language=en', acceptLanguage: 'zh-CN' },
  { query: '?oauth=connect', acceptLanguage: 'en' },
]
const NONCE_IN_CSP = /script-src[^;]*'nonce-([0-9a-f]{32})'/

function nonceOf(response: LightMyRequestResponse): string {
  return NONCE_IN_CSP.exec(String(response.headers['content-security-policy']))?.[1] ?? ''
}

function bodyOf(response: LightMyRequestResponse): string {
  return response.headers['content-encoding'] === 'gzip'
    ? gunzipSync(response.rawPayload).toString('utf8')
    : response.body
}

/** What a visitor can see, with this response's nonces written as NONCE. */
function visible(response: LightMyRequestResponse) {
  const nonces = String(response.headers['content-security-policy']).match(/[0-9a-f]{32}/g) ?? []
  const mask = (text: string) => nonces.reduce((out, nonce) => out.replaceAll(nonce, 'NONCE'), text)
  const {
    date: _date,
    'content-length': _length,
    'content-encoding': _encoding,
    vary: _vary,
    ...headers
  } = response.headers
  return {
    status: response.statusCode,
    headers: mask(JSON.stringify(headers)),
    body: mask(bodyOf(response)),
  }
}

if (!existsSync(path.join(ROOT, 'dist/server/entry.mjs'))) {
  t.fail('dist/ is missing: run `npx vike build` first (npm test does)')
} else {
  for (const edition of ['international', 'chinese']) {
    t.test(
      `page cache › cached output equals uncached over every page × language × device (${edition})`,
      async (t) => {
        const { app: cached, sandbox } = await build(t, { ssr: true, env: { EDITION: edition } })
        const { app: uncached } = await build(t, {
          ssr: true,
          sandbox,
          env: { EDITION: edition, PAGE_CACHE_MB: '0' },
        })
        let compared = 0
        for (const page of CACHEABLE_PATHS) {
          for (const language of LANGUAGES) {
            for (const [device, userAgent] of Object.entries(DEVICES)) {
              const request = {
                url: `${page}${language.query}`,
                headers: { 'user-agent': userAgent, 'accept-language': language.acceptLanguage },
              }
              const reference = visible(await uncached.inject(request))
              const label = `${request.url} ${language.acceptLanguage} ${device}`
              // First fills the entry, second is served from it, third asks for the gzip form.
              const fill = await cached.inject(request)
              const hit = await cached.inject(request)
              const gzip = await cached.inject({
                ...request,
                headers: { ...request.headers, 'accept-encoding': 'gzip' },
              })
              t.same(visible(fill), reference, `${label}: filling`)
              t.same(visible(hit), reference, `${label}: from the cache`)
              t.same(visible(gzip), reference, `${label}: gzip`)
              if (reference.status === 200) t.equal(gzip.headers['content-encoding'], 'gzip', label)
              compared++
            }
          }
        }
        t.ok(compared >= CACHEABLE_PATHS.size * 15)
      },
    )
  }

  t.test('page cache › thousands of concurrent responses carry thousands of distinct nonces', async (t) => {
    const { app } = await build(t, { ssr: true })
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

  t.test('page cache › what is per visitor never enters or leaves the cache', async (t) => {
    const { app } = await build(t, { ssr: true })
    const echoed = await app.inject('/auth/sign_up?serviceEmail=echo%40visitor.example')
    t.equal(echoed.statusCode, 200)
    const plainSignUp = await app.inject('/auth/sign_up')
    t.notMatch(
      plainSignUp.body,
      'echo@visitor.example',
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
