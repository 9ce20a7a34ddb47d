import { spawn } from 'node:child_process'
import { type AddressInfo, createServer } from 'node:net'
import path from 'node:path'
import t from 'tap'
import { ROOT } from '../support/root.ts'

const SERVER = path.join(ROOT, 'server/server.ts')
const NODE =
  Number(process.versions.node.split('.')[0]) >= 24
    ? process.execPath
    : path.join(ROOT, 'node_modules/.bin/node')

interface Finished {
  code: number | null
  output: string
}

/** Starts `node server/server.ts` with the given environment; `onOutput` may act on what it logs. */
function startServer(
  env: Record<string, string>,
  onOutput?: (output: string, kill: (signal: NodeJS.Signals) => void) => void,
) {
  return new Promise<Finished>((resolve, reject) => {
    const child = spawn(NODE, [SERVER], {
      cwd: ROOT,
      // Coverage of child processes would count dist/ and fail the run's thresholds.
      env: { PATH: process.env.PATH ?? '', _TAPJS_PROCESSINFO_COVERAGE_: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    // A hang guard: each case waits for the process to end or print what it checks.
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000)
    const collect = (chunk: Buffer) => {
      output += chunk
      onOutput?.(output, (signal) => child.kill(signal))
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    child.on('error', reject)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

t.test(
  'server › a bad configuration value stops the process with a message naming the variable',
  async (t) => {
    const { code, output } = await startServer({ PORT: 'eighty' })
    t.equal(code, 1)
    t.match(output, /Configuration error: .*PORT/)
    const production = await startServer({
      NODE_ENV: 'production',
      SESSION_KEYS: Buffer.alloc(32, 1).toString('base64'),
    })
    t.equal(production.code, 1)
    t.match(production.output, /UPSTREAMS_FILE or UPSTREAMS_JSON is required in production/)
  },
)

t.test(
  'server › SIGTERM closes gracefully: it stops listening and exits 0 (needs dist/: npm test builds it)',
  async (t) => {
    let signalled = false
    const { code, output } = await startServer(
      { NODE_ENV: 'production', SANDBOX: 'on', PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'json' },
      (text, kill) => {
        if (!signalled && text.includes('Server listening')) {
          signalled = true
          kill('SIGTERM')
        }
      },
    )
    t.ok(signalled, 'the server came up')
    t.match(output, /closing: finishing requests in flight/)
    t.equal(code, 0)
  },
)

t.test(
  'server › a sandbox port already taken stops the process with a failure status and the reason',
  async (t) => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    t.teardown(() => taken.close())
    const port = (taken.address() as AddressInfo).port
    const { code, output } = await startServer({
      NODE_ENV: 'production',
      SANDBOX: 'on',
      HOST: '127.0.0.1',
      PORT: '0',
      SANDBOX_PORT: String(port),
      METRICS_PORT: '0',
      LOG_LEVEL: 'error',
    })
    t.equal(code, 1, 'a supervisor or script sees that the server did not start')
    t.match(output, /EADDRINUSE/)
  },
)
