import { expect, test } from '@playwright/test'
import { FIXTURE_PASSWORD } from '../../sandbox/fixtures.ts'
import { inLanguage, LANGUAGES } from './frame-helpers.ts'
import { createAccount } from './sandbox.ts'
import { PASSWORD, solveCaptcha, TEXT } from './sign-up-helpers.ts'

/**
 * Issue 18 point 9: sign-up's "Sign in with this email" (700037) arrives on the sign-in page with
 * the address filled in. The address travels in the fragment and is read after hydration: the
 * server never sees it, so the cached sign-in page stays the same for everyone.
 */
for (const language of LANGUAGES) {
  const T = TEXT[language]

  test(`700037 → "Sign in with this email" fills the sign-in form (${language})`, async ({ page }) => {
    const email = await createAccount(`registered-${language}`, FIXTURE_PASSWORD)
    await page.goto(inLanguage('/auth/sign_up', language))
    await page.getByLabel(T.s.credentials.email).fill(email)
    await page.getByLabel(T.s.credentials.password, { exact: true }).fill(PASSWORD)
    await page.locator('#sign-up-privacy').check()
    await solveCaptcha(page, T)
    await page.getByRole('button', { name: T.s.credentials.submit }).click()
    await expect(page.getByText(T.errors.code['700037'])).toBeVisible()

    const signInPage = page.waitForResponse((response) =>
      new URL(response.url()).pathname.startsWith('/auth/sign_in'),
    )
    await page.getByRole('link', { name: T.s.credentials.signInWithIt }).click()
    const html = await (await signInPage).text()
    expect(html, 'the address is never rendered by the server').not.toContain(email)
    expect(html).not.toContain(encodeURIComponent(email))

    await expect(page.getByRole('heading', { name: T.common.signIn.title })).toBeVisible()
    const field = page.getByLabel(T.common.signIn.email)
    await expect(field).toHaveValue(email)
    expect(new URL(page.url()).hash, 'and it leaves the address bar').toBe('')
    // The address is the account's: the next step is its password.
    await page.getByRole('button', { name: T.common.signIn.continue }).click()
    await expect(page.getByLabel(T.common.signIn.password, { exact: true })).toBeVisible()
  })
}
