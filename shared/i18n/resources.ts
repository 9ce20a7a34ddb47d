import enCaptcha from './locales/en/captcha.ts'
import enChannels from './locales/en/channels.ts'
import enCommon from './locales/en/common.ts'
import enDemo from './locales/en/demo.ts'
import enErrors from './locales/en/errors.ts'
import enExternal from './locales/en/external.ts'
import enFrame from './locales/en/frame.ts'
import enHome from './locales/en/home.ts'
import enKeywords from './locales/en/keywords.ts'
import enOverview from './locales/en/overview.ts'
import enReset from './locales/en/reset.ts'
import enSignInSteps from './locales/en/signInSteps.ts'
import enSignUp from './locales/en/signUp.ts'
import enSso from './locales/en/sso.ts'
import zhCaptcha from './locales/zh/captcha.ts'
import zhChannels from './locales/zh/channels.ts'
import zhCommon from './locales/zh/common.ts'
import zhDemo from './locales/zh/demo.ts'
import zhErrors from './locales/zh/errors.ts'
import zhExternal from './locales/zh/external.ts'
import zhFrame from './locales/zh/frame.ts'
import zhHome from './locales/zh/home.ts'
import zhKeywords from './locales/zh/keywords.ts'
import zhOverview from './locales/zh/overview.ts'
import zhReset from './locales/zh/reset.ts'
import zhSignInSteps from './locales/zh/signInSteps.ts'
import zhSignUp from './locales/zh/signUp.ts'
import zhSso from './locales/zh/sso.ts'

/**
 * Every namespace in every language; a test keeps the English and Chinese key sets equal. A new
 * namespace `<flow>` is the pair of files locales/{en,zh}/<flow>.ts, registered here under the
 * same name (the browser finds the files by that name; tests/shared/i18n checks it). Only the
 * server and tests import this file: pages declare the namespaces they use (docs/pages.md).
 */
export const resources = {
  en: {
    common: enCommon,
    errors: enErrors,
    frame: enFrame,
    reset: enReset,
    signUp: enSignUp,
    signInSteps: enSignInSteps,
    demo: enDemo,
    channels: enChannels,
    external: enExternal,
    sso: enSso,
    captcha: enCaptcha,
    home: enHome,
    overview: enOverview,
    keywords: enKeywords,
  },
  zh: {
    common: zhCommon,
    errors: zhErrors,
    frame: zhFrame,
    reset: zhReset,
    signUp: zhSignUp,
    signInSteps: zhSignInSteps,
    demo: zhDemo,
    channels: zhChannels,
    external: zhExternal,
    sso: zhSso,
    captcha: zhCaptcha,
    home: zhHome,
    overview: zhOverview,
    keywords: zhKeywords,
  },
} as const

/** Every registered namespace; its type is `Namespace` (./namespaces.ts). */
export const NAMESPACES = Object.keys(resources.en) as (keyof (typeof resources)['en'])[]
export type { Namespace } from './namespaces.ts'
