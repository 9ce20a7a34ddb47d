import { expect, test } from '@playwright/test'
import { IPHONE_UA, inLanguage, LANGUAGES } from './frame-helpers.ts'
import { sitePages } from './pages.ts'

/**
 * No page scrolls sideways on a phone, in either language (issue 48 point 2): every page at the
 * narrowest phone width people use (320), a common one (390) and a large one (430). One context
 * per width, every page visited in it: the check is a number read after load, not a screenshot.
 */
for (const width of [320, 390, 430]) {
  test(`no page scrolls sideways on a ${width} px phone, in English or Chinese`, async ({ browser }) => {
    test.slow() // ≈ 70 page loads in one test
    const context = await browser.newContext({
      viewport: { width, height: 800 },
      userAgent: IPHONE_UA,
      isMobile: true,
      hasTouch: true,
    })
    const page = await context.newPage()
    const overflowing: string[] = []
    for (const language of LANGUAGES) {
      for (const path of sitePages()) {
        const url = inLanguage(path, language)
        await page.goto(url)
        const { scroll, client } = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }))
        if (scroll > client) overflowing.push(`${url}: ${scroll - client} px`)
      }
    }
    await context.close()
    expect(overflowing, 'pages wider than the phone').toEqual([])
  })
}
