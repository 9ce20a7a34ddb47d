import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Page,
  test,
} from '@playwright/test'
import { FIXTURE_PASSWORD } from '../../sandbox/fixtures.ts'
import { SESSION_COOKIE_NAMES } from '../../server/session-cookie.ts'
import enCommon from '../../shared/i18n/locales/en/common.ts'
import enFrame from '../../shared/i18n/locales/en/frame.ts'
import zhCommon from '../../shared/i18n/locales/zh/common.ts'
import zhFrame from '../../shared/i18n/locales/zh/frame.ts'
import {
  expectAxeClean,
  expectNoHorizontalOverflow,
  inLanguage,
  keepScreenshot,
  LANGUAGES,
  languagesInTurn,
  PHONE,
  takesTurn,
} from './frame-helpers.ts'
import { accountInfo, createAccount } from './sandbox.ts'
import { signInContext } from './session.ts'

/** The e2e servers listen on loopback over http: the plain session cookie (ADR 0155). */
const SESSION_COOKIE = SESSION_COOKIE_NAMES['loopback-http']

const COMMON = { en: enCommon, zh: zhCommon } as const
const FRAME = { en: enFrame, zh: zhFrame } as const
/** Signed-in screens of this branch: sign-in (signed-in state), a marketing page, the reset page. */
const SIGNED_IN_SCREENS = ['/auth/sign_in', '/', '/chatbot', '/auth/reset', '/auth/reset/done']

/**
 * A browser context signed in to a fresh account, through the BFF's sign-in call sent by the
 * context itself (tests/e2e/session.ts): being signed in is the setup here, not what is tested.
 */
async function signedInContext(browser: Browser, options: BrowserContextOptions = {}) {
  const email = await createAccount('signed-in', FIXTURE_PASSWORD)
  const context = await browser.newContext(options)
  await signInContext(context, email, FIXTURE_PASSWORD)
  return { context, email }
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE)
}

async function waitForHydration(page: Page) {
  await expect(page.locator('[data-hydrated="true"]')).toHaveCount(1)
}

// The tests take turns with the language (ADR 0099): each runs in one, both languages run; the
// two language switches go opposite ways.
for (const language of LANGUAGES) {
  const signOut = COMMON[language].signIn.signOut

  // One browser context walks every signed-in screen (ADR 0096): signed in again before each
  // screen, signed out from it; a step per screen names the one that fails.
  if (takesTurn(0, language))
    test(`sign-out from every signed-in screen, with JavaScript (${language})`, async ({ browser }) => {
      test.setTimeout(60_000 * SIGNED_IN_SCREENS.length)
      const { context, email } = await signedInContext(browser)
      const page = await context.newPage()
      for (const screen of SIGNED_IN_SCREENS) {
        await test.step(screen, async () => {
          if (!(await sessionCookie(context))) await signInContext(context, email, FIXTURE_PASSWORD)
          await page.goto(inLanguage(screen, language))
          await waitForHydration(page)
          await page.getByTestId('header-sign-out').click()
          await expect(page).toHaveURL(/\/auth\/sign_in/)
          await expect(page.getByLabel(COMMON[language].signIn.email)).toBeVisible()
          expect(await sessionCookie(context)).toBeUndefined()
        })
      }
      await context.close()
    })

  if (takesTurn(1, language))
    test(`sign-out from every signed-in screen and from the sign-in page's card, without JavaScript (${language})`, async ({
      browser,
    }) => {
      test.setTimeout(60_000 * (SIGNED_IN_SCREENS.length + 1))
      const { context, email } = await signedInContext(browser, { javaScriptEnabled: false })
      const page = await context.newPage()
      for (const screen of SIGNED_IN_SCREENS) {
        await test.step(screen, async () => {
          if (!(await sessionCookie(context))) await signInContext(context, email, FIXTURE_PASSWORD)
          await page.goto(inLanguage(screen, language))
          await page.getByTestId('header-sign-out').click()
          await expect(page).toHaveURL(/\/auth\/sign_in/)
          await expect(page.getByLabel(COMMON[language].signIn.email)).toBeVisible()
          expect(await sessionCookie(context)).toBeUndefined()
        })
      }
      // The signed-in card has its own button: the frame (and its header button) is hidden in the
      // desktop app.
      await test.step('the signed-in card of the sign-in page', async () => {
        await signInContext(context, email, FIXTURE_PASSWORD)
        await page.goto(inLanguage('/auth/sign_in', language))
        await page.getByRole('main').getByRole('button', { name: signOut }).click()
        await expect(page.getByLabel(COMMON[language].signIn.email)).toBeVisible()
        expect(await sessionCookie(context)).toBeUndefined()
      })
      await context.close()
    })

  if (takesTurn(1, language))
    test(`switching language while signed in tells the upstream (JSON), with JavaScript (${language})`, async ({
      browser,
    }) => {
      const { context, email } = await signedInContext(browser)
      const page = await context.newPage()
      await page.goto(inLanguage('/', language))
      await waitForHydration(page)
      const target = language === 'zh' ? 'en' : 'zh'
      const call = page.waitForRequest((request) =>
        request.url().includes('/api/basic-public/agent/updateAgentLanguage'),
      )
      await page.locator('.fr-actions').getByTestId('language-switch').click()
      const request = await call
      expect(request.method()).toBe('POST')
      expect(request.headers()['content-type']).toContain('application/json')
      expect(request.postDataJSON()).toEqual({ language: target })
      await expect(page.locator('html')).toHaveAttribute('lang', target === 'zh' ? 'zh-CN' : 'en')
      expect((await accountInfo(email)).agentLanguage).toBe(target)
      await expect(page.getByTestId('header-sign-out')).toHaveText(COMMON[target].signIn.signOut)
      await context.close()
    })

  if (takesTurn(0, language))
    test(`switching language while signed in tells the upstream, without JavaScript (${language})`, async ({
      browser,
    }) => {
      const { context, email } = await signedInContext(browser, { javaScriptEnabled: false })
      const page = await context.newPage()
      await page.goto(inLanguage('/chatbot', language))
      const target = language === 'zh' ? 'en' : 'zh'
      await page.locator('.fr-actions').getByTestId('language-switch').click()
      await expect(page).toHaveURL(/\/chatbot/)
      await expect(page.locator('html')).toHaveAttribute('lang', target === 'zh' ? 'zh-CN' : 'en')
      expect((await accountInfo(email)).agentLanguage).toBe(target)
      await context.close()
    })
}

test.describe('on a phone', () => {
  test.use(PHONE)
  for (const language of languagesInTurn(1)) {
    test(`the header offers sign-out on a phone (${language})`, async ({ browser }) => {
      const { context } = await signedInContext(browser, { ...PHONE })
      const page = await context.newPage()
      await page.goto(inLanguage('/', language))
      await waitForHydration(page)
      await keepScreenshot(page, { path: `.cache/screens/signed-in-${language}-phone.png` })
      // The signed-in bar, whole: flow screens check only their content (ADR 0097).
      await expectAxeClean(page, `signed-in frame ${language} phone`)
      await page.getByTestId('header-sign-out').click()
      await expect(page.getByLabel(COMMON[language].signIn.email)).toBeVisible()
      expect(await sessionCookie(context)).toBeUndefined()
      await context.close()
    })
  }
})

test('the signed-in header offers sign-out on a desktop', async ({ browser }) => {
  for (const language of languagesInTurn(0)) {
    const { context } = await signedInContext(browser)
    const page = await context.newPage()
    await page.goto(inLanguage('/auth/sign_in', language))
    await waitForHydration(page)
    await expect(page.getByTestId('header-sign-out')).toBeVisible()
    await keepScreenshot(page, { path: `.cache/screens/signed-in-${language}-desktop.png` })
    await expectAxeClean(page, `signed-in frame ${language} desktop`)
    await context.close()
  }
})

// Issue 18 point 8: a signed-in visitor sees the account and sign-out in the bar (no Login, no
// Free Trial) and gets to the console, signed in there, from the signed-in card.
// Each (device, JavaScript) pair in one language, taking turns (ADR 0099).
for (const [deviceTurn, [device, options]] of (
  [
    ['desktop', {}],
    ['phone', PHONE],
  ] as const
).entries()) {
  for (const [scriptTurn, javaScript] of [true, false].entries()) {
    for (const language of languagesInTurn(deviceTurn + scriptTurn)) {
      test(`signed-in card: "Go to the console" opens the console signed in; the bar shows the account (${language}, ${device}, ${javaScript ? 'with' : 'without'} JavaScript)`, async ({
        browser,
      }) => {
        const { context, email } = await signedInContext(browser, {
          ...options,
          javaScriptEnabled: javaScript,
        })
        const page = await context.newPage()
        await page.goto(inLanguage('/auth/sign_in', language))
        if (javaScript) await waitForHydration(page)
        const header = page.getByTestId('site-header')
        await expect(page.getByTestId('header-account')).toContainText(email)
        await expect(
          header.getByRole('link', { name: FRAME[language].buttons.login, exact: true }),
        ).toHaveCount(0)
        await expect(
          header.getByRole('link', { name: FRAME[language].buttons.freeTrial, exact: true }),
        ).toHaveCount(0)
        await expect(page.getByTestId('header-sign-out')).toBeVisible()
        // Nor the footer's free-trial banner: someone signed in has an account already.
        await expect(
          page.getByTestId('site-footer').getByRole('button', { name: FRAME[language].footer.bannerButton }),
        ).toHaveCount(0)
        await expect(page.getByTestId('site-footer')).toBeVisible()
        // The account fits beside sign-out and the menu toggle, at every width.
        if (device === 'phone')
          await expect(header.getByRole('button', { name: FRAME[language].nav.openMenu })).toBeInViewport({
            ratio: 1,
          })
        await expectNoHorizontalOverflow(page)
        const card = page.getByRole('region', { name: COMMON[language].signIn.title })
        await expect(
          card.getByText(COMMON[language].signIn.signedInAs.replace('{{email}}', email)),
        ).toBeVisible()
        if (javaScript)
          await keepScreenshot(page, { path: `.cache/screens/signed-in-card-${language}-${device}.png` })
        await card.getByRole('button', { name: COMMON[language].signIn.goToConsole }).click()
        await expect(page.getByText('Signed in as')).toContainText(email)
        await context.close()
      })
    }
  }
}
