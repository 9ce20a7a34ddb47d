import { useTranslation } from 'react-i18next'
import { usePageContext } from 'vike-react/usePageContext'

export default function ErrorPage() {
  const { is404, language } = usePageContext()
  const { t } = useTranslation()
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
