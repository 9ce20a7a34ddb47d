import type { i18n } from 'i18next'

/**
 * The `translate` option of `createApiClient` from an i18next instance: the text for a key that
 * exists, else `fallback` (undefined when none), never the key itself.
 */
export function translatorFor(instance: Pick<i18n, 'exists' | 't'>) {
  return (key: string, fallback?: string): string | undefined =>
    instance.exists(key) ? String(instance.t(key)) : fallback
}
