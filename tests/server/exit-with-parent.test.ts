/**
 * EXIT_WITH_PARENT=on (the test runners set it): a server whose launcher is killed — even with
 * SIGKILL, as a CI time-out may — stops by itself instead of holding its port for the next run.
 */
import { spawn } from 'node:child_process'
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

t.test('EXIT_WITH_PARENT › the server stops once the process that started it is gone', async (t) => {
  const port = await freePort()
  // A launcher shell that starts the server and prints its pid, then waits (as Playwright does).
  const launcher = spawn('bash', ['-c', `node server/server.ts >/dev/null 2>&1 & echo $!; wait`], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      EXIT_WITH_PARENT: 'on',
      NODE_ENV: 'production',
      SANDBOX: 'on',
      PORT: String(port),
      SANDBOX_PORT: String(await freePort()),
      // Other servers of the run may hold the default metrics port.
      METRICS_PORT: '0',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  const serverPid = await new Promise<number>((resolve) =>
    launcher.stdout.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim()))),
  )
  t.teardown(() => {
    if (alive(serverPid)) process.kill(serverPid, 'SIGKILL')
  })
  // Ready, not merely started: the server has its signal handlers and parent watch in place.
  await waitFor('the server ready', () => answersOk(`http://127.0.0.1:${port}/readyz`), {
    stop: () => (alive(serverPid) ? undefined : 'the server exited before it was ready'),
  })
  t.ok(alive(serverPid), 'the server runs')
  launcher.kill('SIGKILL')
  const stopped = await waitFor('the server gone', () => !alive(serverPid), { intervalMs: 200 }).catch(
    () => false,
  )
  t.ok(stopped, 'the server stopped by itself after its launcher was killed')
})
