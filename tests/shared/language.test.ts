import t from 'tap'
import {
  languageFromAcceptLanguage,
  parseLanguageParam,
  parseLanguageQuery,
  signUpLanguageQuery,
} from '../../shared/language.ts'

t.test('parseLanguageParam › maps the spec values and refuses others', async (t) => {
  t.equal(parseLanguageParam('zh'), 'zh')
  t.equal(parseLanguageParam('zh_CN'), 'zh')
  t.equal(parseLanguageParam('en'), 'en')
  t.equal(parseLanguageParam('en_US'), 'en')
  t.equal(parseLanguageParam('fr'), undefined)
  t.equal(parseLanguageParam(undefined), undefined)
  t.equal(parseLanguageParam(['zh']), undefined)
})

t.test(
  'languageFromAcceptLanguage › follows quality order and skips languages we do not serve',
  async (t) => {
    t.equal(languageFromAcceptLanguage('zh-CN,zh;q=0.9,en;q=0.8'), 'zh')
    t.equal(languageFromAcceptLanguage('fr-FR,en;q=0.5,zh;q=0.4'), 'en')
    t.equal(languageFromAcceptLanguage('en;q=0.2,zh-TW;q=0.9'), 'zh')
    t.equal(languageFromAcceptLanguage('fr,de'), undefined)
    t.equal(languageFromAcceptLanguage('zh;q=0,en'), 'en')
    t.equal(languageFromAcceptLanguage(undefined), undefined)
  },
)

t.test('signUpLanguageQuery › empty for Chinese, en_US otherwise', async (t) => {
  t.equal(signUpLanguageQuery('zh'), '')
  t.equal(signUpLanguageQuery('en'), 'en_US')
})

t.test('parseLanguageQuery › an empty language= is Chinese, as the marketing links write it', async (t) => {
  t.equal(parseLanguageQuery(''), 'zh')
  t.equal(parseLanguageQuery('en_US'), 'en')
  t.equal(parseLanguageQuery(undefined), undefined)
  t.equal(parseLanguageQuery(signUpLanguageQuery('zh')), 'zh', 'round trip for Chinese')
  t.equal(parseLanguageQuery(signUpLanguageQuery('en')), 'en', 'round trip for English')
})
