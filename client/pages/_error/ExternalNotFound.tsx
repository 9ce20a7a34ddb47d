import { usePageContext } from 'vike-react/usePageContext'
import { MEDIA_PREFIX } from '../../../shared/frame/constants.ts'
import { LANGUAGES } from '../../../shared/language.ts'
import { useTranslation } from '../../translation.tsx'
import '../external/external.css'

/**
 * The external app's 404 in the app's own frame (issue 18 point 16): its logo and language
 * switch, no marketing bar or footer (the layout hides them under the app's base path).
 */
export function ExternalNotFound({ base }: { base: string }) {
  const { t } = useTranslation('external')
  const { language, urlPathname } = usePageContext()
  const logo = `${base}/_next/image?url=${encodeURIComponent(`${MEDIA_PREFIX}logo.svg`)}&w=256`
  return (
    <div className="external-app" data-app="external">
      <header className="external-header">
        <img src={logo} alt="Sobot" width={128} height={32} />
        <nav className="external-language" aria-label={t('common:language.label')}>
          <ul>
            {LANGUAGES.map((option) => (
              <li key={option} lang={option === 'zh' ? 'zh-CN' : 'en'}>
                {option === language ? (
                  <span aria-current="true">{t(`common:language.${option}`)}</span>
                ) : (
                  <a href={`${urlPathname}?language=${option}`} data-vike="false">
                    {t(`common:language.${option}`)}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <section className="card" aria-labelledby="error-title">
        <h1 id="error-title">{t('notFoundTitle')}</h1>
        <p>{t('notFoundBody')}</p>
        <p>
          <a className="button" href={`${base}${language === 'zh' ? '?language=zh' : ''}`}>
            {t('home')}
          </a>
        </p>
      </section>
    </div>
  )
}
