import puppeteer, { type Browser } from 'puppeteer-core'
import type { Device, EngineDriver, OpenBrowser } from './driver.ts'

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'

/**
 * Debian's Firefox ESR over WebDriver BiDi. One browser process for the run; each journey gets a
 * browser context of its own (its own cookies and storage), closed with it.
 */
export async function launchFirefox(): Promise<{ open: OpenBrowser; quit: () => Promise<void> }> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    // Offline machine: nothing to update, report or prefetch.
    extraPrefsFirefox: {
      'app.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'network.dns.disablePrefetch': true,
      'network.prefetch-next': false,
    },
  })
  const open = async (device: Device): Promise<EngineDriver> => {
    const context = await browser.createBrowserContext()
    const page = await context.newPage()
    await page.setViewport({ width: device.width, height: device.height })
    if (device.userAgent) await page.setUserAgent({ userAgent: device.userAgent })
    return {
      goto: async (url) => {
        await page.goto(url, { waitUntil: 'load' })
      },
      evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
      click: async (selector) => {
        await page.click(selector)
      },
      type: async (selector, text) => {
        // A triple click selects what is there; typing replaces it, as a person would.
        await page.click(selector, { count: 3 })
        await page.keyboard.press('Backspace')
        await page.type(selector, text)
      },
      back: async () => {
        await page.goBack()
      },
      forward: async () => {
        await page.goForward()
      },
      close: () => context.close(),
    }
  }
  return { open, quit: () => browser.close() }
}
