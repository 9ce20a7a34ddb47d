/**
 * Issue 18 point 1: spec §2's language rules hold in the external app — an explicit `?language=`
 * wins over the host's login config, the login config over the browser, and the parameter is
 * dropped only when it names what the page would show anyway. In the sandbox a host starting with
 * `127.` is configured in Chinese, `localhost` in English (sandbox/login-config.ts).
 */
import t from 'tap'
import { build, OWN_PAGE_LINK } from '../../helper.ts'

const { app, config } = await build(t, { ssr: true })
const base = config.externalApp.basePath
const ENGLISH_BROWSER = 'en-US,en;q=0.9'
const CHINESE_BROWSER = 'zh-CN,zh;q=0.9'
const CHINESE_HOST = '127.0.0.1:3000'
const ENGLISH_HOST = 'localhost:3000'

const get = (url: string, host: string, acceptLanguage: string) =>
  app.inject({
    url,
    headers: { ...OWN_PAGE_LINK, host, 'accept-language': acceptLanguage, accept: 'text/html' },
  })
const htmlLang = (body: string) => /<html[^>]*\slang="([^"]+)"/.exec(body)?.[1]

t.test('external app › the parameter wins over the login config, both ways', async (t) => {
  const english = await get(`${base}?language=en`, CHINESE_HOST, ENGLISH_BROWSER)
  t.equal(english.statusCode, 200, 'English asked on a Chinese host: shown, not redirected')
  t.equal(htmlLang(english.body), 'en')
  const chinese = await get(`${base}/connect?language=zh`, ENGLISH_HOST, CHINESE_BROWSER)
  t.equal(chinese.statusCode, 200, 'Chinese asked on an English host: shown, not redirected')
  t.equal(htmlLang(chinese.body), 'zh-CN')
})

t.test('external app › the login config wins over the browser', async (t) => {
  const onChineseHost = await get(base, CHINESE_HOST, ENGLISH_BROWSER)
  t.equal(htmlLang(onChineseHost.body), 'zh-CN')
  const onEnglishHost = await get(base, ENGLISH_HOST, CHINESE_BROWSER)
  t.equal(htmlLang(onEnglishHost.body), 'en')
})

t.test('external app › the parameter is dropped only when it names the configured language', async (t) => {
  for (const [url, host, browser, location] of [
    [`${base}?language=zh`, CHINESE_HOST, ENGLISH_BROWSER, base],
    [`${base}/connect?language=en&x=1`, ENGLISH_HOST, CHINESE_BROWSER, `${base}/connect?x=1`],
  ] as const) {
    const response = await get(url, host, browser)
    t.equal(response.statusCode, 302, url)
    t.equal(response.headers.location, location, url)
  }
  // A host that is not ours has no login config here: the browser decides, as on the main site.
  const unknown = await get(`${base}?language=zh`, 'made-up.example', CHINESE_BROWSER)
  t.equal(unknown.statusCode, 302)
  t.equal(unknown.headers.location, base)
})

t.test('external app › a chosen language survives the provider round trip', async (t) => {
  const start = await get(`${base}/start/microsoft?language=en`, CHINESE_HOST, ENGLISH_BROWSER)
  t.equal(start.statusCode, 303, 'the start is not redirected first')
  const redirectUri = new URL(String(start.headers.location)).searchParams.get('redirect_uri') ?? ''
  t.match(redirectUri, /\/auth\/external\?language=en$/, 'the provider comes back to the English page')
})

t.test('external app › a visible language switch to the other language', async (t) => {
  const page = await get(base, CHINESE_HOST, ENGLISH_BROWSER)
  t.match(page.body, `href="${base}?language=en"`, 'the Chinese page links to its English version')
  const english = await get(`${base}/connect?language=en`, CHINESE_HOST, ENGLISH_BROWSER)
  t.match(english.body, `href="${base}/connect?language=zh"`, 'and back, on the same page')
})
