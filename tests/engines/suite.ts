import { after, before, test } from 'node:test'
import type { Language } from '../../shared/language.ts'
import { type ServerProcess, startServerProcess } from '../support/server-process.ts'
import type { OpenBrowser } from './driver.ts'
import { type JourneyContext, journeys } from './journeys.ts'

/**
 * The journeys as `node:test` tests in one engine and one language (the other language runs in
 * Chromium's Playwright suite), against a server started as `npm start` starts it: the production
 * build, the embedded sandbox, listening on 127.0.0.1 over plain http, opened as http://localhost.
 */
export function engineSuite(
  engine: string,
  language: Language,
  launch: () => Promise<{ open: OpenBrowser; quit: () => Promise<void> }>,
) {
  let server: ServerProcess | undefined
  let browser: { open: OpenBrowser; quit: () => Promise<void> } | undefined
  let context: JourneyContext | undefined

  before(async () => {
    server = await startServerProcess()
    browser = await launch()
    const sandboxUrl = server.sandboxRegions.sg
    if (!sandboxUrl) throw new Error('the sandbox has no sg server')
    context = {
      baseUrl: server.baseUrl.replace('//127.0.0.1:', '//localhost:'),
      sandboxUrl,
      language,
      open: browser.open,
    }
  })
  after(async () => {
    await browser?.quit()
    server?.child.kill('SIGTERM')
  })

  for (const journey of journeys(() => {
    if (!context) throw new Error('the server or the browser did not start')
    return context
  }))
    test(`${engine} (${language}) › ${journey.name}`, journey.run)
}
