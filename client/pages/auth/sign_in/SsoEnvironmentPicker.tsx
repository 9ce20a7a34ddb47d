import { type FormEvent, useEffect, useRef, useState } from 'react'
import { flowFetch } from '../../../flow-fetch.ts'
import { useTranslation } from '../../../translation.tsx'
import { EnvironmentChoices } from './EnvironmentChoices.tsx'

/** The page was sent here to pick an environment for an SSO sign-in (`#sso=pick`). */
function wantsPicker(): boolean {
  return window.location.hash === '#sso=pick'
}

/**
 * The multi-environment picker of an enterprise sign-in (ADR 0051): the provider confirmed the
 * user, the account lives in several environments; the choice finishes the sign-in there.
 */
export function SsoEnvironmentPicker({ onOpen }: { onOpen: (open: boolean) => void }) {
  const { t } = useTranslation('sso')
  const [environments, setEnvironments] = useState<string[]>([])
  const [account, setAccount] = useState('')
  const [chosen, setChosen] = useState('')
  const [message, setMessage] = useState('')
  const [busy, setBusy] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    async function load() {
      if (!wantsPicker()) return
      // A reload should not ask again once the choice is made or the sign-in has lapsed.
      window.history.replaceState(null, '', window.location.pathname + window.location.search)
      const answer = await flowFetch<{ email?: string }>('/auth/sso/pending')
      const names =
        answer.status === 200 ? answer.items.map((entry) => String((entry as { env?: unknown }).env)) : []
      if (names.length === 0) return setMessage(answer.retMsg || t('pickExpired'))
      setEnvironments(names)
      setChosen(names[0] ?? '')
      setAccount(answer.item.email ?? '')
    }
    load()
  }, [t])

  const open = environments.length > 0 || message !== ''
  useEffect(() => {
    onOpen(open)
    if (open) heading.current?.focus()
  }, [open, onOpen])

  if (!open) return null

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    const answer = await flowFetch<{ redirect?: string }>('/auth/sso/environment', { environment: chosen })
    if (answer.item.redirect) return window.location.assign(answer.item.redirect)
    setBusy(false)
    setMessage(answer.retMsg || t('pickExpired'))
  }

  return (
    <section className="card" aria-labelledby="sso-pick-title" data-testid="sso-picker">
      <h2 id="sso-pick-title" ref={heading} tabIndex={-1}>
        {t('pickTitle')}
      </h2>
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
      {account && <p data-testid="sso-picker-account">{t('pickAccount', { email: account })}</p>}
      {environments.length > 0 && (
        <form onSubmit={submit}>
          <EnvironmentChoices
            name="sso-environment"
            hint={t('pickText')}
            environments={environments}
            chosen={chosen}
            onChoose={setChosen}
          />
          <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
            {t('pickSubmit')}
          </button>
        </form>
      )}
    </section>
  )
}
