import { existsSync } from 'node:fs'
import path from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import t from 'tap'
import { FragmentCache, linkPathsOf } from '../../client/components/frame/fragment-cache.ts'
import { DEMO_ACCOUNT } from '../../sandbox/fixtures.ts'
import { CACHEABLE_PATHS } from '../../server/page-cache/key.ts'
import { build, cookieHeader, ROOT, sessionKey, signIn } from '../helper.ts'

/**
 * ADR 0060's differential test: with frame parts rendered once per key, every page's HTML is
 * byte for byte what it is with the parts rendered on every page — over every page, both
 * languages, desktop, phone and the desktop app, both editions, signed out and signed in.
 */
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36'
const DEVICES = {
  desktop: DESKTOP,
  phone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1',
  desktopApp: `${DESKTOP} SobotDesktop/3.2.1`,
}
const EXTRA_PATHS = ['/no-such-page', '/auth/sign_in?language=zh', '/about?language=en']

/** The page as a visitor gets it, this response's nonces and form token masked. */
function visible(response: LightMyRequestResponse): string {
  const nonces = String(response.headers['content-security-policy']).match(/[0-9a-f]{32}/g) ?? []
  return nonces
    .reduce((out, nonce) => out.replaceAll(nonce, 'NONCE'), response.body)
    .replace(/"csrfToken":"[^"]*"/g, '"csrfToken":"TOKEN"')
    .replace(/(name="_csrf" value=")[^"]*"/g, '$1TOKEN"')
}

t.test(
  'fragment cache › a page whose path a part links to gets its own entry; others share one',
  async (t) => {
    const cache = new FragmentCache()
    let renders = 0
    const part = (current: string) => () => {
      renders += 1
      return `<a href="/about"${current === '/about' ? ' aria-current="page"' : ''}>About</a><a href="https://x.example/y">X</a>`
    }
    t.equal(
      cache.html('k', '/nowhere', part('/nowhere')),
      '<a href="/about">About</a><a href="https://x.example/y">X</a>',
    )
    t.equal(cache.html('k', '/elsewhere/', part('/elsewhere')), cache.html('k', '/nowhere', part('/nowhere')))
    t.equal(renders, 1, 'pages the part does not link to share one render')
    t.match(cache.html('k', '/about/', part('/about')), /aria-current/, 'the linked page gets its own')
    t.equal(renders, 2)
    cache.html('k', `/no-such-page-${Math.random()}`, part(''))
    t.equal(cache.size, 2, 'arbitrary request paths add no entries')
    t.same([...linkPathsOf('<a href="/a/?x=1&amp;y=2">a</a><a href="/b#top">b</a>')], ['/a'])
  },
)

for (const edition of ['international', 'chinese'] as const) {
  t.test(`frame fragments › same HTML as rendering every part per page (${edition})`, async (t) => {
    if (!existsSync(path.join(ROOT, 'dist/server/entry.mjs'))) return t.fail('run `npx vike build` first')
    const env = { EDITION: edition, PAGE_CACHE_MB: '0', SESSION_KEYS: sessionKey(7) }
    const { app: once, sandbox } = await build(t, { ssr: true, env })
    const { app: every } = await build(t, { ssr: true, sandbox, env: { ...env, FRAME_FRAGMENTS: 'off' } })
    const cookie = await signIn(once, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
    let compared = 0
    for (const url of [...CACHEABLE_PATHS, ...EXTRA_PATHS]) {
      for (const acceptLanguage of ['en-US,en;q=0.9', 'zh-CN,zh;q=0.9']) {
        for (const [device, userAgent] of Object.entries(DEVICES)) {
          for (const session of [{}, cookieHeader(cookie)]) {
            const request = {
              url,
              headers: { 'user-agent': userAgent, 'accept-language': acceptLanguage, ...session },
            }
            // Twice on the fragment side: the first fills its entries, the second reuses them.
            await once.inject(request)
            const [reused, reference] = [await once.inject(request), await every.inject(request)]
            if (visible(reused) !== visible(reference) || reused.statusCode !== reference.statusCode) {
              t.equal(
                visible(reused),
                visible(reference),
                `${url} ${acceptLanguage} ${device} ${'cookie' in session ? 'signed in' : 'signed out'}`,
              )
            }
            compared += 1
          }
        }
      }
    }
    t.ok(compared > 200, `${compared} pages compared`)
  })
}
