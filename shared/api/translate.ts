import type { Translator } from '../i18n/translator.ts'

/**
 * The `translate` option of `createApiClient` from a translator: the text for a key that exists,
 * else `fallback` (undefined when none), never the key itself.
 */
export function translatorFor(translator: Pick<Translator, 'exists' | 't'>) {
  return (key: string, fallback?: string): string | undefined =>
    translator.exists(key) ? translator.t(key) : fallback
}
