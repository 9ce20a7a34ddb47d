import type { Page } from '@playwright/test'

/**
 * Signs in through the sign-in flow's steps from this page's context, as the sign-in page does
 * (`POST /auth/sign_in/flow/email`, then `…/password`; the page must be on the site, so the calls
 * are same-origin and the session cookie lands in the page's context). Returns the retCode of the
 * last step that ran (the e-mail step's when it refused).
 */
export async function signInThroughApi(page: Page, email: string, password: string): Promise<string> {
  return page.evaluate(
    async ([email, password]) => {
      const step = async (name: string, body: Record<string, string>) => {
        const response = await fetch(`/auth/sign_in/flow/${name}`, {
          method: 'POST',
          headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
        return ((await response.json()) as { retCode: string }).retCode
      }
      const started = await step('email', { email: email ?? '' })
      return started === '000000' ? step('password', { password: password ?? '' }) : started
    },
    [email, password],
  )
}
