import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import t from 'tap'
import '../../../shared/i18n/index.ts'
import { i18nWith, translatorOf } from '../../../shared/i18n/instance.ts'
import { lightTranslator } from '../../../shared/i18n/light.ts'
import { bundlesOf, withFrameNamespaces } from '../../../shared/i18n/loaded.ts'
import type { Messages } from '../../../shared/i18n/namespaces.ts'
import { NAMESPACES, resources } from '../../../shared/i18n/resources.ts'
import type { Language } from '../../../shared/language.ts'
import '../../support/jsx.ts'

const { Trans } = await import('../../../client/translation.tsx')

/**
 * The browser's light translator must return what the server's i18next returns for every text,
 * or hydration would find other words than the server rendered (ADR 0065).
 */

const LANGUAGES = Object.keys(resources) as Language[]

function leaves(messages: Messages, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  )
}

/** A value for every placeholder any text uses (`count` a number, as the pages pass it). */
const VALUES: Record<string, unknown> = { count: 3 }
for (const language of LANGUAGES) {
  for (const namespace of NAMESPACES) {
    for (const [, text] of leaves(resources[language][namespace])) {
      for (const [, name = ''] of text.matchAll(/\{\{(.+?)\}\}/g)) VALUES[name.trim()] ??= `<${name.trim()}>`
    }
  }
}

t.test('light translator › the same text as i18next for every key, in both languages', async (t) => {
  let compared = 0
  for (const language of LANGUAGES) {
    const all = withFrameNamespaces(NAMESPACES)
    const server = translatorOf(i18nWith(language, all))
    const light = lightTranslator(language, bundlesOf(language, all))
    t.equal(light.language, server.language)
    for (const namespace of NAMESPACES) {
      const serverT = server.fixedT(namespace)
      const lightT = light.fixedT(namespace)
      for (const [key] of leaves(resources[language][namespace])) {
        const where = `${language} ${namespace}:${key}`
        t.equal(lightT(key), serverT(key), `${where} without values`)
        t.equal(lightT(key, VALUES), serverT(key, VALUES), `${where} with values`)
        t.equal(
          light.t(`${namespace}:${key}`, VALUES),
          server.t(`${namespace}:${key}`, VALUES),
          `${where} by prefix`,
        )
        t.equal(
          light.t(key, { ...VALUES, ns: namespace }),
          server.t(key, { ...VALUES, ns: namespace }),
          `${where} by ns option`,
        )
        t.equal(light.exists(`${namespace}:${key}`), server.exists(`${namespace}:${key}`), `${where} exists`)
        compared += 1
      }
    }
    const lightT = light.fixedT('signInSteps')
    const serverT = server.fixedT('signInSteps')
    for (const [key, options] of [
      ['errors.nope', undefined],
      ['errors.nope', { defaultValue: 'Failed for {{email}}', email: 'a@b.test' }],
      ['frame:nope.deeper', undefined],
      ['nope', { ns: 'common' }],
      ['frame:skipToContent', { ns: 'common' }],
    ] as const) {
      t.equal(lightT(key, options), serverT(key, options), `${language} missing/mixed: ${key}`)
    }
    t.equal(light.exists('nope'), server.exists('nope'))
  }
  t.ok(compared > 500, `${compared} texts compared`)
})

t.test(
  'light translator › a namespace the page did not declare shows its key, as on the server',
  async (t) => {
    for (const language of LANGUAGES) {
      const declared = withFrameNamespaces([])
      const server = translatorOf(i18nWith(language, []))
      const light = lightTranslator(language, bundlesOf(language, declared))
      t.equal(light.t('reset:metaTitle'), server.t('reset:metaTitle'))
      t.equal(light.t('reset:metaTitle'), 'metaTitle')
      t.equal(light.hasNamespace('reset'), server.hasNamespace('reset'))
      t.equal(light.hasNamespace('frame'), server.hasNamespace('frame'))
      t.equal(light.hasNamespace('frame'), true)
    }
  },
)

t.test('light translator › one t per namespace, as on the server (hooks depend on it)', async (t) => {
  const light = lightTranslator('en', bundlesOf('en', withFrameNamespaces(['signUp'])))
  t.equal(light.fixedT('signUp'), light.fixedT('signUp'))
  t.equal(light.fixedT('common'), light.t)
  t.not(light.fixedT('signUp'), light.fixedT('frame'))
  const server = translatorOf(i18nWith('en', ['signUp']))
  t.equal(server.fixedT('signUp'), server.fixedT('signUp'))
})

t.test('light translator › no plural keys: it does not choose plural forms', async (t) => {
  for (const language of LANGUAGES) {
    for (const namespace of NAMESPACES) {
      const plural = leaves(resources[language][namespace]).filter(([key]) =>
        /_(zero|one|two|few|many|other)$/.test(key),
      )
      t.same(plural, [], `${language}/${namespace}`)
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
    const light = lightTranslator(language, bundlesOf(language, withFrameNamespaces(NAMESPACES)))
    for (const { namespace, key, components } of uses) {
      const text = light.fixedT(namespace)(key, { email: 'a@b.test' })
      const html = renderToStaticMarkup(
        createElement(Trans, {
          t: light.fixedT(namespace),
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
  const light = lightTranslator('en', bundlesOf('en', withFrameNamespaces(['signUp'])))
  t.equal(
    renderToStaticMarkup(
      createElement(Trans, {
        t: light.fixedT('signUp'),
        i18nKey: 'sent.body',
        values: { email: 'a&b@c.test' },
        components: { 1: createElement('strong') },
      }),
    ),
    'We sent a verification link to <strong>a&amp;b@c.test</strong>. Open it within 10 minutes to continue. The link works once.',
    'values are text, escaped by React',
  )
})

t.test(
  'server translator › a text asked again is i18next’s; values are interpolated on every call',
  async (t) => {
    for (const language of LANGUAGES) {
      const all = withFrameNamespaces(NAMESPACES)
      const instance = i18nWith(language, all)
      const server = translatorOf(instance)
      for (const namespace of NAMESPACES) {
        const serverT = server.fixedT(namespace)
        const i18nextT = instance.getFixedT(language, namespace) as unknown as (
          key: string,
          options?: object,
        ) => string
        for (const [key, text] of leaves(resources[language][namespace])) {
          const where = `${language} ${namespace}:${key}`
          t.equal(serverT(key), i18nextT(key), `${where}, first call`)
          t.equal(serverT(key), i18nextT(key), `${where}, asked again`)
          const prefixed = `${namespace}:${key}`
          t.equal(server.t(prefixed), instance.t(prefixed), `${where} by prefix, first call`)
          t.equal(server.t(prefixed), instance.t(prefixed), `${where} by prefix, asked again`)
          if (!text.includes('{{')) continue
          const other = Object.fromEntries(Object.keys(VALUES).map((name) => [name, `[${name} again]`]))
          t.equal(serverT(key, VALUES), i18nextT(key, VALUES), `${where} with values`)
          t.equal(
            serverT(key, other),
            i18nextT(key, other),
            `${where} with other values: not the first answer`,
          )
        }
      }
      t.equal(
        server.fixedT('common')('no.such.key'),
        'no.such.key',
        'a missing key answers its key, every time',
      )
      t.equal(server.fixedT('common')('no.such.key'), 'no.such.key')
      const common = server.fixedT('common')
      const i18nextCommon = instance.getFixedT(language, 'common') as unknown as (key: string) => string
      for (let n = 0; n < 2500; n++) common(`no.such.key${n}`)
      t.equal(common('no.such.key2400'), 'no.such.key2400', 'past the answers kept, still i18next’s')
      t.equal(common('language.en'), i18nextCommon('language.en'), 'and a kept answer unchanged')
    }
  },
)
