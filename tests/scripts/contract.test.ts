/**
 * `npm run test:contract` (issue 22 point 3): against the embedded sandbox it passes; against a
 * sandbox with one deliberately broken answer it names that endpoint and exits non-zero; it
 * refuses --write without a test account and reports an upstream it cannot reach.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import t from 'tap'
import { DEMO_ACCOUNT, FIXTURE_PASSWORD, startSandbox } from '../../sandbox/index.ts'
import { main } from '../../scripts/contract.ts'
import { UPSTREAM_NOTES } from '../../shared/api/upstream-notes.ts'
import { ROOT } from '../support/root.ts'

const run = promisify(execFile)

async function inProcess(argv: string[], env: Record<string, string> = {}) {
  const lines: string[] = []
  const code = await main(argv, { env, print: (line) => lines.push(line) })
  return { code, lines }
}

const lineOf = (lines: string[], name: string) =>
  lines.find((line) => line.split(/\s{2,}/)[1]?.split(/[ :]/)[0] === name)

t.test('npm run test:contract › the embedded sandbox conforms (exit 0)', async (t) => {
  // The real entry point, as `npm run test:contract` starts it (Node runs the TypeScript itself: no
  // tsx loader, whose transform of every module was a second of CPU more).
  const { stdout } = await run(process.execPath, ['scripts/contract.ts'], { cwd: ROOT })
  const lines = stdout.trim().split('\n')
  t.match(lines.at(-1), /^\d+ conform, 0 differ, 0 not reachable, \d+ skipped$/)
  for (const [name, note] of Object.entries(UPSTREAM_NOTES)) {
    if (!note.readOnly || ['qccForward', 'queryAgentMenus', 'getSecretKey'].includes(name)) continue
    t.match(lineOf(lines, name), /^conforms /, `${name} is called and conforms`)
  }
  t.match(lineOf(lines, 'registerSgNew'), /^skipped .*--write/, 'calls that change state wait for --write')
})

t.test('a sandbox with one broken answer: that endpoint differs, with what (exit 1)', async (t) => {
  const sandbox = await startSandbox({
    tamperAnswer: (path, answer) =>
      path === '/basic-login/getAllEnvDomain' ? { ...(answer as object), items: [{ host: 'x' }] } : answer,
  })
  t.teardown(() => sandbox.close())
  const { code, lines } = await inProcess(
    [
      '--upstream',
      sandbox.environments['sg-k8s'].url,
      '--forwarder',
      sandbox.forwarderUrl,
      '--account',
      DEMO_ACCOUNT.email,
    ],
    { CONTRACT_PASSWORD: FIXTURE_PASSWORD },
  )
  t.equal(code, 1)
  t.match(lineOf(lines, 'getAllEnvDomain'), /^differs .*answer: \/items\/0 must have required property 'env'/)
  t.equal(lines.filter((line) => line.startsWith('differs')).length, 1, 'only that endpoint')
  t.match(lineOf(lines, 'getToken'), /^conforms /, 'the test account signed in: calls needing a token ran')
})

t.test('--write without an explicit test account is refused before any call', async (t) => {
  const { code, lines } = await inProcess(['--write', '--upstream', 'http://127.0.0.1:1'])
  t.equal(code, 64)
  t.match(lines.join('\n'), /--write needs an explicit test account/)
  const noPassword = await inProcess(['--upstream', 'http://127.0.0.1:1', '--account', 'qa@example.test'])
  t.equal(noPassword.code, 64, 'a named account needs CONTRACT_PASSWORD')
})

t.test('an upstream that does not answer: not reachable per endpoint (exit 2)', async (t) => {
  // Port 1 on loopback: nothing listens, the connection is refused at once.
  const { code, lines } = await inProcess(['--upstream', 'http://127.0.0.1:1', '--env', 'us-k8s'])
  t.equal(code, 2)
  t.match(lineOf(lines, 'loginEmailCheck'), /^not reachable /)
  t.match(lineOf(lines, 'getToken'), /^skipped .*--account/, 'no account: nothing signs in')
  t.notOk(lines.some((line) => line.startsWith('differs')))
})

t.test(
  'plain http to another machine is refused before any call, unless --insecure (issue 46)',
  async (t) => {
    const env = { CONTRACT_PASSWORD: 'Not-Sent-42' }
    const account = ['--account', 'qa@example.test']
    const refused = await inProcess(['--upstream', 'http://upstream.example.test', ...account], env)
    t.equal(refused.code, 64)
    t.match(refused.lines.join('\n'), /plain http to another machine: the test account's password/)
    const forwarder = await inProcess(
      ['--forwarder', 'http://10.0.0.9:8080', '--upstream', 'https://u.example.test'],
      env,
    )
    t.equal(forwarder.code, 64, 'the forwarder too')
    // Loopback is this machine; --insecure is the caller's own choice (0.0.0.0: refused at once, as
    // another machine would not be). Both say where the password goes.
    for (const argv of [
      ['--upstream', 'http://127.0.0.1:1', ...account],
      ['--upstream', 'http://0.0.0.0:1', '--insecure', ...account],
    ]) {
      const { lines } = await inProcess([...argv, '--env', 'us-k8s'], env)
      t.notMatch(lines.join('\n'), /refusing/)
      t.match(lines[0], /^the password of qa@example.test is sent to http:\/\//, String(lines[0]))
    }
  },
)
