import { expect, test } from '@playwright/test'
import {
  FRAME_PAGES,
  IPHONE_UA,
  inLanguage,
  LANGUAGES,
  PHONE_WIDTHS,
  sidewaysAtPhoneWidths,
} from './frame-helpers.ts'
import { sitePages } from './pages.ts'

/**
 * No page scrolls sideways on a phone, in either language (issue 48 point 2), at each of
 * PHONE_WIDTHS. The frame's pages (FRAME_PAGES) get this check in frame-pages.spec.ts, on the
 * phone they are loaded on there in both languages; these are the others. Each page is loaded
 * once, at the narrowest width, and the window then widened (sidewaysAtPhoneWidths): the check is
 * a number read after layout.
 */
const PAGES = sitePages().filter((path) => !FRAME_PAGES.includes(path))

test('no page outside the frame scrolls sideways on a phone, in English or Chinese', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: PHONE_WIDTHS[0], height: 800 },
    userAgent: IPHONE_UA,
    isMobile: true,
    hasTouch: true,
  })
  const page = await context.newPage()
  const overflowing: string[] = []
  for (const language of LANGUAGES) {
    for (const path of PAGES) {
      await page.goto(inLanguage(path, language))
      overflowing.push(...(await sidewaysAtPhoneWidths(page)))
    }
  }
  await context.close()
  expect(overflowing, 'pages wider than the phone').toEqual([])
})
