import { gzipSync } from 'node:zlib'
import t from 'tap'
import { build } from '../helper.ts'
import { gzipBytes, kb, pageWeight, readGraph } from './page-weight.ts'

/**
 * Page weight of /auth/sign_in (issue 8 point 5), read from the production build (`npm test`
 * builds first): the JavaScript and CSS its HTML loads, with every statically imported chunk and
 * the locale chunks it fetches before hydration, gzip-compressed; and its HTML.
 */

const KB = 1024
/**
 * Issue 8's targets. JavaScript misses its target: react-dom's client alone is 66 KB gzip and
 * Vike's client router 25 KB (ADR 0021), so the enforced ceiling is today's weight with a little
 * headroom — it stops regressions — and the test prints the distance to the target.
 */
const TARGET = { js: 80 * KB, css: 20 * KB, html: 8 * KB }
/**
 * The enforced ceiling: 81 KB of JavaScript since 2026-11-23, when issue 18's sign-in fixes (the
 * lockout's wait and reset link, the long-password rule, the e-mail carried over from sign-up)
 * took the Chinese page to 80.4 KB. Issue 19 (React DOM, ≤ 100 KB) sets the next one.
 */
const BUDGET = { ...TARGET, js: 81 * KB }
const FRAME_NAMESPACES = ['common', 'errors', 'frame']

const graph = readGraph()

t.test('/auth/sign_in › JavaScript, CSS and HTML within budget, in both languages', async (t) => {
  const { app } = await build(t, { ssr: true })
  for (const language of ['en', 'zh']) {
    const response = await app.inject({ url: '/auth/sign_in', headers: { 'accept-language': language } })
    t.equal(response.statusCode, 200)
    const weight = pageWeight(response.body, graph, language, FRAME_NAMESPACES)
    const js = gzipBytes(weight.js)
    const css = gzipBytes(weight.css)
    const html = gzipSync(response.body).length
    const heaviest = [...weight.modules]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([module, size]) => `${module} ${kb(size)}`)
    t.ok(js <= BUDGET.js, `${language}: JS ${kb(js)} gzip ≤ ${kb(BUDGET.js)}`, { heaviest })
    if (js > TARGET.js) t.comment(`${language}: JS is ${kb(js - TARGET.js)} over issue 8's ${kb(TARGET.js)}`)
    t.ok(css <= BUDGET.css, `${language}: CSS ${kb(css)} gzip ≤ ${kb(BUDGET.css)}`)
    t.ok(html <= BUDGET.html, `${language}: HTML ${kb(html)} gzip ≤ ${kb(BUDGET.html)}`)

    const other = language === 'en' ? 'zh' : 'en'
    const modules = [...weight.modules.keys()]
    t.same(
      modules.filter((module) => module.includes(`/i18n/locales/${other}/`)),
      [],
      `${language}: none of the other language's strings`,
    )
    t.same(
      modules.filter((module) =>
        // The sign-in page calls the captcha after wrong passwords: its two endpoints belong there.
        /node_modules\/(zod|qs)\/|shared\/schemas\/|shared\/api\/endpoints\/(?!signIn|session|define|captcha)/.test(
          module,
        ),
      ),
      [],
      `${language}: no validator, query library or other flow's endpoints (the frame's are session's)`,
    )
  }
})

t.test('/auth/sign_up › zod loads when the form is used, not with the page', async (t) => {
  const { app } = await build(t, { ssr: true })
  const response = await app.inject({ url: '/auth/sign_up' })
  t.equal(response.statusCode, 200)
  const weight = pageWeight(response.body, graph, 'en', [...FRAME_NAMESPACES, 'signUp'])
  const modules = [...weight.modules.keys()]
  t.ok(
    modules.some((module) => module.includes('client/pages/auth/sign_up/CredentialsStep')),
    'the page itself is measured',
  )
  t.same(
    modules.filter((module) => /node_modules\/zod\/|shared\/schemas\/(fields|signUp)\.ts/.test(module)),
    [],
    'no validator before the first pointer or input event (client/pages/auth/sign_up/schemas.ts)',
  )
  t.comment(`sign-up: JS ${kb(gzipBytes(weight.js))} gzip before interaction`)
})

t.test('client build › nothing server-only in any chunk', async (t) => {
  const serverOnly =
    /^(server|sandbox|config)\/|shared\/i18n\/(index|resources)\.ts|shared\/api\/(endpoints|schemas)\.ts|shared\/api\/endpoints\/internal\.ts/
  for (const chunk of graph.values()) {
    t.same(
      Object.keys(chunk.modules).filter((module) => serverOnly.test(module)),
      [],
      chunk.file,
    )
  }
})

t.test('hashed assets › served immutable for a year', async (t) => {
  const { app } = await build(t, { ssr: true })
  const response = await app.inject({ url: '/auth/sign_in' })
  const weight = pageWeight(response.body, graph, 'en', FRAME_NAMESPACES)
  for (const file of [...weight.js, ...weight.css]) {
    const asset = await app.inject({ url: `/auth/_next/${file}` })
    t.equal(asset.statusCode, 200, file)
    t.match(
      String(asset.headers['cache-control']),
      /max-age=31536000.*immutable|immutable.*max-age=31536000/,
      file,
    )
  }
})
