import { usePageContext } from 'vike-react/usePageContext'
import { pageUrlOf } from '../../../components/frame/useFrame.ts'
import { SignOutForm } from '../../../components/SignOutForm.tsx'
import { useTranslation } from '../../../translation.tsx'

/** `/auth/restrict` (spec §2): the account may not use the desktop workbench. */
export default function RestrictPage() {
  const { t } = useTranslation('sso')
  const pageContext = usePageContext()
  const { user } = pageContext
  const { languageQuery } = pageUrlOf(pageContext)
  return (
    <section className="card" aria-labelledby="restrict-title">
      <h1 id="restrict-title">{t('restrictTitle')}</h1>
      <p>{t('restrictText')}</p>
      {user ? (
        <SignOutForm />
      ) : (
        <p>
          <a className="button primary" href={`/auth/sign_in${languageQuery}`}>
            {t('failBack')}
          </a>
        </p>
      )}
    </section>
  )
}
