/**
 * EXIT_WITH_PARENT=on (the test runners set it): a server whose launcher is killed — even with
 * SIGKILL, as a CI time-out may — stops by itself instead of holding its port for the next run.
 */
import { spawn } from 'node:child_process'
import t from 'tap'
import { ROOT } from '../helper.ts'
import { freePort } from '../support/redis.ts'

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
  for (
    let i = 0;
    i < 100 &&
    !(await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  )
    await new Promise((resolve) => setTimeout(resolve, 200))
  t.ok(alive(serverPid), 'the server runs')
  launcher.kill('SIGKILL')
  let stopped = false
  for (let i = 0; i < 50 && !stopped; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    stopped = !alive(serverPid)
  }
  t.ok(stopped, 'the server stopped by itself after its launcher was killed')
})
