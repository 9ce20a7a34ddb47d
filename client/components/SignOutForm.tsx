import { type FormEvent, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { signOut } from '../api.ts'
import { useTranslation } from '../translation.tsx'
import { pageUrlOf } from './frame/useFrame.ts'

/**
 * Sign-out for every signed-in screen. A real form post (POST only, with the session-bound
 * token), so it works before or without JavaScript; with JavaScript it posts with fetch and
 * then opens the sign-in page, in the page's language.
 */
export function SignOutForm({ className = 'button', testId }: { className?: string; testId?: string }) {
  const { t } = useTranslation()
  const pageContext = usePageContext()
  const { csrfToken } = pageContext
  const [busy, setBusy] = useState(false)
  const { languageQuery } = pageUrlOf(pageContext)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    setBusy(true)
    try {
      await signOut()
      window.location.assign(`/auth/sign_in${languageQuery}`)
    } catch {
      // The fetch failed (offline?): the plain form post is the fallback that still works.
      form.submit()
    } finally {
      setBusy(false)
    }
  }

  return (
    <form method="post" action={`/auth/sign_out${languageQuery}`} onSubmit={submit} className="sign-out-form">
      <input type="hidden" name="_csrf" value={csrfToken} />
      <button type="submit" className={className} disabled={busy} aria-busy={busy} data-testid={testId}>
        {t('signIn.signOut')}
      </button>
    </form>
  )
}
