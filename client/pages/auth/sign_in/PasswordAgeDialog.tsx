import { useEffect, useId, useRef } from 'react'
import { useTranslation } from '../../../translation.tsx'

interface PasswordAgeDialogProps {
  /** "Change now": the change-password form of the sign-in page (current, new, confirm). */
  onChangeNow: () => void
  /** "Later", Escape included: continue to where the sign-in was going. */
  onLater: () => void
  /** Where focus goes back when nothing on the page had it (a busy button loses it). */
  returnFocusTo: () => HTMLElement | null
}

/**
 * The password age reminder (spec §2, §9: after 3 months). A modal `<dialog>` opened with
 * `showModal()`: the rest of the page is inert and Tab goes round inside; Escape is "later"; the
 * element that had focus gets it back when it closes.
 */
export function PasswordAgeDialog({ onChangeNow, onLater, returnFocusTo }: PasswordAgeDialogProps) {
  const { t } = useTranslation('signInSteps')
  const dialog = useRef<HTMLDialogElement>(null)
  const changeButton = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const textId = useId()

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    const active = document.activeElement
    const opener = active instanceof HTMLElement && active !== document.body ? active : returnFocusTo()
    element.showModal()
    changeButton.current?.focus()
    return () => {
      if (element.open) element.close()
      opener?.focus()
    }
  }, [returnFocusTo])

  return (
    <dialog
      ref={dialog}
      className="reminder-dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="password-age-dialog"
      onKeyDown={(event) => {
        // The modal makes the page inert, but Tab would still leave for the browser's own
        // controls: it goes round the dialog instead.
        if (event.key !== 'Tab') return
        const controls = Array.from(
          event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'),
        )
        const first = controls[0]
        const last = controls.at(-1)
        if (!first || !last) return
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault()
          last.focus()
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault()
          first.focus()
        }
      }}
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
        <button ref={changeButton} type="button" className="button primary" onClick={onChangeNow}>
          {t('changeNow')}
        </button>
      </div>
    </dialog>
  )
}
