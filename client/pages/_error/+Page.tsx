import { usePageContext } from 'vike-react/usePageContext'
import { useTranslation } from '../../translation.tsx'
import { ExternalNotFound } from './ExternalNotFound.tsx'

export default function ErrorPage() {
  const { is404, language, externalApp, urlPathname } = usePageContext()
  const { t } = useTranslation()
  const base = externalApp?.basePath
  // Under the external app's base path, a 404 is that app's own (spec §2: only its known pages).
  if (is404 && base && (urlPathname === base || urlPathname.startsWith(`${base}/`))) {
    return <ExternalNotFound base={base} />
  }
  return (
    <section className="card" aria-labelledby="error-title">
      <h1 id="error-title">{is404 ? t('errorPage.notFoundTitle') : t('errorPage.errorTitle')}</h1>
      <p>{is404 ? t('errorPage.notFoundBody') : t('errorPage.errorBody')}</p>
      <p>
        <a className="button" href={language === 'zh' ? '/auth/sign_in?language=zh' : '/auth/sign_in'}>
          {t('errorPage.home')}
        </a>
      </p>
    </section>
  )
}
