import type { BrowserContext, Page } from '@playwright/test'

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

/**
 * Signs a browser context in without opening a page (ADR 0096): the sign-in flow's steps the sign-in
 * page calls, sent by the context's own request client, whose cookie jar is the context's. For tests
 * where being signed in is the setup, not what is tested (the sign-in page has its own specs):
 * it saves the setup page load and browser context each signed-in test used to pay.
 */
export async function signInContext(context: BrowserContext, email: string, password: string): Promise<void> {
  const step = async (name: string, data: Record<string, string>) => {
    const answer = await context.request.post(`/auth/sign_in/flow/${name}`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'Sec-Fetch-Site': 'same-origin' },
      data,
    })
    return ((await answer.json()) as { retCode: string }).retCode
  }
  const started = await step('email', { email })
  const retCode = started === '000000' ? await step('password', { password }) : started
  if (retCode !== '000000') throw new Error(`sign-in for the test's setup refused: ${retCode}`)
}
