import { expect, type Page } from '@playwright/test'
import { FIXTURE_PASSWORD } from '../../sandbox/fixtures.ts'
import enReset from '../../shared/i18n/locales/en/reset.ts'
import zhReset from '../../shared/i18n/locales/zh/reset.ts'
import type { Language } from '../../shared/language.ts'
import { inLanguage } from './frame-helpers.ts'
import { createAccount, outbox } from './sandbox.ts'

const RESET = { en: enReset, zh: zhReset } as const

/**
 * A new account (named after `name`) asks for a reset link on /auth/reset, and the page opens the
 * e-mailed link as a fresh visit would: it ends on the new-password step.
 */
export async function openResetLinkOfNewAccount(page: Page, language: Language, name: string) {
  const R = RESET[language]
  const email = await createAccount(name, FIXTURE_PASSWORD)
  await page.goto(inLanguage('/auth/reset', language))
  await page.getByLabel(R.email).fill(email)
  await page.getByRole('button', { name: R.sendLink }).click()
  await expect(page.getByRole('heading', { name: R.sentTitle })).toBeVisible()
  const [message] = await outbox(email, 'reset-link')
  await page.goto('about:blank')
  await page.goto(message?.link ?? '')
}
