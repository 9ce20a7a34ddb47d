import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { reload } from 'vike/client/router'
import { signOut } from '../../../api.ts'

export function SignedIn({ email }: { email: string }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  return (
    <section className="card" aria-labelledby="signed-in-title">
      <h1 id="signed-in-title">{t('signIn.title')}</h1>
      <p data-testid="signed-in">{t('signIn.signedInAs', { email })}</p>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true)
          try {
            await signOut()
            await reload()
          } finally {
            setBusy(false)
          }
        }}
      >
        {t('signIn.signOut')}
      </button>
    </section>
  )
}
