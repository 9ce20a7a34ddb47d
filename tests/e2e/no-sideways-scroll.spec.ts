import { expect, type Page, test } from '@playwright/test'
import { IPHONE_UA, inLanguage, LANGUAGES } from './frame-helpers.ts'
import { sitePages } from './pages.ts'

/** The narrowest phone width people use (320), a common one (390) and a large one (430). */
const WIDTHS = [320, 390, 430]

/**
 * Pixels the page is wider than the window at `width`. The browser has the new size once
 * setViewportSize returns, and reading the widths lays the page out at it.
 */
async function overflowAt(page: Page, width: number): Promise<number> {
  await page.setViewportSize({ width, height: 800 })
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

/**
 * No page scrolls sideways on a phone, in either language (issue 48 point 2), at each of WIDTHS.
 * Each page is loaded once, at the narrowest width, and the window then widened: the check is a
 * number read after layout, and a resize lays the page out again as a load at that width would
 * (the frame follows media-query changes, frame.spec checks that) — a third of the page loads of
 * one context per width. One test per language keeps the two workers' loads even.
 */
for (const language of LANGUAGES) {
  test(`no page scrolls sideways on a ${WIDTHS.join(', ')} px phone (${language})`, async ({ browser }) => {
    test.slow() // ≈ 36 page loads and 108 layouts in one test
    const context = await browser.newContext({
      viewport: { width: WIDTHS[0] ?? 320, height: 800 },
      userAgent: IPHONE_UA,
      isMobile: true,
      hasTouch: true,
    })
    const page = await context.newPage()
    const overflowing: string[] = []
    for (const path of sitePages()) {
      const url = inLanguage(path, language)
      await page.setViewportSize({ width: WIDTHS[0] ?? 320, height: 800 })
      await page.goto(url)
      for (const width of WIDTHS) {
        const excess = await overflowAt(page, width)
        if (excess > 0) overflowing.push(`${url} at ${width} px: ${excess} px`)
      }
    }
    await context.close()
    expect(overflowing, 'pages wider than the phone').toEqual([])
  })
}
