import { type Browser, expect, type Page, test } from '@playwright/test'
import { FIXTURE_PASSWORD } from '../../sandbox/fixtures.ts'
import enChannels from '../../shared/i18n/locales/en/channels.ts'
import zhChannels from '../../shared/i18n/locales/zh/channels.ts'
import { DESKTOP, inLanguage, keepScreenshot, LANGUAGES, takesTurn } from './frame-helpers.ts'
import { holdChunkWith } from './hold-chunk.ts'
import { createAccount } from './sandbox.ts'
import { signInThroughApi } from './session.ts'

/**
 * Issue 21 point 6 for the consent page: a click on Allow or Cancel before the page's scripts ran
 * posts the plain form (channel-consent-form.server.ts) and ends the connect exactly as the
 * scripts would; a box ticked before hydration is still ticked for the scripts afterwards.
 */
const CHANNELS = { en: enChannels, zh: zhChannels } as const
const BASE = '/auth/external'
/** The consent page's own script (its chunk): it holds the fetch calls the buttons make once hydrated. */
const CONSENT_ENTRY = ['/auth/channel_auth/authorize', '**/auth/_next/assets/*/*.js'] as const

// A chunk asked for late may still be in a route handler when the test ends: its answer no longer
// matters then (as in sign-in-no-script.spec.ts).
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' })
})

/** A signed-in session with a Salesforce connect waiting for consent. */
async function waitingConnect(browser: Browser, language: 'en' | 'zh') {
  const email = await createAccount('consent-early', FIXTURE_PASSWORD)
  const context = await browser.newContext(DESKTOP)
  const page = await context.newPage()
  await page.goto('/auth/sign_in')
  expect(await signInThroughApi(page, email, FIXTURE_PASSWORD)).toBe('000000')
  await page.goto(inLanguage(`${BASE}/connect`, language))
  await page.locator(`a[data-provider="salesforce"]`).click()
  await page.locator(`a[data-choice="success"]`).click()
  await page.waitForURL((url) => url.pathname === `${BASE}/connect`)
  await expect(page.locator('.external-app')).toHaveAttribute('data-state', 'received')
  return { context, page }
}

/** Opens the consent page with its script held back: what shows is the server's HTML alone. */
async function consentBeforeHydration(page: Page, language: 'en' | 'zh') {
  const chunk = await holdChunkWith(page, ...CONSENT_ENTRY)
  await page.goto(inLanguage('/auth/channel_auth', language), { waitUntil: 'commit' })
  await expect.poll(chunk.held, { message: 'the consent page’s script was requested' }).toBe(true)
  await expect(page.locator('[data-hydrated="true"]')).toHaveCount(0)
  return chunk
}

/** The next POST the page sends: a plain form post goes to the page's own address. */
const nextPost = (page: Page) => page.waitForRequest((request) => request.method() === 'POST')

// The tests take turns with the language (ADR 0099): each runs in one, both languages run.
for (const language of LANGUAGES) {
  const C = CHANNELS[language]

  test.describe(`consent before the scripts ran · ${language}`, () => {
    if (takesTurn(0, language))
      test('Allow clicked before hydration authorises the channel', async ({ browser }) => {
        const { context, page } = await waitingConnect(browser, language)
        const chunk = await consentBeforeHydration(page, language)
        await page.getByRole('checkbox').check()
        await keepScreenshot(page, { path: `consent-early-${language}.png`, fullPage: true })
        const posted = nextPost(page)
        await page.getByRole('button', { name: C.authorize, exact: true }).click()
        const post = await posted
        expect(new URL(post.url()).pathname, 'a plain post, not a fetch call').toBe('/auth/channel_auth')
        expect(new URLSearchParams(post.postData() ?? '').get('consent'), 'the ticked box went along').toBe(
          'on',
        )
        await page.waitForURL(/channel_authStatus/)
        chunk.release()
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(C.successTitle)
        await expect(page.locator('[data-result]')).toHaveAttribute('data-result', 'success')
        await context.close()
      })

    if (takesTurn(1, language))
      test('Cancel clicked before hydration ends the connect as cancelled', async ({ browser }) => {
        const { context, page } = await waitingConnect(browser, language)
        const chunk = await consentBeforeHydration(page, language)
        const posted = nextPost(page)
        await page.getByRole('button', { name: C.cancel, exact: true }).click()
        expect(new URL((await posted).url()).pathname).toBe('/auth/channel_auth')
        await page.waitForURL(/channel_authStatus/)
        chunk.release()
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(C.cancelledTitle)
        await expect(page.locator('[data-result]')).toHaveAttribute('data-result', 'cancelled')
        // Nothing waits any more.
        await page.goto(inLanguage('/auth/channel_auth', language))
        await expect(page.getByText(C.noFlow)).toBeVisible()
        await context.close()
      })

    if (takesTurn(0, language))
      test('a box ticked before hydration still counts once the scripts run', async ({ browser }) => {
        const { context, page } = await waitingConnect(browser, language)
        const chunk = await consentBeforeHydration(page, language)
        await page.getByRole('checkbox').check()
        chunk.release()
        await expect(page.locator('[data-hydrated="true"]')).toHaveCount(1)
        await expect(page.getByRole('checkbox')).toBeChecked()
        // Hydrated: the button runs the fetch call, which must see the box as ticked.
        const posted = nextPost(page)
        await page.getByRole('button', { name: C.authorize, exact: true }).click()
        expect(new URL((await posted).url()).pathname, 'the scripts’ call').toBe(
          '/auth/channel_auth/authorize',
        )
        await page.waitForURL(/channel_authStatus/)
        await expect(page.locator('[data-result]')).toHaveAttribute('data-result', 'success')
        await context.close()
      })
  })
}
