import { expect, type Page, test } from '@playwright/test'
import { CAPTCHA_ACCOUNT } from '../../sandbox/fixtures.ts'
import enCaptcha from '../../shared/i18n/locales/en/captcha.ts'
import zhCaptcha from '../../shared/i18n/locales/zh/captcha.ts'
import { expectAxeClean, expectNoRawKeys, keepScreenshot } from './frame-helpers.ts'
import { sandboxUrl } from './sandbox.ts'
import { solveCaptcha } from './sign-up-helpers.ts'

const CASES = [
  { code: 'en', query: '', captcha: enCaptcha, viewport: { width: 1280, height: 900 } },
  { code: 'zh', query: '?language=zh', captcha: zhCaptcha, viewport: { width: 390, height: 844 } },
] as const

async function submit(page: Page) {
  await page.locator('form:has(#sign-in-email) button[type=submit]').first().click()
}

// Both languages use the one captcha fixture account and reset it first: one after the other, or
// each would count the other's wrong passwords. Only this account is reset — a reset of the whole
// sandbox would spend the codes and tokens of tests running alongside.
test.describe.configure({ mode: 'serial' })

for (const language of CASES) {
  test.describe(language.code, () => {
    test.use({ viewport: language.viewport })

    test('after 3 wrong passwords the sign-in asks for the captcha, and signs in once it is solved', async ({
      page,
    }) => {
      const reset = await fetch(
        `${sandboxUrl()}/__sandbox/reset?email=${encodeURIComponent(CAPTCHA_ACCOUNT.email)}`,
        { method: 'POST' },
      )
      expect(reset.ok).toBe(true)
      // The return path keeps the user here after the sign-in (else the console opens).
      await page.goto(`/auth/sign_in${language.query}${language.query ? '&' : '?'}return=%2Fauth%2Fsign_in`)
      await page.locator('#sign-in-email').fill(CAPTCHA_ACCOUNT.email)
      await submit(page)
      for (let i = 0; i < 3; i++) {
        await page.locator('#sign-in-password').fill('Wrong-Pass1')
        await submit(page)
        await expect(page.getByTestId('error-password')).toBeVisible()
      }
      const question = page.locator('.captcha-row label')
      await expect(question).toBeVisible()
      await keepScreenshot(page, {
        path: `test-results/sign-in-captcha-${language.code}.png`,
        fullPage: true,
      })
      await expectNoRawKeys(page)
      await expectAxeClean(page, `sign-in-captcha-${language.code}`, 'content')
      await solveCaptcha(page, language)
      await page.locator('#sign-in-password').fill(CAPTCHA_ACCOUNT.password)
      await submit(page)
      await expect(page.getByTestId('signed-in')).toContainText(CAPTCHA_ACCOUNT.email)
    })
  })
}
