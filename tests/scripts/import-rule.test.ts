/**
 * The import rule (issue 44 point 4, ADR 0125): `server/` never imports `client/`, `client/` never
 * imports `server/`, `shared/` imports neither. Biome's `noRestrictedImports` (biome.json's
 * `overrides`) enforces it in `npm test`'s lint step; this file shows that the configuration
 * catches each direction (in a throwaway project with this repository's biome.json) and that the
 * tree itself obeys it today.
 */
import { execFile } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import t, { type Test } from 'tap'

const ROOT = path.resolve(import.meta.dirname, '../..')
const run = promisify(execFile)

/** A project holding this repository's biome.json and the given files; answers its folder. */
function project(t: Test, files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-rule-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  copyFileSync(path.join(ROOT, 'biome.json'), path.join(dir, 'biome.json'))
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'))
  for (const [name, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), source)
  }
  return dir
}

/** The files Biome's lint refuses with `noRestrictedImports` (one entry per finding). */
async function refusedImports(dir: string): Promise<string[]> {
  const biome = path.join(ROOT, 'node_modules/.bin/biome')
  const output = await run(biome, ['lint', '--reporter=github', '--colors=off', '.'], { cwd: dir }).then(
    (done) => done.stdout,
    (failed: { stdout: string }) => failed.stdout,
  )
  return [...output.matchAll(/title=lint\/style\/noRestrictedImports,file=([^,]+),line=(\d+)/g)]
    .map((match) => `${path.relative(dir, match[1]!)}:${match[2]}`)
    .sort()
}

t.test('biome.json › refuses every import across the rule, and only those', async (t) => {
  const dir = project(t, {
    'server/routes/page-logic.server.ts': [
      "import { a } from '../../client/pages/auth/sign_in/lockout.ts'",
      "import { b } from '../../shared/forms/sign-in/lockout.ts'",
      'export const c = [a, b]',
      '',
    ].join('\n'),
    'client/pages/auth/x/+Page.tsx': [
      "import { a } from '../../../../server/app.ts'",
      "import { b } from '../../../../shared/envelope.ts'",
      "import { c } from '../../../api.ts'",
      'export const d = [a, b, c]',
      '',
    ].join('\n'),
    'shared/forms/x.ts': [
      "import { a } from '../../client/api.ts'",
      "import { b } from '../../server/busy.ts'",
      "import { c } from '../envelope.ts'",
      'export const d = [a, b, c]',
      '',
    ].join('\n'),
  })
  t.same(await refusedImports(dir), [
    'client/pages/auth/x/+Page.tsx:1',
    'server/routes/page-logic.server.ts:1',
    'shared/forms/x.ts:1',
    'shared/forms/x.ts:2',
  ])
})

t.test('the tree › server/ imports nothing from client/ (the grep of issue 44)', async (t) => {
  const found = await run('git', ['grep', '-n', "from '\\(\\.\\./\\)*client/", '--', 'server'], {
    cwd: ROOT,
  }).then(
    (done) => done.stdout,
    // git grep exits 1 when it finds nothing: the answer wanted.
    (failed: { code?: number; stdout: string }) =>
      failed.code === 1 ? '' : failed.stdout || 'git grep failed',
  )
  t.equal(found, '')
})
