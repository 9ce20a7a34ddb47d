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
          await expect(password).toHaveAttribute('aria-invalid', 'true')
        }
        const alert = page.getByRole('alert')
        await expect(alert).toHaveText(WAIT[language])
        // The message is tied to the field it is about.
        const describedBy = (await password.getAttribute('aria-describedby')) ?? ''
        expect(describedBy.split(' ')).toContain(await alert.getAttribute('id'))
        const reset = page.getByRole('link', { name: T.lockedReset })
        await expect(reset).toBeVisible()
        await screen(page, `sign-in-locked-${language}-${device}`)
        await reset.click()
        await expect(page).toHaveURL(language === 'zh' ? /\/auth\/reset\?language=zh$/ : /\/auth\/reset$/)

        // The right password does not open a locked account either; the page still says how long.
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
