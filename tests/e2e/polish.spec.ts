import { expect, type Page, test } from '@playwright/test'
import { FIXTURE_PASSWORD } from '../../sandbox/fixtures.ts'
import enCommon from '../../shared/i18n/locales/en/common.ts'
import enDemo from '../../shared/i18n/locales/en/demo.ts'
import enExternal from '../../shared/i18n/locales/en/external.ts'
import enReset from '../../shared/i18n/locales/en/reset.ts'
import enSso from '../../shared/i18n/locales/en/sso.ts'
import zhCommon from '../../shared/i18n/locales/zh/common.ts'
import zhDemo from '../../shared/i18n/locales/zh/demo.ts'
import zhExternal from '../../shared/i18n/locales/zh/external.ts'
import zhReset from '../../shared/i18n/locales/zh/reset.ts'
import zhSso from '../../shared/i18n/locales/zh/sso.ts'
import { TEXT as FRAME, inLanguage, keepScreenshot, LANGUAGES, PHONE, takesTurn } from './frame-helpers.ts'
import { createAccount } from './sandbox.ts'
import { TEXT as SIGN_UP, solveCaptcha, startSignUp } from './sign-up-helpers.ts'

/** Issue 18 point 16: what the two reviews' screenshots showed, item by item. */
const COMMON = { en: enCommon, zh: zhCommon } as const
const SSO = { en: enSso, zh: zhSso } as const
const RESET = { en: enReset, zh: zhReset } as const
const DEMO = { en: enDemo, zh: zhDemo } as const
const EXTERNAL = { en: enExternal, zh: zhExternal } as const

async function ready(page: Page) {
  await page.locator('[data-hydrated="true"]').waitFor({ state: 'attached' })
}

/** The rectangle of an element, in page pixels. */
async function box(page: Page, selector: string) {
  const found = await page.locator(selector).first().boundingBox()
  if (!found) throw new Error(`${selector} is not shown`)
  return found
}

/** Every button-like control's name on the page: buttons, submit inputs, links styled as buttons. */
async function buttonTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('button, input[type=submit], a.button, .link-button, [role=button]')]
      .filter((element) => (element as HTMLElement).offsetParent !== null)
      .map((element) =>
        (element instanceof HTMLInputElement ? element.value : (element as HTMLElement).innerText).trim(),
      ),
  )
}

const BUTTON_PAGES = [
  '/auth/sign_in',
  '/auth/sign_up',
  '/auth/reset',
  '/auth/demo',
  '/auth/external',
  '/auth/external/connect',
  '/auth/channel_auth',
  '/auth/channel_authStatus',
  '/',
]

for (const language of LANGUAGES) {
  test(`button texts end without a full stop; the sign-up page has its own description (${language})`, async ({
    page,
  }) => {
    const found: string[] = []
    for (const path of BUTTON_PAGES) {
      await page.goto(inLanguage(path, language))
      await page.locator('.frame[data-hydrated="true"]').waitFor({ state: 'attached' })
      for (const text of await buttonTexts(page)) if (/[.。]$/.test(text)) found.push(`${path}: ${text}`)
      if (path === '/auth/sign_up')
        await expect(
          page.locator('meta[name="description"]'),
          'the sign-up page has its own description',
        ).toHaveAttribute('content', SIGN_UP[language].s.metaDescription)
    }
    expect(found).toEqual([])
  })
}

test.describe('phone', () => {
  test.use({ ...PHONE })
  for (const language of LANGUAGES)
    test(`button texts end without a full stop on a phone (${language})`, async ({ page }) => {
      const found: string[] = []
      for (const path of ['/auth/sign_up', '/auth/sign_in', '/auth/reset']) {
        await page.goto(inLanguage(path, language))
        await page.locator('.frame[data-hydrated="true"]').waitFor({ state: 'attached' })
        for (const text of await buttonTexts(page)) if (/[.。]$/.test(text)) found.push(`${path}: ${text}`)
      }
      expect(found).toEqual([])
    })
})

// Checks of a layout that does not change with the language take turns with it (ADR 0099).
for (const language of LANGUAGES) {
  const C = COMMON[language]
  const E = SSO[language]

  test(`enterprise sign-in: quieter than the password form, equal buttons, gone at the password step (${language})`, async ({
    page,
  }) => {
    const email = await createAccount(`quiet-${language}`, FIXTURE_PASSWORD)
    await page.goto(inLanguage('/auth/sign_in', language))
    await ready(page)
    const block = page.getByRole('region', { name: E.heading })
    await expect(block).toBeVisible()
    await expect(block.getByText(E.or, { exact: true })).toBeVisible()
    const sizes = await page.evaluate(() => {
      const size = (selector: string) =>
        Number.parseFloat(getComputedStyle(document.querySelector(selector) as Element).fontSize)
      return { title: size('main h1'), enterprise: size('#enterprise-sign-in-title') }
    })
    expect(sizes.enterprise, 'its heading is smaller than the page title').toBeLessThan(sizes.title * 0.75)
    // Microsoft, company SSO and WeCom: one width, the width of the sign-in button.
    const submit = await box(page, 'form:has(#sign-in-email) button[type=submit]')
    for (const name of [E.microsoft, E.samlSubmit, E.wecom.start]) {
      const button = await block.getByRole(name === E.microsoft ? 'link' : 'button', { name }).boundingBox()
      expect(Math.round(button?.width ?? 0), name).toBe(Math.round(submit.width))
    }
    // "Use company SSO" does not touch its input.
    const input = await box(page, '#saml-id')
    const samlButton = await block.getByRole('button', { name: E.samlSubmit }).boundingBox()
    expect((samlButton?.y ?? 0) - (input.y + input.height), 'space above the button').toBeGreaterThanOrEqual(
      8,
    )
    await keepScreenshot(page, { path: `enterprise-email-step-${language}.png` })

    await page.getByLabel(C.signIn.email).fill(email)
    await page.getByRole('button', { name: C.signIn.continue }).click()
    await expect(page.getByLabel(C.signIn.password, { exact: true })).toBeVisible()
    await expect(block).toHaveCount(0)
    await keepScreenshot(page, { path: `enterprise-password-step-${language}.png` })
    await page.getByRole('button', { name: C.signIn.changeEmail }).click()
    await expect(block).toBeVisible()
  })

  if (takesTurn(0, language))
    test(`a resend that waits looks disabled, not like a link or a live button (${language})`, async ({
      page,
    }) => {
      const R = RESET[language]
      const email = await createAccount(`resend-look-${language}`, FIXTURE_PASSWORD)
      await page.goto(inLanguage('/auth/reset', language))
      await ready(page)
      await page.getByLabel(R.email).fill(email)
      await page.getByRole('button', { name: R.sendLink }).click()
      const resend = page.getByTestId('reset-resend')
      await expect(resend).toBeDisabled()
      const look = await resend.evaluate((element) => {
        const style = getComputedStyle(element)
        const enabled = document.createElement('button')
        enabled.className = element.className
        element.parentElement?.append(enabled)
        const live = getComputedStyle(enabled)
        const out = {
          cursor: style.cursor,
          color: style.color,
          liveColor: live.color,
          background: style.backgroundColor,
          liveBackground: live.backgroundColor,
        }
        enabled.remove()
        return out
      })
      expect(look.cursor).toBe('not-allowed')
      expect(look.color, 'greyed text').not.toBe(look.liveColor)
      expect(look.background, 'greyed background').not.toBe(look.liveBackground)
      await keepScreenshot(page, { path: `reset-resend-waiting-${language}.png` })
    })

  test(`reset: the country list is not cut at 1366 px (${language})`, async ({ page }) => {
    const R = RESET[language]
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.goto(inLanguage('/auth/reset', language))
    await ready(page)
    await page.getByRole('radio', { name: R.viaPhone }).check()
    const select = page.getByLabel(R.areaCode)
    for (const code of ['65', '852', '86']) {
      await select.selectOption(code)
      const widths = await select.evaluate((element) => {
        const probe = element.cloneNode(true) as HTMLSelectElement
        probe.style.width = 'auto'
        probe.style.position = 'absolute'
        // Beside the original, so the form's own select styles (font, padding) apply to it too.
        element.parentElement?.append(probe)
        probe.value = (element as HTMLSelectElement).value
        const needed = probe.offsetWidth
        probe.remove()
        return { shown: (element as HTMLElement).offsetWidth, needed }
      })
      expect(widths.shown, `+${code} fits`).toBeGreaterThanOrEqual(widths.needed)
    }
    await keepScreenshot(page, { path: `reset-phone-1366-${language}.png` })
  })

  if (takesTurn(1, language))
    test(`demo: the confirmation heading is not under the sticky header (${language})`, async ({ page }) => {
      const T = DEMO[language]
      await page.goto(inLanguage('/auth/demo', language))
      await ready(page)
      const values = {
        fullName: 'Ada Lovelace',
        email: `scroll-${language}-${Date.now()}@example.com`,
        company: 'Analytical Engines',
        jobTitle: 'Head of Support',
        phone: language === 'zh' ? '13912345678' : '91234567',
      }
      for (const [name, value] of Object.entries(values)) await page.locator(`#demo-${name}`).fill(value)
      await solveCaptcha(page, SIGN_UP[language])
      await page.getByRole('button', { name: T.submit }).click()
      const heading = page.getByRole('heading', { level: 1, name: T.doneTitle })
      await expect(heading).toBeFocused()
      const header = await box(page, '.fr-header')
      const title = await heading.boundingBox()
      expect(title?.y ?? 0, 'the heading starts below the header').toBeGreaterThanOrEqual(
        header.y + header.height,
      )
      await keepScreenshot(page, { path: `demo-done-${language}.png` })
    })

  if (takesTurn(0, language))
    test(`external app: its 404 has its own frame (${language})`, async ({ page }) => {
      const X = EXTERNAL[language]
      const response = await page.goto(inLanguage('/auth/external/no-such-page', language))
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(X.notFoundTitle)
      await expect(page.getByRole('img', { name: 'Sobot' })).toBeVisible()
      await expect(page.getByRole('navigation', { name: COMMON[language].language.label })).toBeVisible()
      await expect(
        page.getByRole('link', { name: FRAME[language].buttons.freeTrial, exact: true }),
      ).toHaveCount(0)
      await expect(page.getByTestId('site-footer')).toHaveCount(0)
      await keepScreenshot(page, { path: `external-404-${language}.png` })
    })
}

test.describe('the changed screens on a phone', () => {
  test.use({ ...PHONE })
  for (const language of LANGUAGES) {
    test(`sign-in, reset by phone, external 404 fit a phone (${language})`, async ({ page }) => {
      const fits = async () =>
        expect(
          await page.evaluate(
            () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
          ),
        ).toBe(true)
      await page.goto(inLanguage('/auth/sign_in', language))
      await ready(page)
      await fits()
      await keepScreenshot(page, { path: `enterprise-email-step-phone-${language}.png`, fullPage: true })
      await page.goto(inLanguage('/auth/reset', language))
      await ready(page)
      await page.getByRole('radio', { name: RESET[language].viaPhone }).check()
      await page.getByLabel(RESET[language].areaCode).selectOption('852')
      await fits()
      await keepScreenshot(page, { path: `reset-phone-row-phone-${language}.png`, fullPage: true })
      await page.goto(inLanguage('/auth/external/no-such-page', language))
      await fits()
      await keepScreenshot(page, { path: `external-404-phone-${language}.png`, fullPage: true })
    })
  }
})

for (const language of LANGUAGES) {
  test(`sign-up: a reload of a later step never shows the first form (${language})`, async ({ page }) => {
    const S = SIGN_UP[language]
    await page.goto(inLanguage('/auth/sign_up', language))
    await ready(page)
    await startSignUp(page, S, `reload-${language}-${Date.now()}@sandbox.test`)
    // The flow answers late, as on a slow connection: until then the page must not show step one.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/auth/sign_up/flow', async (route) => {
      await held
      await route.continue()
    })
    await page.reload()
    // The server renders the step from the session (issue 21): no wait for the flow's fetch.
    await expect(page.getByRole('heading', { name: S.s.sent.title })).toBeVisible()
    await expect(page.getByLabel(S.s.credentials.email)).toHaveCount(0)
    await expect(page.locator('.sign-up')).toHaveAttribute('data-step', 'sent')
    await keepScreenshot(page, { path: `sign-up-resuming-${language}.png` })
    release()
    await expect(page.getByRole('heading', { name: S.s.sent.title })).toBeVisible()
    await expect(page.getByLabel(S.s.credentials.email)).toHaveCount(0)
  })
}
