import t from 'tap'
import {
  anchorAttributes,
  frameHref,
  hasLanguageParam,
  isAbsoluteHref,
  languageSwitchHref,
  resolveHref,
  signUpHref,
  withLanguageParam,
  withoutClientFilledQuery,
  withoutLanguageParam,
} from '../../../shared/frame/links.ts'

t.test('resolveHref › links starting with http or // are left untouched', async (t) => {
  for (const href of [
    'https://updates.sobot.io/{language}/x',
    'http://example.test/a?b=1',
    '//cdn.example.test/a.png',
  ]) {
    t.equal(resolveHref(href, { base: 'https://www.sobot.io/', language: 'zh' }), href)
    t.ok(isAbsoluteHref(href))
  }
  t.equal(resolveHref('mailto:support@sobot.io', { base: '/x/', language: 'en' }), 'mailto:support@sobot.io')
})

t.test('resolveHref › other links get the base minus its trailing slash', async (t) => {
  t.equal(resolveHref('/chatbot', { base: '/', language: 'en' }), '/chatbot')
  t.equal(resolveHref('/chatbot', { base: '', language: 'en' }), '/chatbot')
  t.equal(
    resolveHref('/chatbot', { base: 'https://www.sobot.io/', language: 'en' }),
    'https://www.sobot.io/chatbot',
  )
  t.equal(
    resolveHref('/chatbot', { base: 'https://www.sobot.io//', language: 'en' }),
    'https://www.sobot.io/chatbot',
  )
  t.equal(resolveHref('/about#contactUs', { base: '/site/', language: 'en' }), '/site/about#contactUs')
  t.equal(resolveHref('blog', { base: '/site', language: 'en' }), '/site/blog')
})

t.test('resolveHref › the language placeholders are replaced by the current language', async (t) => {
  t.equal(resolveHref('/{language}/privacy', { base: '/', language: 'zh' }), '/zh/privacy')
  t.equal(
    resolveHref('/auth/sign_in?language={language}', { base: '/', language: 'en' }),
    '/auth/sign_in?language=en',
  )
  t.equal(
    resolveHref('/auth/sign_up?language={signUpLanguage}', { base: '/', language: 'en' }),
    '/auth/sign_up?language=en_US',
  )
  t.equal(
    resolveHref('/auth/sign_up?language={signUpLanguage}', { base: '/', language: 'zh' }),
    '/auth/sign_up?language=',
  )
})

t.test('frameHref › keeps an explicit page language on in-site links only', async (t) => {
  const zh = { base: '/', language: 'zh' as const, carryLanguage: true }
  t.equal(frameHref('/chatbot', zh), '/chatbot?language=zh')
  t.equal(frameHref('/about#contactUs', zh), '/about?language=zh#contactUs')
  t.equal(
    frameHref('/auth/sign_up?language={signUpLanguage}', zh),
    '/auth/sign_up?language=',
    'a link that names its language keeps it',
  )
  t.equal(frameHref('https://updates.sobot.io/', zh), 'https://updates.sobot.io/')
  t.equal(frameHref('/chatbot', { ...zh, carryLanguage: false }), '/chatbot')
})

t.test('language parameters › add, replace and remove keep the rest of the query and the hash', async (t) => {
  t.equal(withLanguageParam('/x?a=1&language=en&b=2#h', 'zh'), '/x?a=1&b=2&language=zh#h')
  t.equal(withLanguageParam('/x', 'en'), '/x?language=en')
  t.equal(withoutLanguageParam('/x?a=1&language=en&b=%20'), '/x?a=1&b=%20')
  t.equal(withoutLanguageParam('/x?language=en'), '/x')
  t.ok(hasLanguageParam('/x?language='))
  t.ok(hasLanguageParam('/x?lang%75age=zh'))
  t.notOk(hasLanguageParam('/x?languages=zh'))
  t.equal(languageSwitchHref('/chatbot?utm=a&language=en', 'zh'), '/chatbot?utm=a&language=zh')
  t.equal(languageSwitchHref('//evil.example/x', 'zh'), '/evil.example/x?language=zh', 'never another host')
  t.equal(
    languageSwitchHref('/\\evil.example', 'en'),
    '/%5Cevil.example?language=en',
    'a backslash is encoded',
  )
  t.equal(
    languageSwitchHref('/\t/evil.example', 'zh'),
    '/%09/evil.example?language=zh',
    'a tab (which browsers drop) is encoded',
  )
})

t.test('anchorAttributes › new tabs are noopener, absolute links are full page loads', async (t) => {
  t.same(anchorAttributes('/chatbot'), { href: '/chatbot' }, 'in-site: client-side navigation')
  t.same(anchorAttributes('/help', '_blank'), { href: '/help', target: '_blank', rel: 'noopener noreferrer' })
  t.same(anchorAttributes('https://updates.sobot.io/', '_blank'), {
    href: 'https://updates.sobot.io/',
    target: '_blank',
    rel: 'noopener noreferrer',
    'data-vike': 'false',
  })
  t.same(anchorAttributes('//www.sobot.io/chatbot'), { href: '//www.sobot.io/chatbot', 'data-vike': 'false' })
  t.same(anchorAttributes('/?language=zh', undefined, { fullReload: true }), {
    href: '/?language=zh',
    'data-vike': 'false',
  })
})

t.test(
  'signUpHref › language empty for Chinese, en_US otherwise; the e-mail goes in unchecked',
  async (t) => {
    t.equal(signUpHref('en'), '/auth/sign_up?language=en_US')
    t.equal(signUpHref('zh'), '/auth/sign_up?language=')
    t.equal(
      signUpHref('en', 'ana@example.com'),
      '/auth/sign_up?language=en_US&serviceEmail=ana%40example.com',
    )
    t.equal(
      signUpHref('zh', 'not an email&x=1'),
      '/auth/sign_up?language=&serviceEmail=not%20an%20email%26x%3D1',
    )
    t.equal(signUpHref('en', ''), '/auth/sign_up?language=en_US&serviceEmail=')
  },
)

t.test('withoutClientFilledQuery › drops only the parameters pages read in the browser', async (t) => {
  t.equal(withoutClientFilledQuery('language=en&serviceEmail=a%40b.c'), 'language=en')
  t.equal(withoutClientFilledQuery('serviceEmail=a%40b.c&serviceEmail=x'), '')
  t.equal(withoutClientFilledQuery('serviceEmail'), '')
  t.equal(withoutClientFilledQuery('return=%2Fx&utm=1'), 'return=%2Fx&utm=1', 'others stay, in order')
  t.equal(withoutClientFilledQuery('serviceEmailx=1'), 'serviceEmailx=1', 'by name, not by prefix')
  t.equal(
    withoutClientFilledQuery(
      'utm_source=ad&language=zh&utm_medium=cpc&utm_campaign=q4&utm_term=x&utm_content=y',
    ),
    'language=zh',
    "a campaign's five tags",
  )
  t.equal(
    withoutClientFilledQuery('utm_flood=1&utm_sourcex=2'),
    'utm_flood=1&utm_sourcex=2',
    'no other utm_ name',
  )
})
