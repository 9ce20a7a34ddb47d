/**
 * Counts named tap tests (every `t.test(…)`, nested ones included) and assertions from the TAP
 * that tap saves per test file in `.tap/test-results/`. `npm test` prints the named counts as its
 * closing line and the assertion count beside them. A file that crashed or timed out before its
 * plan counts as one failed test under its own name.
 * Output (one line, for scripts/test-lib.sh): `<passed> <failed> <assertions>` and then, one per
 * line, the names of the failed tests.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

export interface TapCounts {
  passed: number
  failed: number
  assertions: number
  failedNames: string[]
}

const RESULT = /^(\s*)(not )?ok \d+(?: - (.*?))?(?: # (.*))?$/
const SUBTEST = /^(\s*)# Subtest: (.*)$/

/** Counts of one file's TAP; `file` names it in the failures. */
export function countTap(tap: string, file: string): TapCounts {
  const counts: TapCounts = { passed: 0, failed: 0, assertions: 0, failedNames: [] }
  // Indents at which a `# Subtest:` is waiting for its result line.
  const open: string[] = []
  let planSeen = false
  for (const line of tap.split('\n')) {
    const subtest = SUBTEST.exec(line)
    if (subtest) {
      open.push(subtest[1] ?? '')
      continue
    }
    if (/^1\.\.\d+/.test(line)) planSeen = true
    const result = RESULT.exec(line)
    if (!result) continue
    const indent = result[1] ?? ''
    const failed = result[2] !== undefined
    const directive = result[4] ?? ''
    if (open.at(-1) === indent) {
      open.pop()
      if (failed && !/^todo\b/i.test(directive)) {
        counts.failed += 1
        counts.failedNames.push(`${file} › ${result[3] ?? '(unnamed)'}`)
      } else counts.passed += 1
    } else {
      counts.assertions += 1
      // A failing assertion at the top level (outside any t.test) is a failure of the file.
      if (failed && indent === '' && !/^todo\b/i.test(directive)) {
        counts.failed += 1
        counts.failedNames.push(`${file} › ${result[3] ?? '(unnamed assertion)'}`)
      }
    }
  }
  if (!planSeen || open.length > 0) {
    counts.failed += 1
    counts.failedNames.push(`${file} › did not finish (crash or time-out)`)
  }
  return counts
}

function tapFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? tapFiles(full) : name.endsWith('.tap') ? [full] : []
  })
}

export function countResults(dir: string): TapCounts {
  const total: TapCounts = { passed: 0, failed: 0, assertions: 0, failedNames: [] }
  for (const file of tapFiles(dir)) {
    const counts = countTap(readFileSync(file, 'utf8'), path.relative(dir, file).replace(/\.tap$/, ''))
    total.passed += counts.passed
    total.failed += counts.failed
    total.assertions += counts.assertions
    total.failedNames.push(...counts.failedNames)
  }
  return total
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const counts = countResults(process.argv[2] ?? '.tap/test-results')
  console.log(`${counts.passed} ${counts.failed} ${counts.assertions}`)
  for (const name of counts.failedNames) console.log(name)
}
