/**
 * scripts/static-checks.sh, the first step of `npm test` (issue 16 point 1): a type error or a lint
 * error fails it, and the last lines of its output name the file and line. Run in a throwaway
 * project holding one source file, with this repository's tsc and Biome.
 */
import { execFile } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import t, { type Test } from 'tap'

const ROOT = path.resolve(import.meta.dirname, '../..')
const run = promisify(execFile)

/** A project with `src/page.ts` holding `source`; answers its folder. */
function project(t: Test, source: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'static-checks-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  mkdirSync(path.join(dir, 'scripts'))
  mkdirSync(path.join(dir, 'src'))
  mkdirSync(path.join(dir, '.cache'))
  cpSync(path.join(ROOT, 'scripts/static-checks.sh'), path.join(dir, 'scripts/static-checks.sh'))
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'))
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true, skipLibCheck: true }, include: ['src'] }),
  )
  // The formatter is this repository's business, not what is tested here.
  writeFileSync(
    path.join(dir, 'biome.json'),
    JSON.stringify({ formatter: { enabled: false }, files: { includes: ['src/**'] } }),
  )
  writeFileSync(path.join(dir, 'src/page.ts'), source)
  return dir
}

/** Runs the checks; answers the exit status and the last lines printed. */
async function staticChecks(dir: string): Promise<{ status: number; tail: string }> {
  const script = path.join(dir, 'scripts/static-checks.sh')
  // tap adds its loaders to NODE_OPTIONS of every process a test starts (@tapjs/processinfo);
  // `env -u` takes them off again, as tsc does not run under them.
  const outcome = await run('env', ['-u', 'NODE_OPTIONS', 'bash', script], { cwd: dir }).then(
    ({ stdout }) => ({ status: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ status: error.code, stdout: error.stdout }),
  )
  return { status: outcome.status, tail: outcome.stdout.trim().split('\n').slice(-3).join('\n') }
}

t.test('a type error fails the checks, named by file and line in the last lines', async (t) => {
  const dir = project(t, "export const count: number = 'three'\n")
  // A findings list left by an earlier failed lint must not be shown again.
  writeFileSync(path.join(dir, '.cache/lint-findings.log'), 'src/old.ts:1:1 error lint/stale finding\n')
  const { status, tail } = await staticChecks(dir)
  t.equal(status, 1)
  t.match(tail, /src\/page\.ts\(1,14\): error TS2322/)
  t.notMatch(tail, /stale finding/)
})

t.test('a lint error fails the checks, named by file and line in the last lines', async (t) => {
  const dir = project(t, 'export function probe() {\n  debugger\n}\n')
  const { status, tail } = await staticChecks(dir)
  t.equal(status, 1)
  t.match(tail, /src\/page\.ts:2:3 error lint\/suspicious\/noDebugger/)
})

t.test('clean code passes', async (t) => {
  const dir = project(t, 'export const count: number = 3\n')
  const { status, tail } = await staticChecks(dir)
  t.equal(status, 0, tail)
  t.match(tail, /lint: ok/)
})
