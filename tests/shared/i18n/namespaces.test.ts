import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import '../../../shared/i18n/index.ts'
import { i18nWith } from '../../../shared/i18n/instance.ts'
import { FRAME_NAMESPACES } from '../../../shared/i18n/namespaces.ts'
import { NAMESPACES, resources } from '../../../shared/i18n/resources.ts'

const LOCALES = join(import.meta.dirname, '../../../shared/i18n/locales')

t.test(
  'namespaces › each is the pair of files named after it, and every locale file is registered',
  async (t) => {
    // The browser finds a namespace's file by its name (client/i18n.ts): they must agree.
    for (const language of Object.keys(resources) as (keyof typeof resources)[]) {
      const files = readdirSync(join(LOCALES, language))
        .filter((file) => file.endsWith('.ts'))
        .map((file) => file.replace(/\.ts$/, ''))
      t.same(files.sort(), [...NAMESPACES].sort(), `locales/${language}`)
      for (const namespace of NAMESPACES) {
        const module = (await import(join(LOCALES, language, `${namespace}.ts`))) as { default: unknown }
        t.equal(
          module.default,
          resources[language][namespace],
          `${language}/${namespace}.ts is what is registered`,
        )
      }
    }
  },
)

t.test('namespaces › a page sees the frame and what it declared, nothing else', async (t) => {
  const reset = i18nWith('en', ['reset'])
  t.equal(reset.t('reset:metaTitle'), resources.en.reset.metaTitle)
  t.equal(reset.t('frame:skipToContent'), resources.en.frame.skipToContent)
  for (const namespace of FRAME_NAMESPACES) t.ok(reset.hasLoadedNamespace(namespace), namespace)
  const plain = i18nWith('zh', [])
  // An undeclared namespace shows its key on the server as in the browser: the mistake is visible.
  t.equal(plain.t('reset:metaTitle'), 'metaTitle')
  t.equal(plain.t('frame:skipToContent'), resources.zh.frame.skipToContent)
  t.equal(i18nWith('en', ['reset']), reset, 'one instance per language and namespace set')
})
