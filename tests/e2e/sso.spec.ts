import { expect, type Page, test } from '@playwright/test'
import { SANDBOX_SAML_CONFIG_ID, SSO_MICROSOFT_ACCOUNT, SSO_SAML_ACCOUNT } from '../../sandbox/fixtures.ts'
import { keepScreenshot, takesTurn } from './frame-helpers.ts'
import { expectConsole } from './sso-wecom-helpers.ts'

const LANGUAGES = [
  {
    code: 'en',
    query: '',
    microsoft: 'Sign in with Microsoft',
    samlId: 'Company SSO ID',
    samlSubmit: 'Use company SSO',
    notLinked: /not linked to any account/,
    passwordOff: /sign in with Microsoft/i,
    failTitle: 'Sign-in failed',
  },
  {
    code: 'zh',
    query: '?language=zh',
    microsoft: '使用微软账号登录',
    samlId: '公司 SSO ID',
    samlSubmit: '使用公司 SSO',
    notLinked: /未绑定任何账号/,
    passwordOff: /请使用 Microsoft 登录|请使用微软登录/,
    failTitle: '登录失败',
  },
] as const

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
] as const

/** On the sandbox's provider page: sign in there as `identity` and approve. */
async function approveAtProvider(page: Page, identity: string) {
  await expect(page.getByRole('heading', { level: 1 })).toContainText('(sandbox)')
  await page.locator('#identity').fill(identity)
  await page.getByRole('button', { name: 'Approve' }).click()
}

// Each viewport in one language, taking turns (ADR 0099).
for (const language of LANGUAGES) {
  for (const viewport of VIEWPORTS.filter((_, turn) => takesTurn(turn, language.code))) {
    test.describe(`${language.code} ${viewport.name}`, () => {
      test.use({ viewport: viewport.size })

      // ADR 0096: one browser context walks the checks, a step each. The refusals come first, while
      // signed out (the sign-in's step lives in the session: the password step comes last of them);
      // the cookies are cleared before each round trip, as for a new visitor.
      test('refusals at the fields, the ssoFail page; Microsoft: an unlinked account comes back with the message, localised, a linked one signs in; SAML with the company id signs in', async ({
        page,
      }) => {
        test.slow() // what used to be three tests' hang guard
        await test.step('an unknown account is refused at the e-mail field', async () => {
          await page.goto(`/auth/sign_in${language.query}`)
          await page.locator('#sign-in-email').fill('nobody-here@sandbox.test')
          await page.locator('form:has(#sign-in-email) button[type=submit]').click()
          await expect(page.getByTestId('error-email')).toBeVisible()
          await expect(page.locator('#sign-in-email')).toHaveAttribute('aria-invalid', 'true')
          await keepScreenshot(page, {
            path: `test-results/sign-in-email-error-${language.code}-${viewport.name}.png`,
          })
        })
        await test.step('the ssoFail page explains and leads back', async () => {
          await page.goto(`/auth/ssoFail${language.query}`)
          await expect(page.getByRole('heading', { name: language.failTitle })).toBeVisible()
          await keepScreenshot(page, {
            path: `test-results/sso-fail-${language.code}-${viewport.name}.png`,
            fullPage: true,
          })
          await page.getByRole('main').getByRole('link').last().click()
          await expect(page).toHaveURL(/\/auth\/sign_in/)
        })
        // The sign-in's step lives in the session: the password step comes last.
        await test.step('the Microsoft-only account’s password is refused at the password field', async () => {
          await page.goto(`/auth/sign_in${language.query}`)
          await page.locator('#sign-in-email').fill(SSO_MICROSOFT_ACCOUNT.email)
          await page.locator('form:has(#sign-in-email) button[type=submit]').click()
          await page.locator('#sign-in-password').fill(SSO_MICROSOFT_ACCOUNT.password)
          await page.locator('form:has(#sign-in-email) button[type=submit]').click()
          await expect(page.getByTestId('error-password')).toHaveText(language.passwordOff)
          await expect(page.locator('#sign-in-password')).toHaveAttribute('aria-invalid', 'true')
        })
        // The refusals leave the sign-in at the password step: a new visitor starts the round trips.
        await page.context().clearCookies()
        await test.step('an unlinked account', async () => {
          await page.goto(`/auth/sign_in${language.query}`)
          await keepScreenshot(page, {
            path: `test-results/sso-sign-in-${language.code}-${viewport.name}.png`,
            fullPage: true,
          })
          await page.getByRole('link', { name: language.microsoft }).click()
          await approveAtProvider(page, 'stranger@elsewhere.test')
          await expect(page.getByRole('alert')).toHaveText(language.notLinked)
          expect(page.url()).not.toContain('#sso=')
          await keepScreenshot(page, {
            path: `test-results/sso-error-${language.code}-${viewport.name}.png`,
            fullPage: true,
          })
        })
        await test.step('the round trip of a linked account signs in', async () => {
          await page.goto(`/auth/sign_in${language.query}`)
          await page.getByRole('link', { name: language.microsoft }).click()
          await approveAtProvider(page, SSO_MICROSOFT_ACCOUNT.email)
          // Like a password sign-in: the console of the environment (ADR 0056).
          await expectConsole(page, SSO_MICROSOFT_ACCOUNT.email, 'sg-k8s')
        })
        await page.context().clearCookies()
        await test.step('SAML with the company id signs in', async () => {
          await page.goto(`/auth/sign_in${language.query}`)
          await page.getByLabel(language.samlId).fill(SANDBOX_SAML_CONFIG_ID)
          await page.getByRole('button', { name: language.samlSubmit }).click()
          await approveAtProvider(page, SSO_SAML_ACCOUNT.email)
          // The SAML account lives in two environments: the picker comes first (sso-wecom.spec.ts).
          await page.getByTestId('sso-picker').locator('button[type=submit]').click()
          await expectConsole(page, SSO_SAML_ACCOUNT.email, 'sg-k8s')
        })
      })
    })
  }
}

for (const language of LANGUAGES) {
  test(`${language.code}: /auth/restrict explains the missing workbench permission (phone)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`/auth/restrict${language.query}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      language.code === 'en' ? 'No access to the desktop workbench' : '无桌面工作台权限',
    )
    await keepScreenshot(page, { path: `test-results/restrict-${language.code}.png`, fullPage: true })
    await page.getByRole('main').getByRole('link').last().click()
    await expect(page).toHaveURL(/\/auth\/sign_in/)
  })
}
