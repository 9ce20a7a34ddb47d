import type { Page } from '@playwright/test'

/**
 * Signs in through the BFF from this page's context, as the sign-in page does (the page must be on
 * the site, so the call is same-origin and the session cookie lands in the page's context).
 * Returns the upstream's retCode.
 */
export async function signInThroughApi(page: Page, email: string, password: string): Promise<string> {
  return page.evaluate(
    async ([email, password]) => {
      const response = await fetch('/api/basic-login/serviceLoginNew/4', {
        method: 'POST',
        headers: {
          'X-Requested-With': 'XMLHttpRequest',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ email: email ?? '', password: password ?? '' }).toString(),
      })
      return ((await response.json()) as { retCode: string }).retCode
    },
    [email, password],
  )
}
