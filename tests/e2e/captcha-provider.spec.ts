import { expect, test } from '@playwright/test'
import { type FakeProvider, startFakeProvider, startServer } from './fake-captcha-provider.ts'
import { inLanguage, keepScreenshot, LANGUAGES } from './frame-helpers.ts'
import { uniqueEmail } from './sandbox.ts'
import { PASSWORD, TEXT } from './sign-up-helpers.ts'

// The main server runs on E2E_PORT and its sandbox on the next four ports; this spec's fake
// provider and its own BFF (configured with that provider, ADR 0027) take the two after those.
const E2E_PORT = Number(process.env.E2E_PORT ?? 3107)
const PROVIDER_PORT = E2E_PORT + 5
const SERVER_PORT = E2E_PORT + 6
const CAPTCHA_ID = 'fake-captcha-id'

let provider: FakeProvider
let server: { stop(): void }

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  // A server start on a loaded machine: waited for, with room beyond startServer's hang guard.
  test.setTimeout(240_000)
  provider = await startFakeProvider(PROVIDER_PORT)
  server = await startServer(SERVER_PORT, {
    CAPTCHA_SCRIPT_URL: `${provider.origin}/v4/gt4.js`,
    CAPTCHA_ID,
  })
})

test.afterAll(async () => {
  server?.stop()
  await provider?.close()
})

for (const language of LANGUAGES) {
  const T = TEXT[language]
  test(`a configured provider (${language}): its script loads under the CSP, its result signs up`, async ({
    page,
  }) => {
    // Every CSP refusal on the page, from the first byte on.
    await page.addInitScript(() => {
      const seen: string[] = []
      Object.assign(window, { __violations: seen })
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
      )
    })
    const response = await page.goto(
      `http://localhost:${SERVER_PORT}${inLanguage('/auth/sign_up', language)}`,
    )
    const csp = response?.headers()['content-security-policy'] ?? ''
    expect(csp).toContain(`connect-src 'self' ${provider.origin};`)
    // No sandbox origin for the captcha; form-action names the region consoles (the sandbox's
    // here), where a signed-in user's "Go to the console" posts through a redirect.
    expect(csp.replace(/form-action[^;]*;/, '')).not.toContain('127.0.0.1')

    await page.getByLabel(T.s.credentials.email).fill(uniqueEmail(`provider-${language}`))
    await page.getByLabel(T.s.credentials.password, { exact: true }).fill(PASSWORD)
    await page.locator('#sign-up-privacy').check()
    const start = page.getByRole('button', { name: T.captcha.start })
    await expect(start).toBeEnabled()
    await expect(page.locator('.captcha-row'), 'no offline challenge beside the provider').toHaveCount(0)
    const script = page.locator(`script[src="${provider.origin}/v4/gt4.js"]`)
    expect(
      await script.evaluate((element: HTMLScriptElement) => element.nonce),
      'loaded with the nonce',
    ).toBe(/'nonce-([0-9a-f]+)'/.exec(csp)?.[1])
    expect(
      await page.evaluate(() => (window as unknown as { __fakeProvider: object }).__fakeProvider),
    ).toMatchObject({
      captchaId: CAPTCHA_ID,
      language: language === 'zh' ? 'zho' : 'eng',
    })

    await start.click()
    const dialog = page.getByRole('dialog', { name: 'Fake provider' })
    await expect(dialog).toHaveCSS('outline-color', 'rgb(1, 2, 3)')
    await keepScreenshot(page, {
      path: `.cache/screens/sign-up-captcha-provider-${language}-desktop.png`,
      fullPage: true,
    })
    await expect
      .poll(() => dialog.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(1)
    const check = page.waitForRequest(/\/api\/basic-login\/checkSgGeetestInfo\//)
    await dialog.getByRole('button', { name: 'I am a person' }).click()
    expect((await check).postDataJSON()).toMatchObject({ lot_number: /^lot-/, pass_token: 'fake-pass' })
    await expect(page.getByText(T.captcha.solved)).toBeVisible()

    await page.getByRole('button', { name: T.s.credentials.submit }).click()
    await expect(page.getByRole('heading', { name: T.s.sent.title })).toBeVisible()

    expect(provider.requests).toEqual(expect.arrayContaining(['/v4/gt4.js', '/gt4.css', '/load', '/bg.png']))
    const state = await page.evaluate(
      () => (window as unknown as { __fakeProvider: { elsewhere?: string } }).__fakeProvider,
    )
    expect(state.elsewhere, 'an origin the CSP does not name stays closed').toBe('blocked')
    const violations = await page.evaluate(
      () => (window as unknown as { __violations: string[] }).__violations,
    )
    expect(violations).toEqual([`connect-src http://127.0.0.1:${PROVIDER_PORT}/load`])
  })
}
