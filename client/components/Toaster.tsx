import { useSyncExternalStore } from 'react'
import { toasts as defaultStore, type ToastItem, type ToastStore } from '../../shared/ui/toasts.ts'
import { useTranslation } from '../translation.tsx'
import './Toaster.css'

export interface ToasterProps {
  /** Default: the page's store that the API client notifies. */
  store?: ToastStore
  /** Override the translated labels (`errors:toast.*`). */
  labels?: { region?: string; dismiss?: string }
}

const NONE: readonly ToastItem[] = []

/**
 * The toasts of the page in a polite live region that is always rendered, so screen readers see
 * it before the first toast arrives. Errors are alerts (read at once), the others statuses.
 * Styling is class-based: the CSP forbids inline styles.
 */
export function Toaster({ store = defaultStore, labels }: ToasterProps) {
  const { t } = useTranslation('errors')
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, () => NONE)
  const dismiss = labels?.dismiss ?? t('toast.dismiss')
  return (
    <section className="toaster" aria-live="polite" aria-label={labels?.region ?? t('toast.region')}>
      {items.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast-${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          <p className="toast-message">{toast.message}</p>
          <button
            type="button"
            className="toast-dismiss"
            aria-label={dismiss}
            onClick={() => store.dismiss(toast.id)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </section>
  )
}
