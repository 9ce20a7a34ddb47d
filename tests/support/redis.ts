import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import type { Test } from 'tap'

export async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  server.close()
  await once(server, 'close')
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** Files of a TLS listener: the server's certificate and key, and the CA of client certificates. */
export interface RedisTls {
  certFile: string
  keyFile: string
  caFile: string
}

/**
 * A throw-away redis-server on a free loopback port (or `port`: a Redis restarted where the app
 * expects it), stopped at teardown; with `tls`, on a TLS port only (rediss://), clients
 * unauthenticated.
 */
export async function startRedis(
  t: Test,
  options: { port?: number; tls?: RedisTls } = {},
): Promise<{ url: string; process: ChildProcess }> {
  const { tls } = options
  const port = options.port ?? (await freePort())
  const listener = tls
    ? ['--port', '0', '--tls-port', String(port), '--tls-auth-clients', 'no'].concat([
        '--tls-cert-file',
        tls.certFile,
        '--tls-key-file',
        tls.keyFile,
        '--tls-ca-cert-file',
        tls.caFile,
      ])
    : ['--port', String(port)]
  const child = spawn(
    'redis-server',
    [...listener, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  t.teardown(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await once(child, 'exit')
    }
  })
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      // A hang guard, not a deadline: ready is the line redis prints.
      () => reject(new Error(`redis-server did not start in 120 s:\n${output}`)),
      120_000,
    )
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      reject(
        error.code === 'ENOENT'
          ? new Error(
              'redis-server is not on PATH: run `bash scripts/ensure-services.sh` (as root it installs ' +
                "Debian's redis-server) or `sudo apt-get install redis-server`",
            )
          : error,
      )
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`redis-server exited with ${code}:\n${output}`))
    })
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer)
        resolve()
      }
    })
  })
  child.removeAllListeners('exit')
  return { url: `${tls ? 'rediss' : 'redis'}://127.0.0.1:${port}`, process: child }
}
