import Fastify from 'fastify'
import t from 'tap'
import language from '../../../server/plugins/app/language.ts'
import type { Edition } from '../../../shared/frame/meta.ts'
import type { Language } from '../../../shared/language.ts'

interface Teardown {
  teardown(fn: () => unknown): void
}

/** Only the language plugin and a route that echoes what it decided. */
async function build(t: Teardown, edition: Edition = 'international') {
  const app = Fastify()
  await app.register(language, { edition })
  const echo = async (request: { language: Language; url: string }) => ({
    language: request.language,
    url: request.url,
  })
  app.get('/*', echo)
  app.post('/*', echo)
  t.teardown(() => app.close())
  await app.ready()
  return app
}

t.test('language plugin › international edition: query → header → Accept-Language → English', async (t) => {
  const app = await build(t, 'international')
  const cases: Array<[string, Record<string, string>, Language]> = [
    ['/x?language=en_US', { language: 'zh', 'accept-language': 'zh-CN' }, 'en'],
    ['/x', { language: 'en', 'accept-language': 'zh-CN' }, 'en'],
    ['/x', { 'accept-language': 'fr-FR,en;q=0.5' }, 'en'],
    ['/x', { 'accept-language': 'fr-FR,zh;q=0.5' }, 'zh'],
    ['/x', { 'accept-language': 'zh-CN,zh;q=0.9' }, 'zh'],
    ['/x', { 'accept-language': 'fr-FR' }, 'en'],
    ['/x', {}, 'en'],
    ['/x?language=fr', { 'accept-language': 'zh' }, 'zh'],
  ]
  for (const [url, headers, expected] of cases) {
    const response = await app.inject({ url, headers })
    t.equal(response.statusCode, 200, url)
    t.equal(response.json().language, expected, `${url} ${JSON.stringify(headers)}`)
  }
})

t.test('language plugin › the browser language remembered per header stays that header’s', async (t) => {
  const app = await build(t, 'international')
  const ask = async (acceptLanguage: string) =>
    (await app.inject({ url: '/x', headers: { 'accept-language': acceptLanguage } })).json().language
  // Alternating headers: each answer is its own header's, not the one asked just before.
  for (let round = 0; round < 3; round++) {
    t.equal(await ask('zh-CN,zh;q=0.9'), 'zh')
    t.equal(await ask('en-US,en;q=0.9'), 'en')
    t.equal(await ask('fr-FR,zh;q=0.5'), 'zh')
  }
  // Past the remembered number of headers (500) the answers stay right.
  for (let i = 0; i < 520; i++) {
    t.equal(await ask(`x-${i},zh;q=0.${(i % 9) + 1}`), 'zh')
    t.equal(await ask(`y-${i},en;q=0.${(i % 9) + 1}`), 'en')
  }
})

t.test(
  'language plugin › Chinese edition: without a parameter Chinese whatever the browser (ADR 0062)',
  async (t) => {
    const app = await build(t, 'chinese')
    const cases: Array<[string, Record<string, string>, Language]> = [
      ['/x', { 'accept-language': 'en-US,en;q=0.9' }, 'zh'],
      ['/x', { 'accept-language': 'fr-FR,en;q=0.5' }, 'zh'],
      ['/x', { 'accept-language': 'zh-CN' }, 'zh'],
      ['/x', {}, 'zh'],
      ['/x?language=fr', { 'accept-language': 'en' }, 'zh'],
      // An explicit choice still wins: the parameter, and our pages' `language` header.
      ['/x?language=en', { 'accept-language': 'en' }, 'en'],
      ['/x?language=en_US', { 'accept-language': 'zh-CN' }, 'en'],
      ['/x', { language: 'en', 'accept-language': 'zh-CN' }, 'en'],
    ]
    for (const [url, headers, expected] of cases) {
      const response = await app.inject({ url, headers })
      t.equal(response.statusCode, 200, url)
      t.equal(response.json().language, expected, `${url} ${JSON.stringify(headers)}`)
    }
    // The parameter is dropped only when it names Chinese, the language shown without it.
    const english = await app.inject({ url: '/chatbot?language=zh', headers: { 'accept-language': 'en' } })
    t.equal(english.statusCode, 302, 'an English browser asking for Chinese gets it without the parameter')
    t.equal(english.headers.location, '/chatbot')
    const kept = await app.inject({ url: '/chatbot?language=en', headers: { 'accept-language': 'en' } })
    t.equal(kept.statusCode, 200, 'English is a choice in the Chinese edition: the parameter stays')
  },
)

t.test(
  'GET page › drops `language` with a redirect when it equals the default, the rest of the query kept',
  async (t) => {
    const app = await build(t, 'international')
    const cases: Array<[string, Record<string, string>, string]> = [
      ['/chatbot?language=en', {}, '/chatbot'],
      ['/chatbot?language=en_US', {}, '/chatbot'],
      ['/?a=1&language=en&b=%20x&c', {}, '/?a=1&b=%20x&c'],
      [
        '/auth/sign_in?language=zh_CN&next=%2Fx',
        { 'accept-language': 'zh-CN,zh;q=0.9' },
        '/auth/sign_in?next=%2Fx',
      ],
      ['/about?language=zh#contactUs', { 'accept-language': 'zh' }, '/about'],
      ['/x?lang%75age=en&y=2', {}, '/x?y=2'],
    ]
    for (const [url, headers, location] of cases) {
      const response = await app.inject({ url, headers })
      t.equal(response.statusCode, 302, url)
      t.equal(response.headers.location, location, url)
      t.match(response.headers.vary, /Accept-Language/)
      t.equal(response.headers['cache-control'], 'no-store')
    }
  },
)

t.test('GET page › keeps `language` when it differs from the default or is no choice', async (t) => {
  const app = await build(t, 'international')
  const cases: Array<[string, Record<string, string>, Language]> = [
    ['/chatbot?language=zh', {}, 'zh'],
    ['/chatbot?language=en', { 'accept-language': 'zh-CN' }, 'en'],
    ['/chatbot?language=fr', {}, 'en'],
    ['/chatbot?language=', {}, 'zh'], // empty is how the marketing links write Chinese (spec §9)
    ['/chatbot?language=en&language=zh', {}, 'en'],
  ]
  for (const [url, headers, expected] of cases) {
    const response = await app.inject({ url, headers })
    t.equal(response.statusCode, 200, url)
    t.equal(response.json().language, expected, url)
  }
})

t.test(
  'language redirect › never for the API, assets, page-context requests, health or unsafe methods',
  async (t) => {
    const app = await build(t, 'international')
    for (const url of [
      '/api/basic-login/registerEmailCheck/4?language=en',
      '/api?language=en',
      '/auth/_next/static/media/logo.svg?language=en',
      '/auth/_next/image?url=x&language=en',
      '/chatbot/index.pageContext.json?language=en',
      '/healthz?language=en',
      '/readyz?language=en',
    ]) {
      const response = await app.inject({ url })
      t.equal(response.statusCode, 200, url)
    }
    const post = await app.inject({ method: 'POST', url: '/auth/sign_in?language=en', payload: {} })
    t.equal(post.statusCode, 200, 'POST keeps its URL')
    const head = await app.inject({ method: 'HEAD', url: '/chatbot?language=en' })
    t.equal(head.statusCode, 302, 'HEAD behaves like GET')
  },
)

t.test('language redirect › can never send the browser to another host', async (t) => {
  const app = await build(t, 'international')
  for (const url of [
    '//evil.example/?language=en',
    '/\\evil.example/?language=en',
    '///evil.example?language=en',
  ]) {
    const response = await app.inject({ url })
    const location = String(response.headers.location ?? '/')
    // (light-my-request may normalise the path first; whatever arrives, the answer stays on this site)
    t.match(location, /^\/(?![/\\])/, `${url} → ${location}`)
  }
})
