import { useTranslation } from '../../../translation.tsx'

/**
 * The password age reminder as the server renders it after a sign-in posted without JavaScript
 * (issue 21; with JavaScript the page opens PasswordAgeDialog instead): the same words, and two
 * buttons of one plain form — "Change now" (`step=changeNow`: the change-password form) and
 * "Later" (`step=later`: on to where the sign-in was going). The session is signed in already.
 */
export function PasswordAgeNotice({ csrfToken }: { csrfToken: string }) {
  const { t } = useTranslation('signInSteps')
  return (
    <section className="card" aria-labelledby="password-age-title" data-testid="password-age-notice">
      <h1 id="password-age-title">{t('reminderTitle')}</h1>
      <p>{t('reminderText')}</p>
      <form method="post" className="dialog-actions">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <button type="submit" name="step" value="later" className="button">
          {t('later')}
        </button>
        <button type="submit" name="step" value="changeNow" className="button primary">
          {t('changeNow')}
        </button>
      </form>
    </section>
  )
}
