import { usePageContext } from 'vike-react/usePageContext'
import { useTranslation } from '../../../translation.tsx'

/** Where an enterprise sign-in ends when the provider round trip itself failed (spec §8 ssoFail). */
export default function SsoFailPage() {
  const { t } = useTranslation('sso')
  const { urlParsed, language } = usePageContext()
  return (
    <section className="card" aria-labelledby="sso-fail-title">
      <h1 id="sso-fail-title">{t('failTitle')}</h1>
      <p role="alert">{t('failText')}</p>
      <p>
        <a
          className="button primary"
          href={`/auth/sign_in${urlParsed.search.language ? `?language=${language}` : ''}`}
        >
          {t('failBack')}
        </a>
      </p>
    </section>
  )
}
