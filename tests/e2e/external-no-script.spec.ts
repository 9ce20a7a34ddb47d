import { type Browser, expect, type Page, test } from '@playwright/test'
import { FIXTURE_PASSWORD } from '../../sandbox/fixtures.ts'
import { SIMULATED_PROVIDERS } from '../../sandbox/providers/index.ts'
import enChannels from '../../shared/i18n/locales/en/channels.ts'
import enCommon from '../../shared/i18n/locales/en/common.ts'
import enErrors from '../../shared/i18n/locales/en/errors.ts'
import enExternal from '../../shared/i18n/locales/en/external.ts'
import zhChannels from '../../shared/i18n/locales/zh/channels.ts'
import zhCommon from '../../shared/i18n/locales/zh/common.ts'
import zhErrors from '../../shared/i18n/locales/zh/errors.ts'
import zhExternal from '../../shared/i18n/locales/zh/external.ts'
import { inLanguage, keepScreenshot, LANGUAGES, PHONE, takesTurn } from './frame-helpers.ts'
import { createAccount } from './sandbox.ts'
import { signInThroughApi } from './session.ts'

/**
 * Issue 21 with JavaScript off (points 1, 2 and 5): a provider's return completes in the external
 * app — the server reads it when the page is requested and sends the browser on to the clean
 * address, where the result shows — and the consent page is a plain form whose post runs the
 * same steps as the page's scripts. Both languages, desktop and phone.
 */
const CHANNELS = { en: enChannels, zh: zhChannels } as const
const EXTERNAL = { en: enExternal, zh: zhExternal } as const
const COMMON = { en: enCommon, zh: zhCommon } as const
const ERRORS = { en: enErrors, zh: zhErrors } as const
const BASE = '/auth/external'
const DEVICES = { desktop: {}, phone: PHONE } as const

/** A signed-in session (signed in with scripts, as the test's shortcut), then a browser without them. */
async function signedInWithoutScripts(browser: Browser, device: keyof typeof DEVICES) {
  const email = await createAccount('no-script', FIXTURE_PASSWORD)
  const withScripts = await browser.newContext()
  const signInPage = await withScripts.newPage()
  await signInPage.goto('/auth/sign_in')
  expect(await signInThroughApi(signInPage, email, FIXTURE_PASSWORD)).toBe('000000')
  const storageState = await withScripts.storageState()
  await withScripts.close()
  const context = await browser.newContext({ ...DEVICES[device], javaScriptEnabled: false, storageState })
  return { context, page: await context.newPage(), email }
}

/** Connect page → the provider's choice → back, read by the server: the clean address. */
async function connectWithoutScripts(page: Page, provider: string, choice: string, language: 'en' | 'zh') {
  await page.goto(inLanguage(`${BASE}/connect`, language))
  await page.locator(`a[data-provider="${provider}"]`).click()
  await page.locator(`a[data-choice="${choice}"]`).click()
  await page.waitForURL((url) => url.pathname === `${BASE}/connect`)
  // spec §4: the provider's parameters are gone from the address; the language stays.
  expect(new URL(page.url()).search).toBe(language === 'zh' ? '?language=zh' : '')
}

for (const language of LANGUAGES) {
  const C = CHANNELS[language]
  const X = EXTERNAL[language]

  // Each device in one language, taking turns; so do the two tests after (ADR 0099).
  for (const device of (['desktop', 'phone'] as const).filter((_, turn) => takesTurn(turn, language))) {
    test(`no JavaScript (${language}, ${device}) › a channel is authorised after consent`, async ({
      browser,
    }) => {
      const { context, page, email } = await signedInWithoutScripts(browser, device)
      await connectWithoutScripts(page, 'salesforce', 'success', language)
      await expect(page.locator('.external-app')).toHaveAttribute('data-state', 'received')
      await keepScreenshot(page, { path: `no-script-connect-received-${device}-${language}.png` })
      await page.getByRole('link', { name: X.continueConsent }).click()
      await page.waitForURL(/\/auth\/channel_auth/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        C.title.replace('{{channel}}', C.name.salesforce),
      )
      await expect(page.getByTestId('channel-account')).toHaveText(email)
      await expect(page.getByTestId('channel-store')).toHaveText('acme.my.salesforce.com')
      await expect(page.getByText(C.loading)).toHaveCount(0)
      // Not agreed: the same page again, the message at the checkbox.
      await page.getByRole('button', { name: C.authorize, exact: true }).click()
      await page.waitForURL(/\/auth\/channel_auth/)
      await expect(page.getByRole('alert')).toHaveText(COMMON[language].validation.consent)
      await keepScreenshot(page, {
        path: `no-script-consent-error-${device}-${language}.png`,
        fullPage: true,
      })
      await page.getByRole('checkbox').check()
      await page.getByRole('button', { name: C.authorize, exact: true }).click()
      await page.waitForURL(/channel_authStatus/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(C.successTitle)
      await expect(page.locator('[data-result]')).toHaveAttribute('data-result', 'success')
      await keepScreenshot(page, {
        path: `no-script-channel-success-${device}-${language}.png`,
        fullPage: true,
      })
      await context.close()
    })

    test(`no JavaScript (${language}, ${device}) › a provider's return signs in in the external app`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ ...DEVICES[device], javaScriptEnabled: false })
      const page = await context.newPage()
      await page.goto(inLanguage(BASE, language))
      await page.getByRole('link', { name: X.microsoft }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(SIMULATED_PROVIDERS.microsoft.title)
      const returnUrl = String(await page.locator('a[data-choice="success"]').getAttribute('href'))
      await page.locator('a[data-choice="success"]').click()
      await page.waitForURL((url) => url.pathname === BASE)
      expect(new URL(page.url()).search).toBe(language === 'zh' ? '?language=zh' : '')
      await expect(page.locator('.external-app')).toHaveAttribute('data-state', 'signedIn')
      await expect(page.getByText(X.signedIn)).toBeVisible()
      await keepScreenshot(page, { path: `no-script-external-signed-in-${device}-${language}.png` })
      // The result was shown once: a reload shows the page without it.
      await page.reload()
      await expect(page.locator('.external-app')).toHaveAttribute('data-state', 'idle')
      // The same return again (its state used up): refused, with a way to start again.
      await page.goto(returnUrl)
      await expect(page.locator('[data-problem="state"]')).toContainText(X.refusedTitle)
      await expect(page.getByRole('link', { name: X.startAgain })).toBeVisible()
      await context.close()
    })
  }

  if (takesTurn(1, language))
    test(`no JavaScript (${language}) › a visitor cancels a waiting connect with the plain form`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false })
      const page = await context.newPage()
      await connectWithoutScripts(page, 'shopify', 'success', language)
      await expect(page.getByTestId('password-sign-in').first()).toBeVisible()
      await page.goto(inLanguage('/auth/channel_auth', language))
      await expect(page.getByText(C.signInFirst)).toBeVisible()
      await page.getByRole('button', { name: C.cancel, exact: true }).click()
      await page.waitForURL(/channel_authStatus/)
      await expect(page.locator('[data-result]')).toHaveAttribute('data-result', 'cancelled')
      // Nothing waits any more: the consent page says so, rendered by the server.
      await page.goto(inLanguage('/auth/channel_auth', language))
      await expect(page.getByText(C.noFlow)).toBeVisible()
      await context.close()
    })

  if (takesTurn(0, language))
    test(`no JavaScript (${language}) › a consent form posted from another site gets our refusal page`, async ({
      browser,
    }) => {
      const { context, page } = await signedInWithoutScripts(browser, 'desktop')
      await connectWithoutScripts(page, 'shopify', 'success', language)
      await page.goto(inLanguage('/auth/channel_auth', language))
      // The same form, its token taken along, sent as another site would (Sec-Fetch-Site: cross-site).
      const token = await page.locator('input[name="_csrf"]').first().inputValue()
      const response = await page.request.post(inLanguage('/auth/channel_auth', language), {
        form: { _csrf: token, action: 'authorize', consent: 'on' },
        headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      })
      expect(response.status()).toBe(403)
      expect(await response.text()).toContain(ERRORS[language].csrfForm)
      // Nothing was authorised: the consent still waits.
      await page.reload()
      await expect(page.getByRole('button', { name: C.authorize, exact: true })).toBeVisible()
      await context.close()
    })
}
