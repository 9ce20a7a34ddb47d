import { expect, test } from '@playwright/test'
import { FIXTURE_PASSWORD } from '../../sandbox/fixtures.ts'
import { DESKTOP, LANGUAGES, PHONE, takesTurn } from './frame-helpers.ts'
import { createAccount } from './sandbox.ts'
import { STEPS_TEXT, screen, submit } from './sign-in-steps-helpers.ts'

/**
 * Issue 18 point 11: a locked account (700123) is told how long the lock lasts, in its language,
 * and offered the way out (resetting the password). The sandbox locks for 15 minutes after the
 * fifth wrong password within 15 minutes and answers the wait (`item.retryAfterSeconds`).
 */
const DEVICES = { desktop: DESKTOP, phone: PHONE } as const
const WAIT = { en: /try again in 15 minutes/, zh: /15 分钟后再试/ } as const

for (const language of LANGUAGES) {
  const T = STEPS_TEXT[language].common.signIn
  // Each device in one language, taking turns (ADR 0099).
  for (const [device, options] of Object.entries(DEVICES).filter((_, turn) => takesTurn(turn, language))) {
    test.describe(`${language} ${device}`, () => {
      test.use(options)

      test('a locked account says how long to wait and links to the password reset', async ({ page }) => {
        const email = await createAccount(`lockout-${language}-${device}`, FIXTURE_PASSWORD)
        await page.goto(language === 'zh' ? '/auth/sign_in?language=zh' : '/auth/sign_in')
        await expect(page.locator('[data-hydrated="true"]')).toHaveCount(1)
        await page.getByLabel(T.email).fill(email)
        await submit(page)
        const password = page.getByLabel(T.password, { exact: true })
        for (let attempt = 1; attempt <= 5; attempt++) {
          await password.fill(`Wrong-Pass${attempt}`)
          await submit(page)
          // The fifth locks the account: the password step is gone then (below).
          if (attempt < 5) await expect(password).toHaveAttribute('aria-invalid', 'true')
        }
        // The server ended the flow: the page is back at the e-mail step (the address kept), with
        // the lock's wait under the form and the reset that opens the account now (issue 48).
        const alert = page.getByRole('alert')
        await expect(alert).toHaveText(WAIT[language])
        await expect(password).toHaveCount(0)
        await expect(page.getByLabel(T.email)).toHaveValue(email)
        await expect(page.getByLabel(T.email)).not.toHaveAttribute('readonly', /.*/)
        // The message is the form's, tied to it and focused (no field is in error).
        const form = page.locator('form:has(#sign-in-email)')
        expect(((await form.getAttribute('aria-describedby')) ?? '').split(' ')).toContain(
          await alert.getAttribute('id'),
        )
        await expect(alert).toBeFocused()
        const reset = page.getByRole('link', { name: T.lockedReset })
        await expect(reset).toBeVisible()
        await screen(page, `sign-in-locked-${language}-${device}`)

        // The next try, with the right password, still says locked — never "timed out".
        await submit(page)
        await page.getByLabel(T.password, { exact: true }).fill(FIXTURE_PASSWORD)
        await submit(page)
        await expect(page.getByRole('alert')).toHaveText(WAIT[language])
        await expect(page.getByRole('alert')).not.toHaveText(STEPS_TEXT[language].steps.flowExpired)
        await expect(page.getByLabel(T.password, { exact: true })).toHaveCount(0)

        await page.getByRole('link', { name: T.lockedReset }).click()
        await expect(page).toHaveURL(language === 'zh' ? /\/auth\/reset\?language=zh$/ : /\/auth\/reset$/)

        // A fresh page says the same: the lock is the upstream's, not the page's.
        await page.goto(language === 'zh' ? '/auth/sign_in?language=zh' : '/auth/sign_in')
        await expect(page.locator('[data-hydrated="true"]')).toHaveCount(1)
        await page.getByLabel(T.email).fill(email)
        await submit(page)
        await page.getByLabel(T.password, { exact: true }).fill(FIXTURE_PASSWORD)
        await submit(page)
        await expect(page.getByRole('alert')).toHaveText(WAIT[language])
      })
    })
  }
}
