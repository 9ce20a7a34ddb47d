/**
 * Writes the entry files tap runs: the test files of one area share one process (ADR 0156).
 * A tap process costs about a second of CPU before its first test (the module graph, tap's
 * loader hooks, the coverage it collects and maps) — with 170 files that was a third of the
 * suite's time on two cores. The test files stay as they are, each runnable alone with
 * `npx tap <file>`; only the run groups them.
 *
 * A file that changes the process for every test after it (a hook on tap's root test, an
 * environment variable at load, a mocked import) gets a process of its own.
 *
 * Usage: `node scripts/tap-batches.ts [test files…]` (default: package.json's tap include and
 * exclude); prints the entry files to run, one per line, written under .cache/tap-batches/.
 */
import { globSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const OUT = '.cache/tap-batches'
/** Enough files to spread the start-up cost, few enough that tap's jobs stay busy to the end. */
const FILES_PER_BATCH = 12
/**
 * Root hooks, parallel root tests, process-wide environment and module mocks reach every later test
 * of the process; a file can also say so itself ("Runs in a process of its own").
 */
const CHANGES_THE_PROCESS =
  /^t\.(before|beforeEach|after|afterEach)\(|^t\.jobs\b|^process\.env\.|\bmockImport\b|^\/\/ Runs in a process of its own/m

interface TapConfig {
  include: string[]
  exclude: string[]
}

function configuredFiles(): string[] {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { tap: TapConfig }
  const excluded = new Set(pkg.tap.exclude.flatMap((pattern) => globSync(pattern)))
  return pkg.tap.include.flatMap((pattern) => globSync(pattern)).filter((file) => !excluded.has(file))
}

export function batches(files: string[], read = (file: string) => readFileSync(file, 'utf8')): string[][] {
  const alone: string[][] = []
  const byArea = new Map<string, string[]>()
  for (const file of [...files].sort()) {
    if (CHANGES_THE_PROCESS.test(read(file))) {
      alone.push([file])
      continue
    }
    // tests/server/**, tests/shared/**, …: neighbours in the sorted list test neighbouring code.
    const area = file.split(path.sep).slice(0, 2).join(path.sep)
    byArea.set(area, [...(byArea.get(area) ?? []), file])
  }
  const grouped: string[][] = []
  for (const areaFiles of byArea.values()) {
    const count = Math.ceil(areaFiles.length / FILES_PER_BATCH)
    const size = Math.ceil(areaFiles.length / count)
    for (let start = 0; start < areaFiles.length; start += size)
      grouped.push(areaFiles.slice(start, start + size))
  }
  // The biggest first: tap hands them to its jobs in this order, and the short ones fill the end.
  return [...grouped, ...alone].sort((a, b) => b.length - a.length)
}

/**
 * The entry file of one batch: loads each test file in turn, and a file that fails to load is a
 * failure named after it. The loading happens in tap's `before` of the process: the root test is
 * busy until every file is in, so it cannot end (tap ends an idle root that has a teardown) while
 * a later file still awaits its set-up at the top level.
 */
export function entryFile(files: string[], folder = OUT): string {
  const imports = files.map((file) => {
    const relative = path.relative(folder, file)
    // A bare name would be looked up as a package.
    return JSON.stringify(relative.startsWith('.') ? relative : `./${relative}`)
  })
  return `// Written by scripts/tap-batches.ts for one test run; the tests are in the files it loads.
import t from 'tap'
t.before(async () => {
  for (const file of [${imports.map((f) => `\n    ${f},`).join('')}\n  ]) {
    try {
      await import(file)
    } catch (error) {
      t.fail(\`\${file} did not load\`, { error })
    }
  }
})
`
}

function main(): void {
  const given = process.argv.slice(2)
  const files = given.length > 0 ? given.map((file) => path.normalize(file)) : configuredFiles()
  rmSync(OUT, { recursive: true, force: true })
  mkdirSync(OUT, { recursive: true })
  const names = new Map<string, number>()
  for (const batch of batches(files)) {
    const first = batch[0] as string
    const base = (batch.length === 1 ? first.replace(/\.test\.ts$/, '') : path.dirname(first))
      .replace(/^tests\//, '')
      .replaceAll('/', '-')
    const seen = (names.get(base) ?? 0) + 1
    names.set(base, seen)
    const entry = path.join(OUT, `${base}${seen > 1 ? `-${seen}` : ''}.test.ts`)
    writeFileSync(entry, entryFile(batch))
    console.log(entry)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main()
