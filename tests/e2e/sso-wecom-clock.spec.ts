import { expect, test } from '@playwright/test'
import { SSO_WECOM_ACCOUNT } from '../../sandbox/fixtures.ts'
import { WECOM_QR_TTL_MS } from '../../sandbox/providers/wecom-scans.ts'
import { keepScreenshot, takesTurn } from './frame-helpers.ts'
import { advanceClock } from './sandbox.ts'
import { expectConsole, onPhone, shownNumber, showQrCode, WECOM_LANGUAGES } from './sso-wecom-helpers.ts'

// One language (ADR 0099): Chinese here; sso-wecom.spec's tests take turns with both.
for (const language of WECOM_LANGUAGES.filter((language) => takesTurn(1, language.code))) {
  test(`WeCom scan (${language.code}): an expired code says so, and a refreshed one signs in`, async ({
    page,
    context,
  }) => {
    await page.goto(`/auth/sign_in${language.query}`)
    const stale = await showQrCode(page, language)
    await advanceClock(WECOM_QR_TTL_MS + 1000)
    await expect(page.getByTestId('wecom-message')).toHaveText(language.expired)
    await expect(page.getByTestId('wecom-announcement')).toHaveText(language.expired)
    await expect(page.getByRole('img', { name: language.qrAlt })).toHaveCount(0)
    await keepScreenshot(page, { path: `test-results/wecom-expired-${language.code}.png`, fullPage: true })
    // The phone refuses the old code too.
    const phone = await context.newPage()
    const gone = await phone.goto(stale)
    expect(gone?.status()).toBe(410)
    await phone.close()
    const fresh = await showQrCode(page, language, language.refresh)
    await onPhone(context, fresh, 'Confirm sign-in', await shownNumber(page))
    await expectConsole(page, SSO_WECOM_ACCOUNT.email, 'sg-k8s')
  })
}
