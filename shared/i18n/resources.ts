import enCommon from './locales/en/common.ts'
import enErrors from './locales/en/errors.ts'
import enFrame from './locales/en/frame.ts'
import zhCommon from './locales/zh/common.ts'
import zhErrors from './locales/zh/errors.ts'
import zhFrame from './locales/zh/frame.ts'

/** Every namespace in every language; a test keeps the English and Chinese key sets equal. */
export const resources = {
  en: { common: enCommon, errors: enErrors, frame: enFrame },
  zh: { common: zhCommon, errors: zhErrors, frame: zhFrame },
} as const

export const NAMESPACES = ['common', 'errors', 'frame'] as const
export type Namespace = (typeof NAMESPACES)[number]
