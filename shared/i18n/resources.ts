import enChannels from './locales/en/channels.ts'
import enCommon from './locales/en/common.ts'
import enDemo from './locales/en/demo.ts'
import enErrors from './locales/en/errors.ts'
import enExternal from './locales/en/external.ts'
import enFrame from './locales/en/frame.ts'
import enReset from './locales/en/reset.ts'
import zhChannels from './locales/zh/channels.ts'
import zhCommon from './locales/zh/common.ts'
import zhDemo from './locales/zh/demo.ts'
import zhErrors from './locales/zh/errors.ts'
import zhExternal from './locales/zh/external.ts'
import zhFrame from './locales/zh/frame.ts'
import zhReset from './locales/zh/reset.ts'

/** Every namespace in every language; a test keeps the English and Chinese key sets equal. */
export const resources = {
  en: {
    common: enCommon,
    errors: enErrors,
    frame: enFrame,
    reset: enReset,
    demo: enDemo,
    channels: enChannels,
    external: enExternal,
  },
  zh: {
    common: zhCommon,
    errors: zhErrors,
    frame: zhFrame,
    reset: zhReset,
    demo: zhDemo,
    channels: zhChannels,
    external: zhExternal,
  },
} as const

export const NAMESPACES = ['common', 'errors', 'frame', 'reset', 'demo', 'channels', 'external'] as const
export type Namespace = (typeof NAMESPACES)[number]
