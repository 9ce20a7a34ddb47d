import type { Page, Route } from '@playwright/test'

/**
 * A slow phone: the first script chunk (of `files`) holding `text` is held back until `release()`;
 * `held()` tells whether the page has asked for it yet.
 */
export async function holdChunkWith(page: Page, text: string, files = '**/auth/_next/assets/chunks/*.js') {
  let held = false
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(files, async (route: Route) => {
    try {
      const response = await route.fetch()
      const body = await response.text()
      if (!held && body.includes(text)) {
        held = true
        await released
      }
      await route.fulfill({ response, body })
    } catch (error) {
      // A plain form post navigates the page away while its other chunks are still on their way:
      // their answers go with the old document (or the ended test) and no longer matter. Anything
      // else is a failure.
      if (!/disposed|closed|already handled|test ended/i.test(String(error))) throw error
    }
  })
  return { held: () => held, release: () => release() }
}
