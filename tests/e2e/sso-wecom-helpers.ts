import { type BrowserContext, expect, type Page } from '@playwright/test'
import { sandboxUrl } from './sandbox.ts'

export const WECOM_LANGUAGES = [
  {
    code: 'en',
    query: '',
    start: 'Use WeCom (scan a QR code)',
    title: 'Scan with WeCom',
    qrAlt: /QR code for signing in with WeCom/,
    countdown: /The code expires in \d:\d\d\./,
    cancelled: /cancelled in WeCom/,
    expired: /QR code has expired/,
    refresh: 'Refresh QR code',
    openApp: 'On this phone? Open WeCom directly',
    pickTitle: 'Choose where to sign in',
    us: 'US',
    pickSubmit: 'Continue',
  },
  {
    code: 'zh',
    query: '?language=zh',
    start: '使用企业微信扫码',
    title: '企业微信扫码登录',
    qrAlt: /企业微信登录二维码/,
    countdown: /二维码将在 \d:\d\d 后失效。/,
    cancelled: /已在企业微信中取消登录/,
    expired: /二维码已失效/,
    refresh: '刷新二维码',
    openApp: '在这部手机上？直接打开企业微信',
    pickTitle: '选择登录环境',
    us: '美国',
    pickSubmit: '继续',
  },
] as const

export type WeComLanguage = (typeof WECOM_LANGUAGES)[number]

/** Opens the QR panel; answers the address the QR code encodes (read from the BFF's answer). */
export async function showQrCode(page: Page, language: WeComLanguage, button: string = language.start) {
  const answer = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/auth/sso/wecom' && response.request().method() === 'POST',
  )
  await page.getByRole('button', { name: button }).click()
  const body = (await (await answer).json()) as { item: { url: string } }
  await expect(page.getByRole('img', { name: language.qrAlt })).toBeVisible()
  await expect(page.getByTestId('wecom-countdown')).toHaveText(language.countdown)
  return body.item.url
}

/** The number the computer shows next to the code, read as a person would (number matching). */
export async function shownNumber(page: Page): Promise<string> {
  const number = (await page.getByTestId('wecom-match').locator('strong').textContent()) ?? ''
  expect(number).toMatch(/^\d{2}$/)
  return number
}

/**
 * The WeCom phone app (the sandbox's page at the QR address): picks `number` among the ones it
 * offers (the one the computer shows, unless a test plays someone who cannot see it), then
 * confirms or cancels.
 */
export async function onPhone(
  context: BrowserContext,
  qrUrl: string,
  decision: 'Confirm sign-in' | 'Cancel',
  number?: string,
) {
  const phone = await context.newPage()
  await phone.goto(qrUrl)
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('WeCom (sandbox)')
  if (number !== undefined) await phone.getByRole('radio', { name: number, exact: true }).check()
  await phone.getByRole('button', { name: decision }).click()
  await expect(phone.getByTestId('wecom-outcome')).toBeVisible()
  await phone.close()
}

/** Signed in and sent on like a password sign-in: the sandbox's console of the environment. */
export async function expectConsole(page: Page, email: string, environment: string) {
  await expect(page.getByText('Signed in as')).toContainText(`${email} in ${environment}`)
  // The console of the environment's region: the sg sandbox server, or another region's.
  expect(new URL(page.url()).pathname).toBe('/__sandbox/console')
  expect(new URL(page.url()).hostname).toBe(new URL(sandboxUrl()).hostname)
}
