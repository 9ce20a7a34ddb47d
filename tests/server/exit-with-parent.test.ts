/**
 * EXIT_WITH_PARENT=on (the test runners set it): a server whose launcher is killed — even with
 * SIGKILL, as a CI time-out may — stops by itself instead of holding its port for the next run.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { freePort } from '../support/redis.ts'
import { ROOT } from '../support/root.ts'
import { answersOk, waitFor } from '../support/wait.ts'

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * A production server on the embedded sandbox at `port`, watching its parent. No SANDBOX_PORT: the
 * sandbox takes four ports from it, and the three after a port found free may be anyone's on a
 * busy machine (a run beside two CPU burners lost the server that way); unset, each is free.
 */
const serverEnv = (port: number) => ({
  ...process.env,
  NODE_OPTIONS: '',
  EXIT_WITH_PARENT: 'on',
  NODE_ENV: 'production',
  SANDBOX: 'on',
  PORT: String(port),
  // Other servers of the run may hold the default metrics port.
  METRICS_PORT: '0',
  LOG_LEVEL: 'error',
})

/** Runs a launcher of the server on `port`; with the number it prints first (a pid). */
async function launch(program: string, args: string[], port: number) {
  const launcher = spawn(program, args, {
    cwd: ROOT,
    env: serverEnv(port),
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  const printed = await new Promise<number>((resolve) =>
    launcher.stdout.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim()))),
  )
  return { launcher, printed }
}

t.test('EXIT_WITH_PARENT › the server stops once the process that started it is gone', async (t) => {
  const port = await freePort()
  // A launcher shell that starts the server and prints its pid, then waits (as Playwright does).
  const log = path.join(t.testdir(), 'server.log')
  const { launcher, printed: serverPid } = await launch(
    'bash',
    ['-c', `node server/server.ts >'${log}' 2>&1 & echo $!; wait`],
    port,
  )
  t.teardown(() => {
    if (alive(serverPid)) process.kill(serverPid, 'SIGKILL')
  })
  // Ready, not merely started: the server has its signal handlers and parent watch in place.
  await waitFor('the server ready', () => answersOk(`http://127.0.0.1:${port}/readyz`), {
    stop: () =>
      alive(serverPid) ? undefined : `the server exited before it was ready:\n${readFileSync(log, 'utf8')}`,
  })
  t.ok(alive(serverPid), 'the server runs')
  launcher.kill('SIGKILL')
  const stopped = await waitFor('the server gone', () => !alive(serverPid), { intervalMs: 200 }).catch(
    () => false,
  )
  t.ok(stopped, 'the server stopped by itself after its launcher was killed')
})

/** Starts a command as Playwright starts a web server: through a shell, in a process group of its own. */
const PLAYWRIGHT_LIKE_LAUNCHER = `
const child = require('node:child_process').spawn(process.argv[1], { shell: true, detached: true, stdio: 'ignore' })
console.log(child.pid)
setInterval(() => {}, 1 << 30)
`

t.test('EXIT_WITH_PARENT › the e2e web server stops once Playwright is gone, shell and all', async (t) => {
  const { default: config } = await import('../../playwright.config.ts')
  const command = [config.webServer].flat()[0]?.command
  if (!t.ok(command, 'playwright.config.ts starts a web server')) return
  const port = await freePort()
  const { launcher, printed: group } = await launch(
    process.execPath,
    ['-e', PLAYWRIGHT_LIKE_LAUNCHER, command as string],
    port,
  )
  t.teardown(() => {
    launcher.kill('SIGKILL')
    try {
      process.kill(-group, 'SIGKILL')
    } catch {
      // Already gone: what the test wants.
    }
  })
  const ready = `http://127.0.0.1:${port}/readyz`
  await waitFor('the server ready', () => answersOk(ready))
  launcher.kill('SIGKILL')
  const stopped = await waitFor('the port free again', async () => !(await answersOk(ready)), {
    intervalMs: 200,
  }).catch(() => false)
  t.ok(stopped, 'the server stopped by itself, though the shell that started it was left behind')
})
