import { gzipSync } from 'node:zlib'
import t from 'tap'
import signInConfig from '../../client/pages/auth/sign_in/+config.ts'
import signUpConfig from '../../client/pages/auth/sign_up/+config.ts'
import homeConfig from '../../client/pages/index/+config.ts'
import { build } from '../helper.ts'
import { gzipBytes, kb, pageWeight, readGraph } from './page-weight.ts'

/**
 * Page weight (issue 8 point 5, issue 19 point 2), read from the production build (`npm test`
 * builds first): the JavaScript and CSS a page's HTML loads, with every statically imported chunk
 * and the locale chunks it fetches before hydrating (the frame's and the page's own namespaces,
 * from its +config.ts), gzip-compressed; and its HTML.
 */

const KB = 1024
const FRAME_NAMESPACES = ['common', 'errors', 'frame']
/**
 * JavaScript ceilings with React DOM rendering (ADR 0064, 0065, 0085, 0102). Issue 19 asks for
 * 100 KB on sign-in: 120.6 / 121.7 KB (en / zh) on 2026-11-26, 116.3 / 117.2 KB after ADR 0085's
 * cuts, 92.3 / 93.3 KB once the pages stopped loading Vike's client router (ADR 0102), 94.1 /
 * 95.1 KB with the sign-in's steps on the form kit (one submit path that focuses the first error
 * after a refusal, the step reducer, one code step with and without JavaScript). The ceilings
 * are what the pages weigh plus ≈ 1–2 KB (zh), so nothing grows unnoticed; sign-in's never above
 * `TARGET`.
 */
const TARGET = { signIn: 100 * KB }
const PAGES = [
  { url: '/', js: 88 * KB, namespaces: homeConfig.namespaces },
  { url: '/auth/sign_in', js: 96 * KB, namespaces: signInConfig.namespaces },
  { url: '/auth/sign_up', js: 102 * KB, namespaces: signUpConfig.namespaces },
]
const BUDGET = { css: 20 * KB, html: 8 * KB }

const graph = readGraph()

for (const { url, js: jsBudget, namespaces } of PAGES) {
  t.test(`${url} › JavaScript, CSS and HTML within budget, in both languages`, async (t) => {
    const { app } = await build(t, { ssr: true })
    for (const language of ['en', 'zh']) {
      const response = await app.inject({ url, headers: { 'accept-language': language } })
      t.equal(response.statusCode, 200)
      const weight = pageWeight(response.body, graph, language, [...FRAME_NAMESPACES, ...namespaces])
      const js = gzipBytes(weight.js)
      const css = gzipBytes(weight.css)
      const html = gzipSync(response.body).length
      const heaviest = [...weight.modules]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([module, size]) => `${module} ${kb(size)}`)
      t.ok(js <= jsBudget, `${language}: JS ${kb(js)} gzip ≤ ${kb(jsBudget)}`, { heaviest })
      t.ok(css <= BUDGET.css, `${language}: CSS ${kb(css)} gzip ≤ ${kb(BUDGET.css)}`)
      t.ok(html <= BUDGET.html, `${language}: HTML ${kb(html)} gzip ≤ ${kb(BUDGET.html)}`)

      const modules = [...weight.modules.keys()]
      t.ok(
        modules.some((module) => module.startsWith('node_modules/react-dom/')),
        `${language}: hydrated by React DOM (ADR 0064)`,
      )
      t.same(
        modules.filter((module) => /node_modules\/preact/.test(module)),
        [],
        `${language}: no other renderer`,
      )
      t.same(
        modules.filter((module) => /node_modules\/(vike|@brillout)\//.test(module)),
        [],
        `${language}: no Vike client runtime (client/runtime/router.ts navigates, ADR 0102)`,
      )
      const other = language === 'en' ? 'zh' : 'en'
      t.same(
        modules.filter((module) => module.includes(`/i18n/locales/${other}/`)),
        [],
        `${language}: none of the other language's strings`,
      )
      t.same(
        modules.filter((module) => /^shared\/api\/(call|query|response)\.ts$/.test(module)),
        [],
        `${language}: no call layer before the first key or pointer press (ADR 0065)`,
      )
      const firstLoad = weight.js.filter((file) => {
        const chunkModules = Object.keys(graph.get(file)?.modules ?? {})
        return chunkModules.some((module) =>
          /^node_modules\/react-dom\/|^client\/runtime\/router|^client\/pages\/\+Layout/.test(module),
        )
      })
      t.equal(
        firstLoad.length,
        1,
        `${language}: React DOM, the client router and the frame come in one chunk (build/first-load-chunk.ts)`,
      )
      if (url === '/auth/sign_in')
        t.ok(js <= TARGET.signIn, `${language}: sign-in ≤ issue 19's ${kb(TARGET.signIn)} (ADR 0102)`)
      if (url !== '/auth/sign_in') continue
      t.same(
        modules.filter((module) =>
          // The captcha (after wrong passwords) loads when it is asked for, with its endpoints.
          /node_modules\/(zod|qs)\/|shared\/schemas\/|client\/components\/captcha\/|shared\/api\/endpoints\/(?!signIn|session|define)/.test(
            module,
          ),
        ),
        [],
        `${language}: no validator, query library, captcha or other flow's endpoints (the frame's are session's)`,
      )
    }
  })
}

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
