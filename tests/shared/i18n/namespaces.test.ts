import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
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
