import { useTranslation } from 'react-i18next'
import { languageSwitchHref } from '../../../shared/frame/links.ts'
import type { Language } from '../../../shared/language.ts'
import { GlobeIcon } from './icons.tsx'
import { useFrame } from './useFrame.ts'

const HTML_LANG: Record<Language, string> = { en: 'en', zh: 'zh-CN' }

/**
 * Links to this page in the other language. A full page load: the BFF then drops the parameter
 * again when it is the visitor's default, and `<html lang>`, title and meta come from the server.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t } = useTranslation('frame')
  const { language, currentUrl } = useFrame()
  const other: Language = language === 'zh' ? 'en' : 'zh'
  return (
    <a
      className={`fr-lang ${className}`}
      href={languageSwitchHref(currentUrl, other)}
      data-vike="false"
      hrefLang={HTML_LANG[other]}
      lang={HTML_LANG[other]}
      data-testid="language-switch"
    >
      <GlobeIcon />
      <span>{t(`language.${other}`)}</span>
    </a>
  )
}
