import enCommon from './locales/en/common.ts'
import enErrors from './locales/en/errors.ts'
import zhCommon from './locales/zh/common.ts'
import zhErrors from './locales/zh/errors.ts'

/** Every namespace in every language; a test keeps the English and Chinese key sets equal. */
export const resources = {
  en: { common: enCommon, errors: enErrors },
  zh: { common: zhCommon, errors: zhErrors },
} as const

export const NAMESPACES = ['common', 'errors'] as const
export type Namespace = (typeof NAMESPACES)[number]
