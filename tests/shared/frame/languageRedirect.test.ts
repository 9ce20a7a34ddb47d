import t from 'tap'
import {
  isLanguageRedirectCandidate,
  languageRedirectLocation,
} from '../../../shared/frame/languageRedirect.ts'

t.test(
  'languageRedirectLocation › drops `language` when it equals the language chosen without it',
  async (t) => {
    t.equal(languageRedirectLocation('/?language=en', 'en'), '/')
    t.equal(languageRedirectLocation('/?language=en_US', 'en'), '/')
    t.equal(languageRedirectLocation('/x?language=zh_CN', 'zh'), '/x')
    t.equal(languageRedirectLocation('/x?language=ZH', 'zh'), '/x')
    t.equal(
      languageRedirectLocation('/x?a=1&language=zh&b=%2F&c', 'zh'),
      '/x?a=1&b=%2F&c',
      'the rest kept as written',
    )
    t.equal(
      languageRedirectLocation('/x?language=zh#top', 'zh'),
      '/x',
      'a hash never reaches the server anyway',
    )
  },
)

t.test(
  'languageRedirectLocation › leaves the URL when the parameter is a real choice or no choice',
  async (t) => {
    t.equal(languageRedirectLocation('/x', 'en'), undefined)
    t.equal(languageRedirectLocation('/x?language=zh', 'en'), undefined)
    t.equal(languageRedirectLocation('/x?language=fr', 'en'), undefined)
    t.equal(languageRedirectLocation('/x?language=', 'en'), undefined)
    t.equal(languageRedirectLocation('/x?language', 'en'), undefined)
    t.equal(languageRedirectLocation('/x?language=en&language=en', 'en'), undefined)
    t.equal(languageRedirectLocation('/x?language=%E0%A4%A', 'en'), undefined, 'malformed encoding')
  },
)

t.test('isLanguageRedirectCandidate › GET and HEAD page requests only', async (t) => {
  t.ok(isLanguageRedirectCandidate('GET', '/'))
  t.ok(isLanguageRedirectCandidate('GET', '/chatbot?language=en'))
  t.ok(isLanguageRedirectCandidate('HEAD', '/auth/sign_in?language=en'))
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])
    t.notOk(isLanguageRedirectCandidate(method, '/'))
  for (const url of [
    '/api/x?language=en',
    '/api?language=en',
    '/auth/_next/assets/a.js?language=en',
    '/auth/_next/image?url=x',
    '/chatbot/index.pageContext.json?language=en',
    '/index.pageContext.json',
    '/healthz',
    '/readyz?language=en',
    '//evil.example/?language=en',
    '/\\evil.example/?language=en',
    'evil?language=en',
  ]) {
    t.notOk(isLanguageRedirectCandidate('GET', url), url)
  }
  t.ok(isLanguageRedirectCandidate('GET', '/apis'), 'only the /api prefix itself')
})
