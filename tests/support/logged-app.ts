import { Writable } from 'node:stream'
import type { Test } from 'tap'
import { loadConfig } from '../../config/index.ts'
import { type RunningSandbox, startSandbox } from '../../sandbox/index.ts'
import { buildApp } from '../../server/app.ts'
import { loggerOptions } from '../../server/logger.ts'
import { sandboxTopology } from '../../server/sandbox-topology.ts'
import { ROOT, sessionKey } from './root.ts'

/**
 * The BFF (no pages) in front of its own sandbox (or the one given), with every JSON log line it
 * writes kept. `buildApp` is for a test that builds the app from a module it mocked.
 */
export async function loggedApp(
  t: Test,
  env: Record<string, string> = {},
  options: { sandbox?: RunningSandbox; logLevel?: string; buildApp?: typeof buildApp } = {},
) {
  const sandbox: RunningSandbox = options.sandbox ?? (await startSandbox())
  if (!options.sandbox) t.teardown(() => sandbox.close())
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  const config = loadConfig({ NODE_ENV: 'test', SESSION_KEYS: sessionKey(7), ...env })
  const app = await (options.buildApp ?? buildApp)({
    config,
    topology: sandboxTopology(sandbox),
    root: ROOT,
    ssr: false,
    logger: { ...loggerOptions({ logLevel: options.logLevel ?? 'debug', logFormat: 'json' }), stream },
  })
  t.teardown(() => app.close())
  await app.ready()
  return { app, sandbox, lines }
}
