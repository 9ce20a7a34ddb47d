import { expect, test } from '@playwright/test'
import { FIXTURE_PASSWORD } from '../../sandbox/fixtures.ts'
import enErrors from '../../shared/i18n/locales/en/errors.ts'
import enReset from '../../shared/i18n/locales/en/reset.ts'
import zhErrors from '../../shared/i18n/locales/zh/errors.ts'
import zhReset from '../../shared/i18n/locales/zh/reset.ts'
import { inLanguage, keepScreenshot, LANGUAGES } from './frame-helpers.ts'
import { advanceClock, createAccount, outbox } from './sandbox.ts'

const TEXT = { en: { reset: enReset, errors: enErrors }, zh: { reset: zhReset, errors: zhErrors } } as const
const MINUTE = 60_000

// Each test moves the shared sandbox clock: they run one after the other.
test.describe.configure({ mode: 'serial' })

for (const language of LANGUAGES) {
  const T = TEXT[language]

  test(`resend after the countdown, then the sixth request in 24 hours is refused (700605, ${language})`, async ({
    page,
  }) => {
    test.setTimeout(240_000)
    const email = await createAccount(`limit-${language}`, FIXTURE_PASSWORD)
    await page.clock.install()
    await page.goto(inLanguage('/auth/reset', language))
    await page.getByLabel(T.reset.email).fill(email)
    await page.getByRole('button', { name: T.reset.sendLink }).click()
    await expect(page.getByRole('heading', { name: T.reset.sentTitle })).toBeVisible()
    const resend = page.getByTestId('reset-resend')
    for (let sent = 1; sent < 5; sent++) {
      await expect(resend).toBeDisabled()
      // Both clocks: the page's countdown and the sandbox's one-minute rule.
      await page.clock.runFor(MINUTE + 1_000)
      await advanceClock(MINUTE + 1_000)
      await expect(resend).toBeEnabled()
      await resend.click()
      await expect(page.getByRole('status')).toHaveText(T.reset.resent)
    }
    expect(await outbox(email, 'reset-link')).toHaveLength(5)
    await page.clock.runFor(MINUTE + 1_000)
    await advanceClock(MINUTE + 1_000)
    await resend.click()
    await expect(page.getByRole('alert').filter({ hasText: T.errors.code['700605'] })).toBeVisible()
    await keepScreenshot(page, { path: `.cache/screens/reset-limit-${language}-desktop.png`, fullPage: true })
    expect(await outbox(email, 'reset-link')).toHaveLength(5)
  })
}
