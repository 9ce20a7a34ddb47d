import { type ComponentProps, useEffect, useState } from 'react'
import { useTranslation } from '../../translation.tsx'
import './form.css'

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'> & { id: string }

/**
 * A password input with a "Show password" button (issue 18 point 14), in the way GOV.UK's
 * password input works: a plain `type="button"` (it never submits the form, and focus stays on it),
 * whose name says what the next press does ("Show password" / "Hide password") and a polite status
 * that says what happened. No `aria-pressed` beside a name that changes: a screen reader would read
 * "Hide password, pressed", which says the opposite of the state (ADR 0077). The password is
 * hidden again when its form is submitted, so the browser never keeps it as plain text in a
 * form-history entry. The button appears only once the page is interactive (without JavaScript it
 * would do nothing).
 */
export function PasswordInput({ id, className, ...input }: PasswordInputProps) {
  const { t } = useTranslation('common')
  // Not vike-react's useHydrated: under preact/compat it re-renders the controlled input before
  // the form's first effect has read what was typed while the scripts loaded (early-input.ts),
  // and that re-render wiped it. A state set in an effect re-renders after every effect has run.
  const [hydrated, setHydrated] = useState(false)
  const [shown, setShown] = useState(false)
  const [announced, setAnnounced] = useState('')

  useEffect(() => {
    setHydrated(true)
    const form = (document.getElementById(id) as HTMLInputElement | null)?.form
    if (!form) return
    const hide = () => setShown(false)
    form.addEventListener('submit', hide)
    return () => form.removeEventListener('submit', hide)
  }, [id])

  return (
    <div className="password-input">
      <input id={id} className={className} {...input} type={shown ? 'text' : 'password'} />
      {hydrated ? (
        <button
          type="button"
          className="password-toggle"
          aria-controls={id}
          aria-label={shown ? t('password.hide') : t('password.show')}
          onClick={() => {
            setShown(!shown)
            setAnnounced(shown ? t('password.hidden') : t('password.shown'))
          }}
        >
          {shown ? t('password.hideShort') : t('password.showShort')}
        </button>
      ) : null}
      <span className="visually-hidden" aria-live="polite">
        {announced}
      </span>
    </div>
  )
}
