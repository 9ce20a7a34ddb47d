import { usePageContext } from 'vike-react/usePageContext'
import { useTranslation } from '../../../../translation.tsx'
import '../reset.css'

/** 'Password updated' (spec §2): no one is signed in by a reset, so the way on is to sign in. */
export default function PasswordUpdatedPage() {
  const { t } = useTranslation()
  const { language, urlParsed } = usePageContext()
  const languageQuery = urlParsed.search.language ? `?language=${language}` : ''
  return (
    <section className="card" aria-labelledby="reset-done-title" data-testid="reset-done">
      <h1 id="reset-done-title">{t('reset:doneTitle')}</h1>
      <p>{t('reset:doneBody')}</p>
      <a className="button primary" href={`/auth/sign_in${languageQuery}`}>
        {t('reset:signIn')}
      </a>
    </section>
  )
}
