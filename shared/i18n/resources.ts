import enCommon from './locales/en/common.ts'
import enErrors from './locales/en/errors.ts'
import enFrame from './locales/en/frame.ts'
import enReset from './locales/en/reset.ts'
import enSignUp from './locales/en/signUp.ts'
import zhCommon from './locales/zh/common.ts'
import zhErrors from './locales/zh/errors.ts'
import zhFrame from './locales/zh/frame.ts'
import zhReset from './locales/zh/reset.ts'
import zhSignUp from './locales/zh/signUp.ts'

/** Every namespace in every language; a test keeps the English and Chinese key sets equal. */
export const resources = {
  en: { common: enCommon, errors: enErrors, frame: enFrame, reset: enReset, signUp: enSignUp },
  zh: { common: zhCommon, errors: zhErrors, frame: zhFrame, reset: zhReset, signUp: zhSignUp },
} as const

export const NAMESPACES = ['common', 'errors', 'frame', 'reset', 'signUp'] as const
export type Namespace = (typeof NAMESPACES)[number]
