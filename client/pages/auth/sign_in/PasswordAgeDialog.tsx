import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'

interface PasswordAgeDialogProps {
  /** Where "change now" leads (the reset/change page, in the page's language). */
  changeHref: string
  /** "Later", Escape included: continue to where the sign-in was going. */
  onLater: () => void
}

/**
 * The password age reminder (spec §2, §9: after 3 months). A modal `<dialog>` opened with
 * `showModal()`: the rest of the page is inert, so focus stays inside; Escape is "later"; the
 * element that had focus gets it back when it closes.
 */
export function PasswordAgeDialog({ changeHref, onLater }: PasswordAgeDialogProps) {
  const { t } = useTranslation('signInSteps')
  const dialog = useRef<HTMLDialogElement>(null)
  const changeLink = useRef<HTMLAnchorElement>(null)
  const titleId = useId()
  const textId = useId()

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    element.showModal()
    changeLink.current?.focus()
    return () => {
      if (element.open) element.close()
      opener?.focus()
    }
  }, [])

  return (
    <dialog
      ref={dialog}
      className="reminder-dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="password-age-dialog"
      onCancel={(event) => {
        // Escape: the same as "later" (the dialog closes through our state, not by itself).
        event.preventDefault()
        onLater()
      }}
    >
      <h2 id={titleId}>{t('reminderTitle')}</h2>
      <p id={textId}>{t('reminderText')}</p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onLater}>
          {t('later')}
        </button>
        <a ref={changeLink} className="button primary-link" href={changeHref}>
          {t('changeNow')}
        </a>
      </div>
    </dialog>
  )
}
