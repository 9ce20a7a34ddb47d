import { expect, type Page, test } from '@playwright/test'
import enExternal from '../../shared/i18n/locales/en/external.ts'
import zhExternal from '../../shared/i18n/locales/zh/external.ts'

/**
 * Issue 18 point 1: the external app follows spec §2's language rules — `?language=` over the
 * host's login config, the login config over the browser — and has its own language switch. In the
 * sandbox `127.0.0.1` is configured in Chinese and `localhost` in English (sandbox/login-config.ts).
 */
const BASE = '/auth/external'
const title = (text: string) => text.replace('{{prefix}}', '')

function origin(host: 'localhost' | '127.0.0.1') {
  const port = new URL(test.info().project.use.baseURL ?? '').port
  return `http://${host}:${port}`
}

async function showsLanguage(page: Page, language: 'en' | 'zh') {
  const X = language === 'en' ? enExternal : zhExternal
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title(X.signInTitle))
  await expect(page.getByRole('link', { name: X.microsoft })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'en' ? 'en' : 'zh-CN')
}

test.describe('English browser on a host configured in Chinese', () => {
  test.use({ locale: 'en-US' })

  test('?language=en shows English; the switch goes to Chinese and back', async ({ page }) => {
    await page.goto(`${origin('127.0.0.1')}${BASE}?language=en`)
    await showsLanguage(page, 'en')
    expect(new URL(page.url()).search).toBe('?language=en')
    const languages = page.getByRole('navigation', { name: 'Language' })
    await expect(languages.getByText('English')).toHaveAttribute('aria-current', 'true')
    await languages.getByRole('link', { name: '中文' }).click()
    // Chinese is what this host shows anyway: the parameter is dropped.
    await page.waitForURL((url) => url.pathname === BASE && url.search === '')
    await showsLanguage(page, 'zh')
    await page.getByRole('navigation', { name: '语言' }).getByRole('link', { name: 'English' }).click()
    await page.waitForURL((url) => url.search === '?language=en')
    await showsLanguage(page, 'en')
  })
})

test.describe('Chinese browser on a host configured in English', () => {
  test.use({ locale: 'zh-CN' })

  test('?language=zh shows Chinese; without it the login config wins over the browser', async ({ page }) => {
    await page.goto(`${origin('localhost')}${BASE}?language=zh`)
    await showsLanguage(page, 'zh')
    expect(new URL(page.url()).search).toBe('?language=zh')
    // The choice is kept on the app's links.
    await expect(page.getByRole('link', { name: zhExternal.toConnect })).toHaveAttribute(
      'href',
      `${BASE}/connect?language=zh`,
    )
    await page.getByRole('navigation', { name: '语言' }).getByRole('link', { name: 'English' }).click()
    await page.waitForURL((url) => url.pathname === BASE && url.search === '')
    await showsLanguage(page, 'en')
  })
})
