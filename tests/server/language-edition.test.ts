/**
 * Spec §2 language without a parameter, read per edition (ADR 0062), through the whole BFF: the
 * international edition follows the browser, the Chinese edition is Chinese whatever the browser.
 * Also where the hooks never ran (a malformed path answered by the framework-error handler).
 */
import t from 'tap'
import { build } from '../helper.ts'

const ENGLISH_BROWSER = { 'accept-language': 'en-US,en;q=0.9' }
const CHINESE_BROWSER = { 'accept-language': 'zh-CN,zh;q=0.9' }
const htmlLang = (body: string) => /<html[^>]*\slang="([^"]+)"/.exec(body)?.[1]

for (const [edition, english, chinese] of [
  ['international', 'en', 'zh-CN'],
  ['chinese', 'zh-CN', 'zh-CN'],
] as const) {
  t.test(`${edition} edition › a page without a parameter, English and Chinese browsers`, async (t) => {
    const { app } = await build(t, { env: { EDITION: edition } })
    for (const [headers, expected, label] of [
      [ENGLISH_BROWSER, english, 'English browser'],
      [CHINESE_BROWSER, chinese, 'Chinese browser'],
    ] as const) {
      const page = await app.inject({ url: '/no-such-page', headers: { ...headers, accept: 'text/html' } })
      t.equal(page.statusCode, 404)
      t.equal(htmlLang(page.body), expected, `${label}: the page`)
      const malformed = await app.inject({ url: '/%E0%A4%A', headers: { ...headers, accept: 'text/html' } })
      t.equal(malformed.statusCode, 400)
      t.equal(htmlLang(malformed.body), expected, `${label}: a refusal no hook saw`)
    }
    // The parameter always wins, and is dropped only when it names what is shown anyway.
    const asked = await app.inject({ url: '/no-such-page?language=en', headers: CHINESE_BROWSER })
    t.equal(asked.statusCode, 404, 'English asked by a Chinese browser: shown, the parameter kept')
    t.equal(htmlLang(asked.body), 'en')
    const same = await app.inject({ url: '/no-such-page?language=zh', headers: ENGLISH_BROWSER })
    if (edition === 'chinese') {
      t.equal(same.statusCode, 302, 'Chinese is what the Chinese edition shows anyway: dropped')
      t.equal(same.headers.location, '/no-such-page')
    } else {
      t.equal(same.statusCode, 404, 'an English browser asking for Chinese keeps the parameter')
      t.equal(htmlLang(same.body), 'zh-CN')
    }
  })
}
