import { expect, test } from '@playwright/test'
import { SANDBOX_SAML_CONFIG_ID, SSO_SAML_ACCOUNT, SSO_WECOM_ACCOUNT } from '../../sandbox/fixtures.ts'
import { expectAxeClean, keepScreenshot, takesTurn } from './frame-helpers.ts'
import { expectConsole, onPhone, shownNumber, showQrCode, WECOM_LANGUAGES } from './sso-wecom-helpers.ts'

// The tests take turns with the language (ADR 0099): each runs in one, both languages run.
for (const language of WECOM_LANGUAGES) {
  test.describe(`WeCom scan (${language.code})`, () => {
    if (takesTurn(0, language.code))
      test('scanning and confirming on the phone signs in', async ({ page, context }) => {
        await page.goto(`/auth/sign_in${language.query}`)
        const qrUrl = await showQrCode(page, language)
        await expect(page.getByRole('heading', { name: language.title })).toBeFocused()
        // On a desktop the code is for the phone: no app link here.
        await expect(page.getByRole('link', { name: language.openApp })).toHaveCount(0)
        await keepScreenshot(page, {
          path: `test-results/wecom-qr-${language.code}-desktop.png`,
          fullPage: true,
        })
        await expectAxeClean(page, `WeCom QR panel ${language.code}`, 'content')
        await onPhone(context, qrUrl, 'Confirm sign-in', await shownNumber(page))
        await expectConsole(page, SSO_WECOM_ACCOUNT.email, 'sg-k8s')
      })

    if (takesTurn(1, language.code))
      test('cancelling on the phone says so; refresh gives a new code that works', async ({
        page,
        context,
      }) => {
        await page.goto(`/auth/sign_in${language.query}`)
        const first = await showQrCode(page, language)
        await onPhone(context, first, 'Cancel')
        await expect(page.getByTestId('wecom-message')).toHaveText(language.cancelled)
        await expect(page.getByTestId('wecom-announcement')).toHaveText(language.cancelled)
        await expect(page.getByRole('img', { name: language.qrAlt })).toHaveCount(0)
        const second = await showQrCode(page, language, language.refresh)
        expect(second).not.toBe(first)
        await onPhone(context, second, 'Confirm sign-in', await shownNumber(page))
        await expectConsole(page, SSO_WECOM_ACCOUNT.email, 'sg-k8s')
      })

    if (takesTurn(0, language.code))
      test('someone who scans a code without seeing this screen cannot confirm it (number matching)', async ({
        page,
        context,
      }) => {
        await page.goto(`/auth/sign_in${language.query}`)
        const qrUrl = await showQrCode(page, language)
        const shown = await shownNumber(page)
        // A code passed to someone else (a phishing page showing our QR): they pick a number blind.
        const phone = await context.newPage()
        await phone.goto(qrUrl)
        const offered = await phone
          .getByRole('radio')
          .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value))
        expect(offered).toHaveLength(3)
        expect(offered).toContain(shown)
        await phone.close()
        const wrong = offered.find((number) => number !== shown) ?? ''
        await onPhone(context, qrUrl, 'Confirm sign-in', wrong)
        await expect(page.getByTestId('wecom-message')).toHaveText(language.cancelled)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        expect(new URL(page.url()).pathname, 'nobody is signed in').toBe('/auth/sign_in')
      })

    if (takesTurn(1, language.code))
      test('on a phone (375×812) the code comes with a link that opens WeCom', async ({ page }) => {
        await page.setViewportSize({ width: 375, height: 812 })
        await page.goto(`/auth/sign_in${language.query}`)
        await showQrCode(page, language)
        const openApp = page.getByRole('link', { name: language.openApp })
        await expect(openApp).toBeVisible()
        const qr = await page.getByTestId('wecom-qr').boundingBox()
        expect(qr?.width ?? 0).toBeLessThanOrEqual(375)
        await page.getByTestId('wecom-qr').scrollIntoViewIfNeeded()
        await keepScreenshot(page, {
          path: `test-results/wecom-qr-${language.code}-phone.png`,
          fullPage: true,
        })
        // The same browser opens the app link, confirms, and comes back to the sign-in tab.
        const href = (await openApp.getAttribute('href')) ?? ''
        // onPhone waits for the outcome: a tab closed right after the tap may never send the answer.
        await onPhone(page.context(), href, 'Confirm sign-in', await shownNumber(page))
        await expectConsole(page, SSO_WECOM_ACCOUNT.email, 'sg-k8s')
      })

    if (takesTurn(0, language.code))
      test('an SSO sign-in of a multi-environment account gets the picker, then lands there', async ({
        page,
      }) => {
        await page.goto(`/auth/sign_in${language.query}`)
        await page.locator('#saml-id').fill(SANDBOX_SAML_CONFIG_ID)
        await page.locator('form:has(#saml-id) button[type=submit]').click()
        await page.locator('#identity').fill(SSO_SAML_ACCOUNT.email)
        await page.getByRole('button', { name: 'Approve' }).click()
        const picker = page.getByTestId('sso-picker')
        await expect(picker.getByRole('heading', { name: language.pickTitle })).toBeFocused()
        expect(page.url()).not.toContain('#sso=')
        await keepScreenshot(page, { path: `test-results/sso-picker-${language.code}.png`, fullPage: true })
        await expectAxeClean(page, `SSO picker ${language.code}`, 'content')
        await expect(page.getByRole('heading', { level: 1 })).toBeHidden()
        await picker.getByRole('radio', { name: language.us }).check()
        await picker.getByRole('button', { name: language.pickSubmit }).click()
        await expectConsole(page, SSO_SAML_ACCOUNT.email, 'us-k8s')
      })
  })
}
