import { expect, type Locator, type Page, test } from '@playwright/test'
import { FIXTURE_PASSWORD } from '../../sandbox/fixtures.ts'
import { LANGUAGES, PHONE } from './frame-helpers.ts'
import { advanceClock, createAccount } from './sandbox.ts'
import { atCodeStep, newestCode, STEPS_TEXT, signInWithPassword, submit } from './sign-in-steps-helpers.ts'

/**
 * Stops the page's clock where it is. `pauseAt` refuses a time already passed, and on a busy machine
 * the page's flowing clock can pass a moment read from it just before (seen once: "Cannot
 * fast-forward to the past"): a second ahead, read again if even that has passed.
 */
async function pauseNow(page: Page): Promise<void> {
  for (;;) {
    const soon = (await page.evaluate(() => Date.now())) + 1000
    try {
      await page.clock.pauseAt(soon)
      return
    } catch (error) {
      if (!String(error).includes('fast-forward to the past')) throw error
    }
  }
}

/** The seconds a countdown shows once the paused clock's last tick has rendered (it no longer changes). */
async function settledSeconds(countdown: Locator): Promise<number> {
  let previous: string | null = null
  for (;;) {
    const shown = await countdown.textContent()
    if (shown === previous) return Number(shown?.match(/\d+/)?.[0])
    previous = shown
    await countdown.page().waitForTimeout(100)
  }
}

// One fixture account for both languages; the sandbox clock is shared: one test at a time.
test.describe.configure({ mode: 'serial' })

for (const language of LANGUAGES) {
  const T = STEPS_TEXT[language]

  test.describe(`${language} phone`, () => {
    test.use(PHONE)

    test('the code expires after 5 minutes on the sandbox clock: a localised error at the field', async ({
      page,
    }) => {
      const { email, before } = await atCodeStep(page, language)
      const code = await newestCode(email, before)
      await advanceClock(5 * 60_000 + 1000)
      await page.getByLabel(T.steps.codeLabel).fill(code)
      await submit(page)
      await expect(page.getByTestId('error-code')).toHaveText(T.steps.codeExpired)
    })

    test('a new code after one minute, counted down; the new code signs in', async ({ page }) => {
      await page.clock.install()
      const { email, before } = await atCodeStep(page, language)
      await newestCode(email, before)
      const resend = page.getByTestId('resend-code')
      await expect(resend).toHaveText(T.steps.resendIn.replace('{{seconds}}', '60'))
      // From here the page's time moves only when the test moves it: the clock installed above
      // still flows with real time, and on a busy machine real seconds pass between two checks
      // (it once read 39 … 32 where 40 was expected). Paused, twenty seconds of page time leave
      // the count exactly twenty lower than whatever the pause froze.
      await pauseNow(page)
      const atPause = await settledSeconds(resend)
      expect(atPause).toBeLessThanOrEqual(60)
      await page.clock.runFor(20_000)
      await expect(resend).toHaveText(T.steps.resendIn.replace('{{seconds}}', String(atPause - 20)))
      await expect(resend).toBeDisabled()
      await page.clock.runFor(40_000)
      await advanceClock(60_000)
      await expect(resend).toHaveText(T.steps.resend)
      await expect(page.getByTestId('resend-status')).toHaveText(T.steps.resendReady)
      // Time flows again for the rest of the journey (the next code's countdown, the signed-in page).
      await page.clock.resume()
      await resend.click()
      await expect(page.getByTestId('resend-status')).toHaveText(
        T.steps.resendIn.replace('{{seconds}}', '60'),
      )
      const fresh = await newestCode(email, before + 1)
      await page.getByLabel(T.steps.codeLabel).fill(fresh)
      await submit(page)
      await expect(page.getByText('Signed in as')).toContainText(email)
    })
  })
}

// Last: it moves the sandbox clock by three months.
for (const language of LANGUAGES) {
  test(`a password set today is due for a change three months later (${language})`, async ({ page }) => {
    const email = await createAccount(`age-${language}`, FIXTURE_PASSWORD)
    await signInWithPassword(page, language, email, FIXTURE_PASSWORD)
    await expect(page.getByText('Signed in as')).toContainText(email)
    await page.context().clearCookies()
    await advanceClock(91 * 24 * 60 * 60_000)
    await signInWithPassword(page, language, email, FIXTURE_PASSWORD)
    await expect(page.getByRole('dialog', { name: STEPS_TEXT[language].steps.reminderTitle })).toBeVisible()
  })
}
