import { expect, type Locator, type Page, test } from '@playwright/test'
import { FIXTURE_PASSWORD } from '../../sandbox/fixtures.ts'
import enCommon from '../../shared/i18n/locales/en/common.ts'
import enReset from '../../shared/i18n/locales/en/reset.ts'
import zhCommon from '../../shared/i18n/locales/zh/common.ts'
import zhReset from '../../shared/i18n/locales/zh/reset.ts'
import { expectAxeClean, inLanguage, keepScreenshot, LANGUAGES, PHONE, takesTurn } from './frame-helpers.ts'
import { openResetLinkOfNewAccount } from './reset-helpers.ts'
import { createAccount } from './sandbox.ts'
import { atPasswordStep } from './sign-in-steps-helpers.ts'
import { TEXT as SIGN_UP } from './sign-up-helpers.ts'

/**
 * Issue 18 point 14: every password field has a "Show password" button that shows what was typed,
 * says what its next press does, keeps the focus and never sends the form.
 */
const TEXT = {
  en: { common: enCommon, reset: enReset },
  zh: { common: zhCommon, reset: zhReset },
} as const

/** The toggle of one field: the button inside the field's own wrapper. */
function toggleOf(field: Locator): Locator {
  return field.locator('xpath=..').getByRole('button')
}

/** Shows and hides the password of `field` with the mouse and the keyboard; nothing is posted. */
async function expectToggle(page: Page, field: Locator, T: (typeof TEXT)[keyof typeof TEXT], typed: string) {
  const posts: string[] = []
  page.on('request', (request) => {
    // The sign-up page loads its captcha challenge by itself; that is not the form.
    if (request.method() === 'POST' && !request.url().includes('GeetestInfo')) posts.push(request.url())
  })
  await field.fill(typed)
  await expect(field).toHaveAttribute('type', 'password')
  const toggle = toggleOf(field)
  await expect(toggle).toHaveAccessibleName(T.common.password.show)
  await expect(toggle).toHaveAttribute('type', 'button')
  await expect(toggle).toHaveAttribute('aria-controls', (await field.getAttribute('id')) ?? '')

  await toggle.click()
  await expect(field).toHaveAttribute('type', 'text')
  await expect(field).toHaveValue(typed)
  await expect(toggle).toHaveAccessibleName(T.common.password.hide)
  await expect(toggle).toBeFocused()
  await expect(page.getByText(T.common.password.shown)).toBeAttached()

  // Enter and Space on the focused button toggle it too, and never submit the form.
  await page.keyboard.press('Enter')
  await expect(field).toHaveAttribute('type', 'password')
  await expect(toggle).toHaveAccessibleName(T.common.password.show)
  await expect(toggle).toBeFocused()
  await page.keyboard.press('Space')
  await expect(field).toHaveAttribute('type', 'text')
  await page.keyboard.press('Space')
  await expect(field).toHaveAttribute('type', 'password')
  expect(posts, 'the toggle posts nothing').toEqual([])
}

// The tests take turns with the language (ADR 0099): each runs in one, both languages run.
for (const language of LANGUAGES) {
  const T = TEXT[language]
  const S = SIGN_UP[language]

  test.describe(`show password (${language})`, () => {
    // One browser context walks the forms (a fresh context per form cost its setup and a cold cache,
    // ADR 0096); each step opens its page and names the form that fails.
    test(`the toggle on the desktop forms of this language (${language})`, async ({ page }) => {
      test.slow() // what used to be several tests' hang guard
      if (takesTurn(0, language))
        await test.step('sign-in: the password step', async () => {
          const email = await createAccount(`show-${language}`, FIXTURE_PASSWORD)
          const password = await atPasswordStep(page, language, email)
          await expect(password).toBeFocused()
          await expectToggle(page, password, T, 'Not-the-password1')
          await keepScreenshot(page, { path: `show-password-sign-in-${language}.png` })
          await expectAxeClean(page, 'sign-in password step with its toggle', 'content')

          // Shown when the form is sent: hidden again, so no browser keeps it as plain text. A wrong
          // password keeps the step on screen to look at (a right one leaves for the console, which
          // on a busy machine could come before the check).
          await toggleOf(password).click()
          await expect(password).toHaveAttribute('type', 'text')
          await password.fill('Not-the-password2')
          await password.press('Enter')
          await expect(page.getByRole('alert').filter({ hasText: /\S/ }).first()).toBeVisible()
          await expect(password).toHaveAttribute('type', 'password')
        })

      if (takesTurn(1, language))
        await test.step('sign-up: the first step', async () => {
          await page.goto(inLanguage('/auth/sign_up', language))
          const password = page.getByLabel(S.s.credentials.password, { exact: true })
          await expectToggle(page, password, T, 'Trial-Start42')
        })

      if (takesTurn(0, language))
        await test.step('reset: the new password and its confirmation', async () => {
          await openResetLinkOfNewAccount(page, language, `show-reset-${language}`)
          const fresh = page.getByLabel(T.reset.newPassword, { exact: true })
          const confirm = page.getByLabel(T.reset.confirmPassword, { exact: true })
          await expect(page.getByRole('button', { name: T.common.password.show })).toHaveCount(2)
          await expectToggle(page, fresh, T, 'Brand-New-Pass7')
          await expectToggle(page, confirm, T, 'Brand-New-Pass7')
          await keepScreenshot(page, { path: `show-password-reset-${language}.png` })
        })
    })
  })

  test.describe(`show password on a phone (${language})`, () => {
    test.use({ ...PHONE })
    if (takesTurn(1, language))
      test('sign-up on one page', async ({ page }) => {
        await page.goto(inLanguage('/auth/sign_up', language))
        const password = page.getByLabel(S.s.credentials.password, { exact: true })
        await expectToggle(page, password, T, 'Trial-Start42')
        await keepScreenshot(page, { path: `show-password-sign-up-phone-${language}.png` })
      })
  })
}
