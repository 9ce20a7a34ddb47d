import { expect, test } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../sandbox/fixtures.ts'
import { hostilePaths } from '../support/hostile-paths.ts'

/**
 * security.md §11 in a real browser: whatever `return` says, signing in ends on this site. The
 * review's examples, then a spread of the generated tricks (dot segments, encoded dots and slashes,
 * backslashes, tab/CR/LF, look-alikes).
 */
const REVIEWED = ['/.//evil.example/p', '/a/..//evil.example', '/%2e//evil.example']
const generated = hostilePaths()
const SAMPLE = [
  ...REVIEWED,
  ...generated.filter((_value, index) => index % Math.ceil(generated.length / 9) === 0),
]

// One browser context signs in with each return in turn, its cookies cleared between them (ADR
// 0096: a context per path cost more than the sign-in); a step per path names the one that fails.
test('sign-in with a hostile return stays on the site, whatever the return says', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(SAMPLE.length * 60_000)
  const offSite: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== new URL(baseURL ?? '').origin) offSite.push(request.url())
  })
  for (const [index, hostile] of SAMPLE.entries()) {
    await test.step(`return=${JSON.stringify(hostile)} (${index})`, async () => {
      await page.context().clearCookies()
      offSite.length = 0
      await page.goto(`/auth/sign_in?return=${encodeURIComponent(hostile)}`)
      await page.getByLabel('Work email').fill(DEMO_ACCOUNT.email)
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.waitForURL((url) => !url.searchParams.has('return'))
      await page.waitForLoadState('load')
      expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? '').origin)
      expect(offSite, 'no request left the site').toEqual([])
    })
  }
})

test('a same-site return path is honoured after sign-in', async ({ page }) => {
  await page.goto(`/auth/sign_in?return=${encodeURIComponent('/auth/sign_in?language=zh')}`)
  await page.getByLabel('Work email').fill(DEMO_ACCOUNT.email)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(/language=zh/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
})

test('a 404 for /%09/evil.example: the language switch stays on the site', async ({ page, baseURL }) => {
  const response = await page.goto('/%09/evil.example')
  expect(response?.status()).toBe(404)
  const href = await page.getByTestId('language-switch').first().getAttribute('href')
  expect(new URL(href ?? '', page.url()).origin).toBe(new URL(baseURL ?? '').origin)
  await page.getByTestId('language-switch').first().click()
  await page.waitForLoadState('load')
  expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? '').origin)
})
