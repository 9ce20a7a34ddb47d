import { ConsoleForm } from '../../../components/ConsoleForm.tsx'
import { SignOutForm } from '../../../components/SignOutForm.tsx'
import { useTranslation } from '../../../translation.tsx'

/** The signed-in state: on to the console (signed in there), or sign out. */
export function SignedIn({ email }: { email: string }) {
  const { t } = useTranslation()
  return (
    <section className="card" aria-labelledby="signed-in-title">
      <h1 id="signed-in-title">{t('signIn.title')}</h1>
      <p data-testid="signed-in">{t('signIn.signedInAs', { email })}</p>
      <div className="signed-in-actions">
        <ConsoleForm />
        <SignOutForm />
      </div>
    </section>
  )
}
