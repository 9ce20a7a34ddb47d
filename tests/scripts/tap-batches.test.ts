/** scripts/tap-batches.ts: which test files share a tap process (ADR 0156). */
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { batches, entryFile } from '../../scripts/tap-batches.ts'

const PLAIN = "import t from 'tap'\nt.test('x', async () => {})\n"

t.test('test files of one area share a process; every file runs exactly once', async (t) => {
  const routes = Array.from(
    { length: 30 },
    (_, i) => `tests/server/routes/r${String(i).padStart(2, '0')}.test.ts`,
  )
  const files = [
    ...routes,
    'tests/server/flows/a.test.ts',
    'tests/shared/b.test.ts',
    'tests/shared/i18n/c.test.ts',
  ]
  const grouped = batches(files, () => PLAIN)
  t.same(grouped.flat().sort(), [...files].sort(), 'each file in exactly one batch')
  t.ok(
    grouped.every((batch) => new Set(batch.map((file) => file.split('/').slice(0, 2).join('/'))).size === 1),
    'a batch holds one area (tests/server, tests/shared, …)',
  )
  t.ok(
    grouped.some(
      (batch) => batch.includes('tests/shared/b.test.ts') && batch.includes('tests/shared/i18n/c.test.ts'),
    ),
    'sub-folders of an area go together',
  )
  t.ok(
    Math.max(...grouped.map((batch) => batch.length)) <= 12,
    'no batch so long that one job is left alone at the end',
  )
  t.ok(grouped.length < files.length / 3, 'far fewer processes than files')
})

t.test('a file that changes the process for the tests after it runs alone', async (t) => {
  const sources: Record<string, string> = {
    'tests/a/hook.test.ts': "import t from 'tap'\nt.beforeEach(() => reset())\n",
    'tests/a/parallel.test.ts': "import t from 'tap'\nt.jobs = 2\n",
    'tests/a/env.test.ts': "process.env.SANDBOX_SCRYPT_N = '2048'\nimport t from 'tap'\n",
    'tests/a/mock.test.ts': "const app = await t.mockImport('../app.ts', {})\n",
    'tests/a/said.test.ts': '// Runs in a process of its own (scripts/tap-batches.ts): it starts Vite.\n',
    'tests/a/plain1.test.ts': PLAIN,
    'tests/a/plain2.test.ts': PLAIN,
    'tests/a/nested.test.ts': "t.test('x', async (t) => {\n  t.beforeEach(() => {})\n})\n",
  }
  const grouped = batches(Object.keys(sources), (file) => sources[file] ?? '')
  const alone = grouped
    .filter((batch) => batch.length === 1)
    .flat()
    .sort()
  t.same(alone, [
    'tests/a/env.test.ts',
    'tests/a/hook.test.ts',
    'tests/a/mock.test.ts',
    'tests/a/parallel.test.ts',
    'tests/a/said.test.ts',
  ])
  t.same(
    grouped.find((batch) => batch.length > 1)?.sort(),
    ['tests/a/nested.test.ts', 'tests/a/plain1.test.ts', 'tests/a/plain2.test.ts'],
    'a hook inside a test stays in its test',
  )
})

t.test('the entry loads every file before tests end, and names a file that does not load', async (t) => {
  const dir = t.testdir({
    // A root teardown lets tap end an idle root; the next file is still awaiting its set-up.
    'a.test.ts': "import t from 'tap'\nt.teardown(() => {})\nt.test('first file', async () => {})\n",
    'b.test.ts':
      "import t from 'tap'\nawait new Promise((resolve) => setTimeout(resolve, 300))\nt.test('second file', async () => {})\n",
    'c.test.ts': "throw new Error('broken at load')\n",
  })
  const files = ['a', 'b', 'c'].map((name) => path.join(dir, `${name}.test.ts`))
  writeFileSync(path.join(dir, 'entry.ts'), entryFile(files, dir))
  const run = spawnSync(process.execPath, [path.join(dir, 'entry.ts')], { encoding: 'utf8' })
  t.match(run.stdout, /^ok \d+ - first file/m)
  t.match(run.stdout, /^ok \d+ - second file/m, 'the file that loads slowly still runs its tests')
  t.match(run.stdout, /^not ok \d+ - \S*c\.test\.ts did not load/m, 'a broken file is a named failure')
  t.equal(run.status, 1)
})
