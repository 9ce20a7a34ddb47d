import { type Browser, expect, test } from '@playwright/test'
import { FIXTURE_PASSWORD } from '../../sandbox/fixtures.ts'
import { SIMULATED_PROVIDERS } from '../../sandbox/providers/index.ts'
import enChannels from '../../shared/i18n/locales/en/channels.ts'
import enCommon from '../../shared/i18n/locales/en/common.ts'
import enExternal from '../../shared/i18n/locales/en/external.ts'
import zhChannels from '../../shared/i18n/locales/zh/channels.ts'
import zhCommon from '../../shared/i18n/locales/zh/common.ts'
import zhExternal from '../../shared/i18n/locales/zh/external.ts'
import { EXTERNAL_BASE, externalAppHydrated, roundTrip } from './external-helpers.ts'
import { inLanguage, keepScreenshot, LANGUAGES, PHONE, takesTurn } from './frame-helpers.ts'
import { createAccount } from './sandbox.ts'
import { signInContext } from './session.ts'

const CHANNELS = { en: enChannels, zh: zhChannels } as const
const EXTERNAL = { en: enExternal, zh: zhExternal } as const
const BASE = EXTERNAL_BASE

const COMMON = { en: enCommon, zh: zhCommon } as const

/**
 * A browser context signed in as a fresh sandbox account, through the BFF's sign-in call sent by
 * the context itself (tests/e2e/session.ts): being signed in is the setup here, not what is tested.
 */
async function signedIn(browser: Browser, options = {}) {
  const email = await createAccount('channels', FIXTURE_PASSWORD)
  const context = await browser.newContext(options)
  await signInContext(context, email, FIXTURE_PASSWORD)
  const page = await context.newPage()
  return { context, page }
}

const hydrated = externalAppHydrated

const OUTCOMES: Array<{ provider: string; choice: string; result: 'success' | 'failure' | 'not_allowed' }> = [
  { provider: 'salesforce', choice: 'success', result: 'success' },
  { provider: 'salesforce', choice: 'failure', result: 'failure' },
  { provider: 'shopify', choice: 'success', result: 'success' },
  { provider: 'shopify', choice: 'not_allowed', result: 'not_allowed' },
  { provider: 'tikTok', choice: 'success', result: 'success' },
  { provider: 'tikTok', choice: 'not_allowed', result: 'not_allowed' },
  { provider: 'lazada', choice: 'success', result: 'success' },
  { provider: 'xiaohongshu', choice: 'success', result: 'success' },
]
const TITLE = { success: 'successTitle', failure: 'failureTitle', not_allowed: 'notAllowedTitle' } as const

// The outcomes, the providers and the tests below take turns with the language (ADR 0099): each
// runs in one, and both languages run.
for (const language of LANGUAGES) {
  const C = CHANNELS[language]
  const X = EXTERNAL[language]
  const outcomes = OUTCOMES.filter((_, turn) => takesTurn(turn, language))

  test.describe(`channel authorization · ${language}`, () => {
    // One signed-in browser context connects every outcome (ADR 0096), each in a page of its own
    // (its own history); a step per outcome names the one that fails.
    test(`provider outcomes: connect → consent → result page`, async ({ browser }) => {
      test.setTimeout(60_000 * outcomes.length)
      const { context, page: first } = await signedIn(browser)
      await first.close()
      for (const { provider, choice, result } of outcomes) {
        await test.step(`${provider} ${choice} → consent → ${result} page`, async () => {
          const page = await context.newPage()
          await page.goto(inLanguage(`${BASE}/connect`, language))
          await hydrated(page)
          const historyBefore = await page.evaluate(() => history.length)
          await page.locator(`a[data-provider="${provider}"]`).click()
          await page.locator(`a[data-choice="${choice}"]`).click()
          await page.waitForURL((url) => url.pathname === `${BASE}/connect`)
          await expect(page.locator('.external-app')).not.toHaveAttribute('data-state', /loading|checking/)
          // Provider parameters are gone from the address bar, with no entry added for them: the
          // provider's page and the return are the two new entries.
          const url = new URL(page.url())
          for (const name of ['provider', 'payload', 'code', 'domain', 'state'])
            expect(url.searchParams.has(name)).toBe(false)
          expect(await page.evaluate(() => history.length)).toBe(historyBefore + 2)
          await page.getByRole('link', { name: X.continueConsent }).click()
          await page.waitForURL(/\/auth\/channel_auth/)
          await hydrated(page)
          const channelName = C.name[provider as keyof typeof C.name]
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(
            C.title.replace('{{channel}}', channelName),
          )
          await expect(page.getByText(C.access.replace('{{channel}}', channelName))).toBeVisible()
          // The privacy policy and terms must be agreed first.
          await page.getByRole('button', { name: C.authorize }).click()
          await expect(page.getByRole('alert')).not.toBeEmpty()
          await page.getByRole('checkbox').check()
          await page.getByRole('button', { name: C.authorize }).click()
          await page.waitForURL(/channel_authStatus/)
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(C[TITLE[result]])
          await expect(page.locator('[data-result]')).toHaveAttribute('data-result', result)
          if (result === 'success' && provider === 'shopify') {
            // Signed in: on to the console with this session's ticket (issue 18 point 8).
            await page.getByRole('button', { name: COMMON[language].signIn.goToConsole }).click()
            await expect(page.getByText('Signed in as')).toBeVisible()
          }
          await page.close()
        })
      }
      await context.close()
    })

    if (takesTurn(0, language))
      test('an error from the channel service shows its message and keeps the flow', async ({ browser }) => {
        const { context, page } = await signedIn(browser)
        await roundTrip(page, 'shopify', 'error', language)
        await page.getByRole('link', { name: X.continueConsent }).click()
        await hydrated(page)
        await page.getByRole('checkbox').check()
        await page.getByRole('button', { name: C.authorize }).click()
        await expect(page.getByRole('alert')).toContainText(
          language === 'zh' ? '渠道服务' : 'channel service',
        )
        await expect(page).toHaveURL(/\/auth\/channel_auth/)
        await context.close()
      })

    if (takesTurn(1, language))
      test('missing provider parameters are explained, nothing is connected', async ({ browser }) => {
        const { context, page } = await signedIn(browser)
        await roundTrip(page, 'lazada', 'missing', language)
        await expect(page.locator('[data-problem="error"]')).toHaveText(X.missingParams)
        await context.close()
      })

    if (takesTurn(0, language))
      test('a replayed state is refused with a clear page; so is a state from another browser', async ({
        browser,
      }) => {
        const { context, page } = await signedIn(browser)
        await page.goto(inLanguage(`${BASE}/connect`, language))
        await hydrated(page)
        await page.locator('a[data-provider="shopify"]').click()
        const returnUrl = String(await page.locator('a[data-choice="success"]').getAttribute('href'))
        await page.locator('a[data-choice="success"]').click()
        await expect(page.locator('.external-app')).toHaveAttribute('data-state', 'received')
        await page.goto(returnUrl)
        await expect(page.locator('[data-problem="state"]')).toContainText(X.refusedTitle)
        await expect(page.getByRole('link', { name: X.startAgain })).toBeVisible()

        const stranger = await browser.newContext()
        const other = await stranger.newPage()
        await page.goto(inLanguage(`${BASE}/connect`, language))
        await hydrated(page)
        await page.locator('a[data-provider="lazada"]').click()
        const fresh = String(await page.locator('a[data-choice="success"]').getAttribute('href'))
        await other.goto(fresh)
        await expect(other.locator('[data-problem="state"]')).toContainText(X.refusedTitle)
        await stranger.close()
        await context.close()
      })

    if (takesTurn(1, language))
      test('signed out: connect, sign in, and the flow is still there', async ({ page }) => {
        await roundTrip(page, 'shopify', 'success', language)
        await expect(
          page.getByRole('link', { name: X.pendingSignIn.replace('{{channel}}', C.name.shopify) }),
        ).toBeVisible()
        await page.goto(inLanguage('/auth/channel_auth', language))
        await hydrated(page)
        await expect(page.getByText(C.signInFirst)).toBeVisible()
        await expect(page.locator('#main').getByRole('link', { name: C.signIn })).toHaveAttribute(
          'href',
          /return=%2Fauth%2Fchannel_auth/,
        )
      })

    if (takesTurn(0, language))
      test('signed out: a connect return offers the password sign-in, which comes back to the waiting connect', async ({
        page,
      }) => {
        const email = await createAccount('connect-password', FIXTURE_PASSWORD)
        await roundTrip(page, 'shopify', 'success', language)
        await keepScreenshot(page, {
          path: `.cache/screens/external-connect-signed-out-${language}-desktop.png`,
        })
        await page.getByRole('link', { name: X.passwordSignIn }).click()
        await page.waitForURL(/\/auth\/sign_in/)
        await hydrated(page)
        const S = COMMON[language].signIn
        await page.getByLabel(S.email, { exact: true }).fill(email)
        await page.getByRole('button', { name: S.continue, exact: true }).click()
        await page.getByLabel(S.password, { exact: true }).fill(FIXTURE_PASSWORD)
        await page.getByRole('button', { name: S.submit, exact: true }).click()
        // Back at the waiting connect: its consent, for the store brought back before the sign-in.
        await page.waitForURL(/\/auth\/channel_auth/)
        await hydrated(page)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          C.title.replace('{{channel}}', C.name.shopify),
        )
        await page.getByRole('checkbox').check()
        await page.getByRole('button', { name: C.authorize }).click()
        await page.waitForURL(/channel_authStatus/)
        await expect(page.locator('[data-result]')).toHaveAttribute('data-result', 'success')
      })

    test('Microsoft and SAML sign in through the external app', async ({ browser }) => {
      for (const provider of ['microsoft', 'saml'].filter((_, turn) => takesTurn(turn, language))) {
        const context = await browser.newContext()
        const page = await context.newPage()
        await page.goto(inLanguage(BASE, language))
        await hydrated(page)
        const start = page.getByRole('link', { name: provider === 'microsoft' ? X.microsoft : X.saml })
        await expect(start).toHaveAttribute('href', inLanguage(`${BASE}/start/${provider}`, language))
        await start.click()
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          SIMULATED_PROVIDERS[provider as 'saml'].title,
        )
        await page.locator('a[data-choice="success"]').click()
        await expect(page.locator('.external-app')).toHaveAttribute('data-state', 'signedIn')
        expect(new URL(page.url()).search).toBe(language === 'zh' ? '?language=zh' : '')
        await context.close()
      }
    })
  })
}

test('external app · unknown paths are its own 404; config.json is never cached', async ({
  page,
  request,
}) => {
  const response = await page.goto(`${BASE}/sign_in`)
  expect(response?.status()).toBe(404)
  await expect(page.locator('[data-app="external"] h1')).toHaveText(enExternal.notFoundTitle)
  const config = await request.get(`${BASE}/config.json?t=${Date.now()}`)
  expect(config.headers()['cache-control']).toContain('no-store')
  expect(Object.keys(await config.json())).toEqual(['URL_DOMAIN', 'TEXT_PREFIX'])
  const image = await request.get(`${BASE}/_next/image?url=%2Fauth%2F_next%2Fstatic%2Fmedia%2Flogo.svg&w=256`)
  expect(image.status()).toBe(200)
})

test('external app · the login config picks the language before rendering (127.x is Chinese in the sandbox)', async ({
  page,
}) => {
  const port = new URL(test.info().project.use.baseURL ?? '').port
  await page.goto(`http://127.0.0.1:${port}${BASE}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    zhExternal.signInTitle.replace('{{prefix}}', ''),
  )
})

test.describe('phone', () => {
  test.use(PHONE)
  test('external connect page fits a phone', async ({ page }) => {
    await page.goto(`${BASE}/connect`)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
    expect(overflow).toBe(false)
  })
})
