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
    const response = await route.fetch()
    const body = await response.text()
    if (!held && body.includes(text)) {
      held = true
      await released
    }
    await route.fulfill({ response, body })
  })
  return { held: () => held, release: () => release() }
}
