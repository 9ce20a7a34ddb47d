import { existsSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { build, ROOT, sessionKey } from '../helper.ts'

if (!existsSync(path.join(ROOT, 'dist/server/entry.mjs'))) {
  t.fail('dist/ is missing: run `npx vike build` first (npm test does)')
} else {
  t.test('HTML › CSP with a fresh nonce of at least 128 bits, strict-dynamic, nothing unsafe', async (t) => {
    const { app } = await build(t, { ssr: true })
    const first = await app.inject('/auth/sign_in')
    const second = await app.inject('/auth/sign_in')
    t.equal(first.statusCode, 200)
    const csp = String(first.headers['content-security-policy'])
    const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(csp)?.[1] ?? ''
    t.ok(
      Buffer.from(nonce, 'hex').length >= 16 || Buffer.from(nonce, 'base64').length >= 16,
      'nonce ≥ 128 bits',
    )
    t.match(csp, /script-src[^;]*'strict-dynamic'/)
    t.notMatch(csp, /unsafe-inline|unsafe-eval/)
    t.match(csp, /object-src 'none'/)
    t.match(csp, /base-uri 'none'/)
    t.match(csp, /frame-ancestors 'none'/)
    t.equal(first.headers['x-frame-options'], 'DENY', 'the legacy header agrees with frame-ancestors')
    t.not(second.headers['content-security-policy'], csp, 'each response gets its own nonce')
    t.match(first.body, new RegExp(`<script[^>]*nonce="${nonce}"`), 'the page scripts carry the nonce')
    t.equal(first.headers['cache-control'], 'no-store', 'a nonce-carrying page is never cached')
  })

  t.test('every response › nosniff, referrer policy, no X-Powered-By; HSTS only behind TLS', async (t) => {
    const { app } = await build(t, { ssr: true })
    for (const url of ['/auth/sign_in', '/healthz', '/auth/_next/static/media/favicon.svg']) {
      const response = await app.inject(url)
      t.equal(response.headers['x-content-type-options'], 'nosniff', url)
      t.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin', url)
      t.notOk(response.headers['x-powered-by'], url)
      t.notOk(response.headers['strict-transport-security'], `${url}: no HSTS over plain http`)
    }
    const { app: behindTls } = await build(t, {
      ssr: true,
      env: { PUBLIC_ORIGIN: 'https://www.example.com', SESSION_KEYS: sessionKey(3) },
    })
    const hsts = String((await behindTls.inject('/healthz')).headers['strict-transport-security'])
    const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1])
    t.ok(maxAge >= 31_536_000, 'HSTS at least one year')
  })

  t.test(
    'SSR › /auth redirects to sign-in, unknown pages are a 404 page, ?language=zh is Chinese',
    async (t) => {
      const { app } = await build(t, { ssr: true })
      for (const url of ['/auth', '/auth/']) {
        const response = await app.inject(`${url}?language=zh`)
        t.equal(response.statusCode, 302)
        t.equal(response.headers.location, '/auth/sign_in?language=zh')
      }
      const missing = await app.inject('/auth/no_such_page')
      t.equal(missing.statusCode, 404)
      t.match(missing.headers['content-type'], /text\/html/)
      t.match(missing.body, 'Page not found')
      const chinese = await app.inject('/auth/sign_in?language=zh')
      t.match(chinese.body, '<html dir="ltr" lang="zh-CN"')
      t.match(chinese.body, '工作邮箱')
      t.match(chinese.body, '<title>登录')
    },
  )
}
