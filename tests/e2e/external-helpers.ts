import { expect, type Page } from '@playwright/test'
import { inLanguage } from './frame-helpers.ts'

/** The external app's pages (channels, consent, provider returns). */
export const EXTERNAL_BASE = '/auth/external'

/** Waits until the external app's page has hydrated (its links and buttons react). */
export async function externalAppHydrated(page: Page) {
  await expect(page.locator('[data-hydrated="true"]')).toHaveCount(1)
}

/** Connect page → the provider's button → the simulated provider's choice → back in the app. */
export async function roundTrip(page: Page, provider: string, choice: string, language: 'en' | 'zh') {
  await page.goto(inLanguage(`${EXTERNAL_BASE}/connect`, language))
  await externalAppHydrated(page)
  await page.locator(`a[data-provider="${provider}"]`).click()
  await page.locator(`a[data-choice="${choice}"]`).click()
  await page.waitForURL((url) => url.pathname === `${EXTERNAL_BASE}/connect`)
  await expect(page.locator('.external-app')).not.toHaveAttribute('data-state', /loading|checking/)
}
