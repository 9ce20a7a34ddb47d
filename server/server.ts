import path from 'node:path'
import { fileURLToPath } from 'node:url'
import closeWithGrace from 'close-with-grace'
import pino from 'pino'
import { type AppConfig, ConfigError, isLoopbackHost, loadConfig, type Topology } from '../config/index.ts'
import { buildApp } from './app.ts'
import { loggerOptions } from './logger.ts'
import { startMetricsListener } from './metrics-listener.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

async function readConfig(): Promise<AppConfig> {
  try {
    return loadConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      // Plain stderr: the logger is not configured yet and people read this at a terminal.
      process.stderr.write(`Configuration error: ${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
}

/**
 * The production image ships without sandbox/ (ADR 0080: its fixtures must never answer in a
 * deployment); SANDBOX=on there stops the server with a message saying where the sandbox is.
 */
function refuseWithoutSandbox(error: unknown): never {
  const missing = (error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND'
  if (!missing || !/[/\\]sandbox[/\\]/.test((error as Error).message)) throw error
  // Plain stderr, as for a configuration error: an operator reads this in `kubectl logs`.
  process.stderr.write(
    'Configuration error: this image has no embedded sandbox (it ships only in the demo image, ' +
      '`docker build --target demo`). Configure UPSTREAMS_FILE or UPSTREAMS_JSON and set SANDBOX=off.\n',
  )
  process.exit(1)
}

async function main() {
  const config = await readConfig()
  // Only with an OTLP endpoint: without one no OpenTelemetry module is loaded at all.
  const tracing = config.tracing
    ? await (await import('./tracing.ts')).startTracing(config.tracing, 'account-edge')
    : undefined
  const logOptions = loggerOptions(config, tracing?.logFields)
  const log = pino(logOptions)

  let topology: Topology
  let closeSandbox: (() => Promise<void>) | undefined
  let microsoftAuthorizeFallback: string | undefined
  if (config.upstreams.kind === 'configured') {
    topology = config.upstreams.topology
  } else {
    const [{ startSandbox }, { sandboxTopology }, fixtures] = await Promise.all([
      import('../sandbox/index.ts'),
      import('./sandbox-topology.ts'),
      import('../sandbox/fixtures.ts'),
    ]).catch(refuseWithoutSandbox)
    const first = config.sandboxPort
    const sandbox = await startSandbox({
      host: '127.0.0.1',
      // The outbox page turns the e-mailed links into links to this BFF.
      linkOrigin: config.siteOrigin,
      ...(first ? { ports: { sg: first, us: first + 1, hk: first + 2, ten: first + 3 } } : {}),
    })
    closeSandbox = () => sandbox.close()
    topology = sandboxTopology(sandbox)
    microsoftAuthorizeFallback = `${sandbox.regions.sg.url}/__sandbox/idp/microsoft/authorize`
    log.warn(
      {
        regions: Object.fromEntries(Object.entries(sandbox.regions).map(([id, { url }]) => [id, url])),
        forwarder: sandbox.forwarderUrl,
      },
      'No upstream configured (UPSTREAMS_FILE / UPSTREAMS_JSON): started the embedded sandbox upstream',
    )
    log.info(`Sandbox demo account: ${fixtures.DEMO_ACCOUNT.email} / ${fixtures.DEMO_ACCOUNT.password}`)
    log.info(
      `Sandbox outbox (sign-up links, reset links and codes): ${sandbox.regions.sg.url}/__sandbox/outbox`,
    )
  }
  if (config.ephemeralSessionKey) {
    log.warn('SESSION_KEYS is not set: using a random key, so sessions end when the process restarts')
  }

  const app = await buildApp({
    config,
    topology,
    root,
    logger: logOptions,
    microsoftAuthorizeFallback,
    tracing,
  })
  // Longer than the ingress's idle time-out, so the proxy closes idle connections, not us.
  app.server.keepAliveTimeout = 65_000
  app.server.headersTimeout = 66_000

  // A port already taken (a second server on one machine) costs the metrics, never the site: the
  // scrape target shows down, which is what monitoring alerts on.
  const metricsListener = await startMetricsListener(app.metrics, config.host, config.metricsPort).catch(
    (err: Error) => {
      app.log.error({ err, port: config.metricsPort }, 'metrics listener could not start: no /metrics')
      return undefined
    },
  )
  const { delayMs, timeoutMs } = config.shutdown
  // Readiness goes false first and requests are still served for delayMs, so the ingress takes
  // this pod out before it stops listening; then requests in flight get timeoutMs to finish.
  closeWithGrace({ delay: delayMs + timeoutMs }, async ({ signal, err }) => {
    app.stopReadiness()
    if (err) app.log.error({ err }, 'closing after an error')
    else {
      app.log.info({ signal, delayMs }, 'closing: readiness is off, still serving while the ingress drains')
      await new Promise((resolve) => setTimeout(resolve, delayMs))
    }
    app.log.info('closing: finishing requests in flight')
    await app.close()
    await tracing?.shutdown()
    await metricsListener?.close()
    await closeSandbox?.()
  })

  if (config.exitWithParent) {
    // A test runner killed hard (a CI time-out) leaves its web server behind, re-parented: the
    // server notices within a second and stops, so no port stays taken for the next run.
    const parent = process.ppid
    setInterval(() => {
      if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM')
    }, 1000).unref()
  }
  await app.listen({ host: config.host, port: config.port })
  if (metricsListener)
    app.log.info({ port: metricsListener.port }, 'Prometheus metrics listening at /metrics')
  const address = app.server.address()
  app.log.info(
    `Open ${openOrigin(config, typeof address === 'object' && address ? address.port : config.port)}/auth/sign_in`,
  )
}

/**
 * The origin people are told to open: the one every address the BFF hands out uses (SSO returns,
 * e-mailed links: config `siteOrigin`), so the session cookie set where they browse is the one the
 * SSO return finds. `npm start` listens on 127.0.0.1 while that origin says `localhost`: cookies
 * are kept per host name, so a sign-in begun on one name and returned to the other had no session.
 * Only a server on another interface (HOST=192.168.…) is shown as it listens.
 */
function openOrigin(config: AppConfig, port: number): string {
  if (config.publicOrigin) return config.publicOrigin
  const reachable = isLoopbackHost(config.host) || config.host === '0.0.0.0' || config.host === '::'
  const site = new URL(config.siteOrigin)
  // PORT=0 (tests): the port the system chose.
  site.port = String(port)
  return reachable
    ? site.origin
    : `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`
}

// A server that did not start says so with its status, not only in its output: left to Node, a
// failed start (a sandbox port taken) ended with status 0, which a supervisor or script reads as a
// clean stop.
await main().catch((error: unknown) => {
  process.stderr.write(
    `The server did not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  process.exit(1)
})
