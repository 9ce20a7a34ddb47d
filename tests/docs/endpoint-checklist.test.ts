import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { ENDPOINT_NAMES } from '../../shared/api/endpoints.ts'

/**
 * The "Adding an upstream endpoint" checklist of docs/flows/README.md names every file one new
 * upstream call touches (issue 44 point 5). What can be checked without a new endpoint: the files
 * that list every row of the table are the registries a newcomer must not miss, so each of them is
 * on the checklist, and each file the checklist marks "(every row)" really names every row.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const GUIDE = 'docs/flows/README.md'
const HEADING = '## Adding an upstream endpoint'

function checklist(): string {
  const text = readFileSync(path.join(ROOT, GUIDE), 'utf8')
  const start = text.indexOf(HEADING)
  if (start < 0) return ''
  const rest = text.slice(start + HEADING.length)
  const next = rest.search(/^## /m)
  return next < 0 ? rest : rest.slice(0, next)
}

const namesEvery = (text: string, names: readonly string[]) =>
  names.filter((name) => !new RegExp(`\\b${name}\\b`).test(text))

t.test('docs › the add-an-endpoint checklist lists every registry of endpoints', async (t) => {
  const section = checklist()
  t.not(section, '', `${GUIDE} has a section "${HEADING}"`)
  const named = new Set([...section.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] ?? ''))
  const everyRow = [...section.matchAll(/`([^`\s]+)`\s*\*\*\(every row\)\*\*/g)].map(
    (match) => match[1] ?? '',
  )
  t.ok(everyRow.length >= 2, 'the checklist marks the files that name every row')

  for (const file of everyRow) {
    t.ok(existsSync(path.join(ROOT, file)), `${file} exists`)
    const missing = namesEvery(readFileSync(path.join(ROOT, file), 'utf8'), ENDPOINT_NAMES)
    t.same(missing, [], `${file}, marked (every row), names every endpoint`)
  }

  // A file naming all rows but one is a registry too (the contract probes go through the forwarder
  // rather than probe it); the tables themselves and the decision records are not registries.
  const tracked = execFileSync('git', ['ls-files', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  })
    .split('\0')
    .filter(
      (file) =>
        file !== '' &&
        !file.startsWith('shared/api/endpoints/') &&
        !file.startsWith('docs/decisions/') &&
        !file.startsWith('tests/') &&
        /\.(ts|tsx|md|yaml|json)$/.test(file) &&
        existsSync(path.join(ROOT, file)),
    )
  const registries = tracked.filter(
    (file) => namesEvery(readFileSync(path.join(ROOT, file), 'utf8'), ENDPOINT_NAMES).length <= 1,
  )
  t.ok(registries.length >= 2, 'the scan finds the registries (it reads the tree)')
  t.same(
    registries.filter((file) => !named.has(file)),
    [],
    'every file that names every endpoint is on the checklist',
  )
})
