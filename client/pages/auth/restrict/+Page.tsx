import { usePageContext } from 'vike-react/usePageContext'
import { SignOutForm } from '../../../components/SignOutForm.tsx'
import { useTranslation } from '../../../translation.tsx'

/** `/auth/restrict` (spec §2): the account may not use the desktop workbench. */
export default function RestrictPage() {
  const { t } = useTranslation('sso')
  const { urlParsed, language, user } = usePageContext()
  return (
    <section className="card" aria-labelledby="restrict-title">
      <h1 id="restrict-title">{t('restrictTitle')}</h1>
      <p>{t('restrictText')}</p>
      {user ? (
        <SignOutForm />
      ) : (
        <p>
          <a
            className="button primary"
            href={`/auth/sign_in${urlParsed.search.language ? `?language=${language}` : ''}`}
          >
            {t('failBack')}
          </a>
        </p>
      )}
    </section>
  )
}
