import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { TIMING_TARGETS } from '../../scripts/lighthouse-score.ts'
import { ROOT } from '../support/root.ts'

// Issue 45, ADR 0135: no wall-clock threshold decides `npm test`. Main-thread time, long tasks and
// the performance score are targets of `npm run lighthouse` (a benchmark for a quiet machine,
// docs/performance.md), never budgets of the suite.

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')

/** Every test file `npm test` runs (tap's and Playwright's), relative to the root. */
function suiteFiles(folder = 'tests'): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = `${folder}/${entry.name}`
    if (entry.isDirectory()) return file === 'tests/bench' ? [] : suiteFiles(file)
    return /\.(test|spec)\.ts$/.test(entry.name) ? [file] : []
  })
}

/** Words of a budget on how long a page's scripts ran. */
const TIMING_BUDGET = /main-?thread|long-?tasks?|categories\.performance|performance score/i

t.test('npm test › Lighthouse runs in its test mode, which judges no timing', async (t) => {
  const calls = read('scripts/test.sh')
    .split('\n')
    .filter((line) => /^\s*[^#]*scripts\/lighthouse\.ts/.test(line))
  t.ok(calls.length > 0, 'scripts/test.sh runs Lighthouse')
  for (const call of calls) t.match(call, /--mode=test\b/, call.trim())
  t.notMatch(
    read('scripts/test.sh').replace(/^\s*#.*$/gm, ''),
    TIMING_BUDGET,
    'and names no timing budget of its own',
  )
})

t.test('npm test › no test enforces a main-thread, long-task or performance-score budget', async (t) => {
  const files = suiteFiles()
  t.ok(files.length > 100, `${files.length} test files read`)
  // This file names the words it looks for; the Lighthouse helpers' unit test checks the bench's
  // arithmetic on made-up numbers, measuring nothing.
  const own = new Set(['tests/scripts/no-clock-budgets.test.ts', 'tests/scripts/lighthouse-score.test.ts'])
  const offending = files.filter((file) => !own.has(file) && TIMING_BUDGET.test(read(file)))
  t.same(offending, [], 'timings are the targets of npm run lighthouse (docs/performance.md)')
})

t.test('docs/performance.md lists the timing targets npm run lighthouse enforces', async (t) => {
  const doc = read('docs/performance.md')
  for (const [page, target] of Object.entries(TIMING_TARGETS)) {
    const row = doc.split('\n').find((line) => line.startsWith(`| \`${page}\` |`))
    t.equal(
      row,
      `| \`${page}\` | ${target.performance} | ${target.mainThreadMs} ms | ${target.longTasks} |`,
      `${page}'s row says what scripts/lighthouse-score.ts enforces`,
    )
  }
})
