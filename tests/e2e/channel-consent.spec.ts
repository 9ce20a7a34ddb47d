import { type Browser, expect, type Page, test } from '@playwright/test'
import { FIXTURE_PASSWORD } from '../../sandbox/fixtures.ts'
import enChannels from '../../shared/i18n/locales/en/channels.ts'
import enExternal from '../../shared/i18n/locales/en/external.ts'
import zhChannels from '../../shared/i18n/locales/zh/channels.ts'
import zhExternal from '../../shared/i18n/locales/zh/external.ts'
import { externalAppHydrated, roundTrip } from './external-helpers.ts'
import {
  expectAxeClean,
  TEXT as FRAME,
  inLanguage,
  keepScreenshot,
  LANGUAGES,
  PHONE,
  takesTurn,
} from './frame-helpers.ts'
import { createAccount } from './sandbox.ts'
import { signInThroughApi } from './session.ts'

/**
 * Issue 18 point 15: the consent page names the signed-in account and the org being connected,
 * offers Cancel (the connect ends as "cancelled" on the outcome page), shows no marketing bar or
 * free-trial banner during a connect whatever the URL says, and is rendered by the server.
 */
const CHANNELS = { en: enChannels, zh: zhChannels } as const
const EXTERNAL = { en: enExternal, zh: zhExternal } as const

const hydrated = externalAppHydrated

/** No site bar, no footer banner: no "Login"/"Free Trial" buttons and no banner outside the page's own card. */
async function expectNoMarketingFrame(page: Page, language: 'en' | 'zh') {
  const F = FRAME[language]
  await expect(page.locator('.frame')).toHaveAttribute('data-frame', 'oauthConnect')
  const aroundThePage = page.locator('.frame > :not(main)')
  await expect(aroundThePage.getByRole('link', { name: F.buttons.freeTrial, exact: true })).toHaveCount(0)
  await expect(aroundThePage.getByRole('link', { name: F.buttons.login, exact: true })).toHaveCount(0)
  await expect(page.getByText(F.footer.bannerTitle)).toHaveCount(0)
}

async function signedIn(browser: Browser, options = {}) {
  const email = await createAccount('consent', FIXTURE_PASSWORD)
  const context = await browser.newContext(options)
  const page = await context.newPage()
  await page.goto('/auth/sign_in')
  expect(await signInThroughApi(page, email, FIXTURE_PASSWORD)).toBe('000000')
  return { context, page, email }
}

for (const language of LANGUAGES) {
  const C = CHANNELS[language]
  const X = EXTERNAL[language]

  // Each device in one language, taking turns; so does the signed-out test (ADR 0099).
  for (const device of (['desktop', 'phone'] as const).filter((_, turn) => takesTurn(turn, language))) {
    test(`consent (${language}, ${device}) › names the account and the org; Cancel ends it as cancelled`, async ({
      browser,
    }) => {
      const { context, page, email } = await signedIn(browser, device === 'phone' ? PHONE : {})
      await roundTrip(page, 'salesforce', 'success', language)
      await page.getByRole('link', { name: X.continueConsent }).click()
      await page.waitForURL(/\/auth\/channel_auth/)
      expect(new URL(page.url()).searchParams.get('oauth'), 'no oauth=connect in the URL').toBeNull()
      await hydrated(page)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        C.title.replace('{{channel}}', C.name.salesforce),
      )
      await expect(page.getByTestId('channel-account')).toHaveText(email)
      await expect(page.getByTestId('channel-store')).toHaveText('acme.my.salesforce.com')
      await expectNoMarketingFrame(page, language)
      await keepScreenshot(page, { path: `consent-${device}-${language}.png`, fullPage: true })
      await expectAxeClean(page, 'consent page', 'content')

      await page.getByRole('button', { name: C.cancel, exact: true }).click()
      await page.waitForURL(/channel_authStatus/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(C.cancelledTitle)
      await expect(page.locator('[data-result]')).toHaveAttribute('data-result', 'cancelled')
      await expect(page.getByRole('link', { name: C.connectAgain })).toBeVisible()
      await expectNoMarketingFrame(page, language)
      await keepScreenshot(page, { path: `consent-cancelled-${device}-${language}.png`, fullPage: true })

      // Nothing waits any more: the consent page says so.
      await page.goto(inLanguage('/auth/channel_auth', language))
      await expect(page.getByText(C.noFlow)).toBeVisible()
      await context.close()
    })
  }

  if (takesTurn(1, language))
    test(`consent (${language}) › signed out: Cancel is offered, the sign-in on the way shows no marketing bar`, async ({
      page,
    }) => {
      await roundTrip(page, 'shopify', 'success', language)
      await page.goto(inLanguage('/auth/channel_auth', language))
      await hydrated(page)
      await expect(page.getByText(C.signInFirst)).toBeVisible()
      await expect(page.getByText(C.connectingUnnamed.replace('{{channel}}', C.name.shopify))).toBeVisible()
      await expect(page.getByRole('button', { name: C.cancel, exact: true })).toBeVisible()
      await expectNoMarketingFrame(page, language)
      await keepScreenshot(page, { path: `consent-sign-in-first-${language}.png`, fullPage: true })
      await page.locator('#main').getByRole('link', { name: C.signIn }).click()
      await page.waitForURL(/\/auth\/sign_in/)
      await expectNoMarketingFrame(page, language)
      await keepScreenshot(page, { path: `consent-sign-in-${language}.png`, fullPage: true })
    })

  test(`consent (${language}) › rendered by the server: never "Loading", whatever the scripts do`, async ({
    request,
  }) => {
    // Without JavaScript the page is a plain form (external-no-script.spec.ts); the HTML itself
    // already says what waits (here: nothing) rather than "Loading" for ever.
    const html = await (await request.get(inLanguage('/auth/channel_auth', language))).text()
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
    expect(main).toContain(C.noFlow)
    expect(main).not.toContain(C.loading)
  })
}
