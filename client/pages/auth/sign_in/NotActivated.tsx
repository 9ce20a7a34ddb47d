import { ScriptedSubmit } from '../../../components/form/ScriptedSubmit.tsx'
import { useTranslation } from '../../../translation.tsx'

/** Spec §2 product-not-activated notice, with the message to contact the admin for account binding. */
export function NotActivated({
  email,
  onBack,
  csrfToken,
}: {
  email: string
  onBack: () => void
  /** The session's form token: without JavaScript the button posts the sign-in's "back" step. */
  csrfToken: string
}) {
  const { t } = useTranslation('signInSteps')
  return (
    <section className="card" aria-labelledby="not-activated-title" data-testid="not-activated">
      <h1 id="not-activated-title" tabIndex={-1}>
        {t('notActivatedTitle')}
      </h1>
      <p>{t('notActivatedText', { email })}</p>
      <p data-testid="contact-admin">{t('contactAdmin')}</p>
      <form method="post">
        <input type="hidden" name="step" value="back" />
        <input type="hidden" name="_csrf" value={csrfToken} />
        <ScriptedSubmit className="button primary" onPress={onBack}>
          {t('backToSignIn')}
        </ScriptedSubmit>
      </form>
    </section>
  )
}
