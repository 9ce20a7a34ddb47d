/**
 * What the cross-engine journeys need of a browser, whatever drives it: Firefox over WebDriver
 * BiDi (puppeteer-core, ./firefox.ts) and WebKit over classic WebDriver (selenium-webdriver and
 * WebKitWebDriver, ./webkit.ts). Elements are found in the page by what a person reads (a label,
 * a button's text: ./find.ts) and handed to the driver by a mark, so both drivers type and click
 * the way a person does (real key and pointer events), never by setting values in script.
 */
export interface EngineDriver {
  /** Loads a URL as a navigation of the address bar. */
  goto(url: string): Promise<void>
  /** Runs `expression` (a JavaScript expression) in the page and returns its JSON-able value. */
  evaluate<T>(expression: string): Promise<T>
  click(cssSelector: string): Promise<void>
  /** Clears the field, then types `text` into it key by key. */
  type(cssSelector: string, text: string): Promise<void>
  back(): Promise<void>
  forward(): Promise<void>
  close(): Promise<void>
}

export interface Device {
  width: number
  height: number
  /** Unset: the engine's own (a desktop browser's). */
  userAgent?: string
}

/** A fresh browser (no cookies, no storage) of one engine for one journey. */
export type OpenBrowser = (device: Device) => Promise<EngineDriver>

export const DESKTOP: Device = { width: 1280, height: 900 }
/** An iPhone's width and user agent: the server renders the phone header for it. */
export const PHONE: Device = {
  width: 390,
  height: 844,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
}

/**
 * The ceiling of any one wait: only a guard against a hang, far above what a step takes on a busy
 * machine. Waits end on the condition they wait for.
 */
export const HANG_GUARD_MS = 30_000
