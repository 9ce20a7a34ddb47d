import type { PageContextServer } from 'vike/types'

/**
 * Runs on the server for every page render and every client-side navigation's pageContext request.
 *
 * Why it exists: the passToClient fields (language, user, csrfToken…) come from the BFF, so each
 * client-side navigation must fetch them from the server. Vike only knows to fetch when a page has
 * a server-only hook, or once it has read the first page's serialized context — which it does
 * after hydration. A link clicked before hydration finished (a slow phone) then navigated without
 * them and failed on an undefined language. A server-only hook on every page makes the fetch
 * unconditional (tests/e2e/navigation-before-hydration.spec.ts).
 *
 * It also refuses to render a page the BFF did not give its language: that would be a bug in the
 * render call, better found here than as a page in the wrong language.
 */
export default function onCreatePageContext(pageContext: PageContextServer): void {
  if (pageContext.language !== 'en' && pageContext.language !== 'zh') {
    throw new Error(`renderPage() was called without a language (got ${String(pageContext.language)})`)
  }
}
