import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { reload } from 'vike/client/router'
import { usePageContext } from 'vike-react/usePageContext'
import { signOut } from '../../../api.ts'

/** The signed-in state. Sign-out is a real form post, so it also works before scripts run. */
export function SignedIn({ email }: { email: string }) {
  const { t } = useTranslation()
  const { csrfToken } = usePageContext()
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    try {
      await signOut()
      await reload()
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card" aria-labelledby="signed-in-title">
      <h1 id="signed-in-title">{t('signIn.title')}</h1>
      <p data-testid="signed-in">{t('signIn.signedInAs', { email })}</p>
      <form method="post" action="/auth/sign_out" onSubmit={submit}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {t('signIn.signOut')}
        </button>
      </form>
    </section>
  )
}
