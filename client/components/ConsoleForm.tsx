import { usePageContext } from 'vike-react/usePageContext'
import { useTranslation } from '../translation.tsx'
import { pageUrlOf } from './frame/useFrame.ts'

/**
 * "Go to the console" for a signed-in session (issue 18 point 8): a plain form post with the
 * session-bound token to `POST /auth/console/open`, which answers 303 to the console URL
 * `account/consoleLogin` ticketed for this session — signed in there, as after a sign-in. Works
 * without JavaScript; POST because it spends the session's one-time ticket.
 */
export function ConsoleForm({ className = 'button primary' }: { className?: string }) {
  const { t } = useTranslation()
  const pageContext = usePageContext()
  const { csrfToken } = pageContext
  const { languageQuery } = pageUrlOf(pageContext)
  return (
    <form method="post" action={`/auth/console/open${languageQuery}`} className="console-form">
      <input type="hidden" name="_csrf" value={csrfToken} />
      <button type="submit" className={className}>
        {t('signIn.goToConsole')}
      </button>
    </form>
  )
}
