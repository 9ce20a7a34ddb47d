import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { Builder, By, type WebDriver, error as webDriverErrors } from 'selenium-webdriver'
import { type Device, type EngineDriver, HANG_GUARD_MS, type OpenBrowser } from './driver.ts'

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver'
/** The WebKitGTK browser the driver starts (Debian's `webkit2gtk-driver` depends on it). */
export const MINIBROWSER_PATH =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Resolves once the driver answers its status (it starts in well under a second). */
async function driverReady(url: string, driver: ChildProcess): Promise<void> {
  const deadline = Date.now() + HANG_GUARD_MS
  while (Date.now() < deadline) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode})`)
    const ready = await fetch(`${url}/status`).then(
      async (response) => ((await response.json()) as { value?: { ready?: boolean } }).value?.ready === true,
      () => false,
    )
    if (ready) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('WebKitWebDriver did not answer')
}

/**
 * Debian's WebKitGTK (Safari's engine) over classic WebDriver. The driver runs for the whole run
 * (under xvfb-run when there is no display: MiniBrowser is a GTK window); each journey gets a
 * session of its own, a fresh MiniBrowser with an ephemeral profile.
 */
export async function launchWebKit(): Promise<{ open: OpenBrowser; quit: () => Promise<void> }> {
  const port = await freePort()
  const command = process.env.DISPLAY
    ? [WEBKIT_DRIVER_PATH, `--port=${port}`]
    : [
        'xvfb-run',
        '--auto-servernum',
        '--server-args=-screen 0 1400x1000x24',
        WEBKIT_DRIVER_PATH,
        `--port=${port}`,
      ]
  const [program = '', ...args] = command
  // A group of its own, so quitting stops xvfb-run's X server and the driver together.
  const driverProcess = spawn(program, args, { stdio: 'ignore', detached: true })
  const url = `http://127.0.0.1:${port}`
  const stopDriver = () => {
    if (driverProcess.pid && driverProcess.exitCode === null) {
      try {
        process.kill(-driverProcess.pid, 'SIGTERM')
      } catch {
        // already gone
      }
    }
  }
  process.once('exit', stopDriver)
  await driverReady(url, driverProcess)

  const open = async (device: Device): Promise<EngineDriver> => {
    const driver: WebDriver = await new Builder()
      .usingServer(url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': {
          binary: MINIBROWSER_PATH,
          args: ['--automation', ...(device.userAgent ? [`--user-agent=${device.userAgent}`] : [])],
        },
      })
      .build()
    await driver.manage().setTimeouts({ pageLoad: HANG_GUARD_MS, script: HANG_GUARD_MS })
    await driver.manage().window().setRect({ width: device.width, height: device.height })
    const element = (selector: string) => driver.findElement(By.css(selector))
    return {
      goto: (target) => driver.get(target),
      evaluate: <T>(expression: string) => driver.executeScript(`return (${expression})`) as Promise<T>,
      click: async (selector) => {
        await (await element(selector)).click()
      },
      type: async (selector, text) => {
        // React may put a new input in place of the one just found (a step appearing, hydration):
        // find it again then. Nothing was typed into the replaced one.
        for (let attempt = 1; ; attempt++) {
          try {
            const input = await element(selector)
            await input.clear()
            await input.sendKeys(text)
            return
          } catch (error) {
            if (!(error instanceof webDriverErrors.StaleElementReferenceError) || attempt === 3) throw error
          }
        }
      },
      back: () => driver.navigate().back(),
      forward: () => driver.navigate().forward(),
      close: () => driver.quit(),
    }
  }
  return {
    open,
    quit: async () => {
      stopDriver()
    },
  }
}
