import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { usePageContext } from 'vike-react/usePageContext'
import { MARKETING_EMAIL } from '../../../../shared/frame/constants.ts'

/**
 * Where Free Trial leads until online sign-up is built (its own issue): the visitor's work e-mail
 * is kept, and the page says plainly how to get a trial today instead of showing a dead end.
 */
export default function SignUpPage() {
  const { t } = useTranslation()
  const { urlParsed } = usePageContext()
  const [email, setEmail] = useState(urlParsed.search.serviceEmail ?? '')
  const subject = encodeURIComponent(t('signUp.mailSubject'))
  const body = encodeURIComponent(t('signUp.mailBody', { email: email.trim() }))
  return (
    <section className="card" aria-labelledby="sign-up-title">
      <h1 id="sign-up-title">{t('signUp.title')}</h1>
      <p>{t('signUp.interim')}</p>
      <div className="field">
        <label htmlFor="sign-up-email">{t('signIn.email')}</label>
        <input
          id="sign-up-email"
          type="email"
          autoComplete="email"
          maxLength={320}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <p>
        <a className="button primary" href={`mailto:${MARKETING_EMAIL}?subject=${subject}&body=${body}`}>
          {t('signUp.requestTrial')}
        </a>
      </p>
      <p className="aside">
        <a href="/demo/">{t('signUp.bookDemo')}</a>
      </p>
    </section>
  )
}
