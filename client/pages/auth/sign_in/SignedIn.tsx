import { SignOutForm } from '../../../components/SignOutForm.tsx'
import { useTranslation } from '../../../translation.tsx'

/** The signed-in state, with the sign-out every signed-in screen offers. */
export function SignedIn({ email }: { email: string }) {
  const { t } = useTranslation()
  return (
    <section className="card" aria-labelledby="signed-in-title">
      <h1 id="signed-in-title">{t('signIn.title')}</h1>
      <p data-testid="signed-in">{t('signIn.signedInAs', { email })}</p>
      <SignOutForm />
    </section>
  )
}
