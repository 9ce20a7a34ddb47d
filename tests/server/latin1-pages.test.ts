import { existsSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { latin1Html } from '../../client/components/frame/latin1.ts'
import { DEMO_ACCOUNT } from '../../sandbox/fixtures.ts'
import { build, cookieHeader, ROOT, sessionKey, signIn } from '../helper.ts'

/**
 * ADR 0109: an English page rendered per request is Latin-1 throughout, so V8 builds it one byte
 * per character; the other language's name still reads 中文 to the browser (a character reference).
 */
const beyondLatin1 = (html: string) => [...html].filter((char) => (char.codePointAt(0) ?? 0) > 0xff)
const decoded = (html: string) =>
  html.replace(/&#x([0-9a-f]+);/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))

t.test('latin1Html › references above U+00FF, markup escaped, Latin-1 kept', async (t) => {
  t.equal(latin1Html('中文'), '&#x4e2d;&#x6587;')
  t.equal(latin1Html('<b>"Café" & ©</b>'), '&lt;b&gt;&quot;Café&quot; &amp; ©&lt;/b&gt;')
  t.equal(latin1Html('𠀀'), '&#x20000;', 'a character outside the BMP is one reference, not two halves')
  t.equal(latin1Html('English'), 'English')
})

t.test('English pages rendered per request › no character above U+00FF, the switch reads 中文', async (t) => {
  if (!existsSync(path.join(ROOT, 'dist/server/entry.mjs'))) return t.fail('run `npx vike build` first')
  const env = { PAGE_CACHE_MB: '0', SESSION_KEYS: sessionKey(9) }
  const { app } = await build(t, { ssr: true, env })
  const english = { 'accept-language': 'en-US,en;q=0.9', accept: 'text/html' }
  const cookie = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  for (const [label, url, headers] of [
    ['a 404', '/no-such-page', english],
    ['the sign-in page', '/auth/sign_in', english],
    ['the sign-in page, signed in', '/auth/sign_in', { ...english, ...cookieHeader(cookie) }],
  ] as const) {
    const page = await app.inject({ url, headers })
    t.match(page.headers['content-type'], /text\/html/, label)
    t.same(beyondLatin1(page.body), [], `${label}: Latin-1 only`)
    const switches = [
      ...page.body.matchAll(/data-testid="language-switch"[^>]*>[\s\S]*?<span>([^<]*)<\/span>/g),
    ]
    t.ok(switches.length > 0, `${label}: has the language switch`)
    for (const [, text] of switches) t.equal(decoded(text ?? ''), '中文', `${label}: the switch names 中文`)
  }
  const chinese = await app.inject({ url: '/no-such-page?language=zh', headers: english })
  t.match(decoded(chinese.body), />English<\/span>/, 'the Chinese page names English')
})
