import { useTranslation } from '../../../translation.tsx'

/** Spec §2 product-not-activated notice, with the message to contact the admin for account binding. */
export function NotActivated({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation('signInSteps')
  return (
    <section className="card" aria-labelledby="not-activated-title" data-testid="not-activated">
      <h1 id="not-activated-title" tabIndex={-1}>
        {t('notActivatedTitle')}
      </h1>
      <p>{t('notActivatedText', { email })}</p>
      <p data-testid="contact-admin">{t('contactAdmin')}</p>
      <button type="button" className="button primary" onClick={onBack}>
        {t('backToSignIn')}
      </button>
    </section>
  )
}
