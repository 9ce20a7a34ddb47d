import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import t from 'tap'
import { registerEveryTranslation } from '../../../shared/i18n/index.ts'
import { translatorWith } from '../../../shared/i18n/loaded.ts'
import type { Messages } from '../../../shared/i18n/namespaces.ts'
import { NAMESPACES, resources } from '../../../shared/i18n/resources.ts'
import { createTranslator } from '../../../shared/i18n/translator.ts'
import type { Language } from '../../../shared/language.ts'
import '../../support/jsx.ts'

const { Trans } = await import('../../../client/translation.tsx')

/**
 * The one translator (ADR 0130): the server's render, the BFF's messages and the browser all use
 * shared/i18n/translator.ts, so these are checks of what it answers, not a comparison.
 */

registerEveryTranslation()
const LANGUAGES = Object.keys(resources) as Language[]

function leaves(messages: Messages, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  )
}

t.test('translator › every text by its key, its namespace prefix and the ns option', async (t) => {
  let checked = 0
  for (const language of LANGUAGES) {
    const translator = translatorWith(language, NAMESPACES)
    t.equal(translator.language, language)
    for (const namespace of NAMESPACES) {
      const fixed = translator.fixedT(namespace)
      for (const [key, text] of leaves(resources[language][namespace])) {
        const where = `${language} ${namespace}:${key}`
        t.equal(fixed(key), text, where)
        t.equal(translator.t(`${namespace}:${key}`), text, `${where} by prefix`)
        t.equal(translator.t(key, { ns: namespace }), text, `${where} by ns option`)
        t.ok(translator.exists(`${namespace}:${key}`), `${where} exists`)
        checked += 1
      }
    }
  }
  t.ok(checked > 500, `${checked} texts checked`)
})

t.test('translator › values, defaults, missing keys and which namespace wins', async (t) => {
  const translator = createTranslator('en', {
    common: { greet: 'Hello {{name}}, {{ name }} again', plain: 'Plain', nested: { deep: 'Deep' } },
    other: { greet: 'Other {{name}}', only: 'Only here' },
  })
  t.equal(translator.t('greet', { name: 'Ann' }), 'Hello Ann, Ann again', 'every placeholder, spaces allowed')
  t.equal(translator.t('greet'), 'Hello {{name}}, {{ name }} again', 'no values: the text as written')
  t.equal(
    translator.t('greet', { other: 1 }),
    'Hello {{name}}, {{ name }} again',
    'a missing value stays visible',
  )
  t.equal(translator.t('greet', { name: 0 }), 'Hello 0, 0 again', 'a number is a value')
  t.equal(translator.t('nested.deep'), 'Deep', 'dotted keys')
  t.equal(translator.t('nested'), 'nested', 'a group is not a text: the key')
  t.equal(translator.t('other:greet', { name: 'Bo', ns: 'common' }), 'Other Bo', 'the prefix wins over ns')
  t.equal(translator.t('greet', { name: 'Bo', ns: 'other' }), 'Other Bo', 'ns wins over the default')
  t.equal(translator.fixedT('other')('only'), 'Only here')
  t.equal(translator.fixedT('other')('common:plain'), 'Plain', 'a prefix leaves the fixed namespace')
  t.equal(translator.t('nope.deeper'), 'nope.deeper', 'missing: the key')
  t.equal(translator.t('other:nope'), 'nope', 'missing with a prefix: the key without it')
  t.equal(translator.t('third:plain'), 'plain', 'a namespace not loaded: the key')
  t.equal(
    translator.t('nope', { defaultValue: 'Failed for {{email}}', email: 'a@b.test' }),
    'Failed for a@b.test',
    'a default is interpolated like a text',
  )
  t.equal(translator.t('plain', { defaultValue: 'unused' }), 'Plain', 'a found text wins over the default')
  t.ok(translator.exists('plain'))
  t.ok(translator.exists('other:only'))
  t.notOk(translator.exists('only'), 'exists looks in common unless prefixed')
  t.notOk(translator.exists('nested'))
  t.ok(translator.hasNamespace('other'))
  t.notOk(translator.hasNamespace('third'))
})

t.test('translator › a page sees the frame and what it declared, nothing else', async (t) => {
  const reset = translatorWith('en', ['reset'])
  t.equal(reset.t('reset:metaTitle'), resources.en.reset.metaTitle)
  t.equal(reset.t('frame:skipToContent'), resources.en.frame.skipToContent)
  for (const namespace of ['common', 'errors', 'frame']) t.ok(reset.hasNamespace(namespace), namespace)
  const plain = translatorWith('zh', [])
  // An undeclared namespace shows its key on the server as in the browser: the mistake is visible.
  t.equal(plain.t('reset:metaTitle'), 'metaTitle')
  t.notOk(plain.hasNamespace('reset'))
  t.equal(plain.t('frame:skipToContent'), resources.zh.frame.skipToContent)
  t.equal(translatorWith('en', ['reset']), reset, 'one translator per language and namespace set')
})

t.test('translator › one t per namespace (hooks depend on it)', async (t) => {
  const translator = translatorWith('en', ['signUp'])
  t.equal(translator.fixedT('signUp'), translator.fixedT('signUp'))
  t.equal(translator.fixedT('common'), translator.t)
  t.not(translator.fixedT('signUp'), translator.fixedT('frame'))
})

t.test('translator › no plural keys: it does not choose plural forms', async (t) => {
  for (const language of LANGUAGES) {
    for (const namespace of NAMESPACES) {
      const plural = leaves(resources[language][namespace]).filter(([key]) =>
        /_(zero|one|two|few|many|other)$/.test(key),
      )
      t.same(plural, [], `${language}/${namespace}`)
    }
  }
})

t.test('translator › every placeholder is a plain name (no formatters, no nesting)', async (t) => {
  for (const language of LANGUAGES) {
    for (const namespace of NAMESPACES) {
      for (const [key, text] of leaves(resources[language][namespace])) {
        for (const [placeholder, name = ''] of text.matchAll(/\{\{(.+?)\}\}/g))
          t.match(name.trim(), /^\w+$/, `${language} ${namespace}:${key} ${placeholder}`)
        t.notMatch(text, /\$t\(/, `${language} ${namespace}:${key} nests no text`)
      }
    }
  }
})

t.test('Trans › each tag of a text becomes its element with the translated words', async (t) => {
  const uses = [
    { namespace: 'signUp', key: 'credentials.privacy', components: ['1', '3'] },
    { namespace: 'signUp', key: 'sent.body', components: ['1'] },
    { namespace: 'signUp', key: 'verify.elsewhereBody', components: ['1'] },
    { namespace: 'channels', key: 'agree', components: ['privacy', 'terms'] },
  ]
  for (const language of LANGUAGES) {
    const translator = translatorWith(language, NAMESPACES)
    for (const { namespace, key, components } of uses) {
      const text = translator.fixedT(namespace)(key, { email: 'a@b.test' })
      const html = renderToStaticMarkup(
        createElement(Trans, {
          t: translator.fixedT(namespace),
          i18nKey: key,
          values: { email: 'a@b.test' },
          components: Object.fromEntries(
            components.map((name) => [name, createElement('em', { 'data-c': name })]),
          ),
        }),
      )
      // Every tag of the text is replaced by its element holding the same words.
      let expected = text
      for (const name of components) {
        expected = expected.replace(
          new RegExp(`<${name}>(.*?)</${name}>`, 's'),
          (_, words: string) => `<em data-c="${name}">${words}</em>`,
        )
      }
      t.ok(
        components.every((name) => text.includes(`<${name}>`)),
        `${language} ${key} uses its tags`,
      )
      t.equal(html, expected, `${language} ${namespace}:${key}`)
    }
  }
  const translator = translatorWith('en', ['signUp'])
  t.equal(
    renderToStaticMarkup(
      createElement(Trans, {
        t: translator.fixedT('signUp'),
        i18nKey: 'sent.body',
        values: { email: 'a&b@c.test' },
        components: { 1: createElement('strong') },
      }),
    ),
    'We sent a verification link to <strong>a&amp;b@c.test</strong>. Open it within 10 minutes to continue. The link works once.',
    'values are text, escaped by React',
  )
})
