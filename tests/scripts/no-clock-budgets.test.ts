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

const NOW = String.raw`(?:Date|performance)\.now\(\)`
/** An assertion call a line can open: tap's, node:assert's, expect's. */
const ASSERTION = /\b(?:t\.(?:ok|notOk|equal|not|same|strictSame)|assert(?:\.\w+)?|expect)\(/g

/** The names a source assigns with `pattern`'s first group, as alternatives of a regex. */
function namesAssigned(source: string, pattern: RegExp): string[] {
  return [...source.matchAll(pattern)].flatMap((match) => (match[1] ? [String.raw`\b${match[1]}\b`] : []))
}

/**
 * The wall-clock ceilings in a test source: an elapsed time compared as `elapsed < bound` /
 * `bound > elapsed` inside an assertion. Elapsed is `Date.now() - started`, a difference with a
 * clock reading the file took (`signalledAt = Date.now()`), a name it gives one
 * (`const elapsed = performance.now() - started`), or an element of a list it pushes them to
 * (`waits.every((ms) => ms <= 500)`). A busy machine only ever lengthens elapsed time, so a
 * ceiling is what goes red under load; a floor ("waited at least the delay", the timer armed after
 * the stopwatch started) cannot, and a hang guard (`waitFor`'s ceiling, tap's time-out) is no
 * assertion.
 */
function clockCeilings(source: string): string[] {
  const readings = [NOW, ...namesAssigned(source, new RegExp(String.raw`(\w+)\s*=\s*${NOW}(?!\s*[-+])`, 'g'))]
  const reading = `(?:${readings.join('|')})`
  const elapsed = [
    String.raw`${reading}\s*-\s*[\w.]+`,
    String.raw`[\w.]+\s*-\s*${reading}`,
    ...namesAssigned(source, new RegExp(String.raw`(?:const|let)\s+(\w+)\s*=\s*${NOW}\s*-`, 'g')),
  ].join('|')
  const lists = namesAssigned(source, new RegExp(String.raw`(\w+)\.push\(\s*${NOW}\s*-`, 'g'))
  const everyElement = lists.map(
    (list) => String.raw`${list}[\w.(), ]*?\.(?:every|some|filter|find)\(\(?\w+\)?\s*=>\s*\w+\s*<=?\s*[\w.]+`,
  )
  const ceiling = new RegExp(
    [
      String.raw`(?:${elapsed})\s*<=?\s*[\w.]+`,
      String.raw`[\w.]+\s*>=?\s*(?:${elapsed})`,
      ...everyElement,
    ].join('|'),
    'g',
  )
  const found: string[] = []
  for (const assertion of source.matchAll(ASSERTION)) {
    // The assertion's arguments: up to the parenthesis that closes its call.
    let depth = 0
    let end = assertion.index + assertion[0].length - 1
    for (; end < source.length; end++) {
      if (source[end] === '(') depth++
      else if (source[end] === ')' && --depth === 0) break
    }
    const call = source.slice(assertion.index, end + 1)
    // Template-literal holes are messages, printed, never judged.
    const judged = call.replace(/\$\{[^}]*\}/g, '')
    for (const match of judged.matchAll(ceiling)) found.push(match[0])
  }
  return found
}

t.test(
  'the ceiling finder › refuses an elapsed time under a bound, allows a floor and a hang guard',
  async (t) => {
    t.same(clockCeilings("t.ok(Date.now() - started < 2000, 'does not wait for the default 20 s')"), [
      'Date.now() - started < 2000',
    ])
    t.same(
      clockCeilings(
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a fixture of test source, not a template
        'const elapsed = performance.now() - started\nt.ok(\n  elapsed <= TIMEOUT_MS + 2500,\n  `gave up (${elapsed} ms)`,\n)',
      ),
      ['elapsed <= TIMEOUT_MS'],
    )
    t.same(clockCeilings('assert.ok(DELAY_MS > Date.now() - started)'), ['DELAY_MS > Date.now() - started'])
    t.same(
      clockCeilings(
        "const signalledAt = Date.now()\nt.ok(exitedAt - signalledAt < GRACE_MS, 'in the grace')",
      ),
      ['exitedAt - signalledAt < GRACE_MS'],
    )
    t.same(clockCeilings('waits.push(performance.now() - queuedAt)\nt.ok(waits.every((ms) => ms <= 500))'), [
      'waits.every((ms) => ms <= 500',
    ])
    t.same(
      clockCeilings("await waitFor('the server answers', () => answersOk(url), { ceilingMs: 60_000 })"),
      [],
      'a hang guard is allowed',
    )
    t.same(
      clockCeilings("t.ok(performance.now() - started >= 280, 'waited the delay')"),
      [],
      'a floor is allowed',
    )
    t.same(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a fixture of test source, not a template
      clockCeilings('t.ok(done, `answered in ${Date.now() - started < 5 ? 0 : 1} ms`)'),
      [],
      'a message is allowed',
    )
  },
)

t.test('npm test › no test passes or fails by a wall-clock ceiling', async (t) => {
  const offending = suiteFiles()
    .filter((file) => file !== 'tests/scripts/no-clock-budgets.test.ts')
    .flatMap((file) => clockCeilings(read(file)).map((ceiling) => `${file}: ${ceiling}`))
  t.same(offending, [], 'prove the event (a log, the armed timer, an order, a code), not the time')
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
