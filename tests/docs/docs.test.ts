import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import {
  adrIndexOutOfOrder,
  brokenLinks,
  codeSpans,
  markdownFiles,
  proseLines,
  readAt,
  unknownFlowNames,
} from './checks.ts'

/**
 * Docs that stay true (issue 16 point 6): what the README and docs/ say about this repository's
 * files is checked here, so a rename or a half-resolved merge fails `npm test` instead of leaving
 * the docs wrong. Each check is one named test whose failure lists every offender as `file:line`.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const DECISIONS = 'docs/decisions'

/** Files git tracks, relative to the root, that are still in the working tree. */
function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 })
  return out.split('\0').filter((file) => file !== '' && existsSync(path.join(ROOT, file)))
}

const read = (file: string) => readAt(ROOT, file)

// Built from parts so this file never holds a marker at the start of a line itself.
const OURS = `${'<'.repeat(7)} `
const SEPARATOR = '='.repeat(7)
const THEIRS = `${'>'.repeat(7)} `
const BASE = `${'|'.repeat(7)} `

t.test('docs › no file git tracks holds merge-conflict markers', async (t) => {
  const offenders: string[] = []
  for (const file of trackedFiles()) {
    const bytes = readFileSync(path.join(ROOT, file))
    if (bytes.subarray(0, 8000).includes(0)) continue // binary
    let inConflict = false
    bytes
      .toString('utf8')
      .split(/\r?\n/)
      .forEach((line, index) => {
        const where = `${file}:${index + 1}: ${line.slice(0, 60)}`
        if (line.startsWith(OURS)) {
          inConflict = true
          offenders.push(where)
        } else if (inConflict && (line === SEPARATOR || line.startsWith(BASE))) {
          offenders.push(where)
        } else if (line.startsWith(THEIRS)) {
          inConflict = false
          offenders.push(where)
        }
      })
  }
  t.same(offenders, [], 'every conflict resolved (file:line of each marker)')
})

t.test(
  'docs › every relative link in README.md and docs/ points to an existing, non-empty file',
  async (t) => {
    t.same(brokenLinks(ROOT), [], 'links whose file is missing or empty (file:line: target)')
  },
)

t.test('docs › every function, constant or slot a flow page names still exists in the code', async (t) => {
  t.same(unknownFlowNames(ROOT), [], 'names no code holds any more (file:line: name)')
})

t.test('docs › the ADR index is in number order', async (t) => {
  t.same(adrIndexOutOfOrder(ROOT), [], 'rows out of order (file:line)')
})

/** Where paths of this repository start; anything else in backticks is not taken for one. */
const REPO_DIRECTORIES = [
  'server/',
  'client/',
  'shared/',
  'config/',
  'sandbox/',
  'helm/',
  'tests/',
  'docs/',
  'scripts/',
  'build/',
  'public/',
  '.ci/',
]
/** Files at the root by name, and tool configs at the root (`*.config.ts`, …). */
const ROOT_FILES = new Set([
  'Dockerfile',
  '.dockerignore',
  '.gitignore',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'biome.json',
  'README.md',
])
const ROOT_CONFIG = /^[\w-]+\.config\.(?:ts|mts|js|mjs|cjs|json)$/

/** A word of a code span taken for a repo path, or undefined for anything else (globs, placeholders). */
function repoPath(word: string): string | undefined {
  const candidate = word
    .replace(/^[("'[]+/, '')
    .replace(/[)"',;.\]]+$/, '')
    .replace(/:\d+(?::\d+)?$/, '') // file:line
    .replace(/#.*$/, '')
  const looksLikeOne =
    REPO_DIRECTORIES.some((dir) => candidate.startsWith(dir)) ||
    ROOT_FILES.has(candidate) ||
    ROOT_CONFIG.test(candidate)
  if (!looksLikeOne) return undefined
  // Globs, placeholders and elisions name no single file.
  if (/[*?<>{}[\]$…|]|\.\.\./.test(candidate)) return undefined
  return candidate
}

/** A superseded decision record is history: the files it names may have gone with what replaced it. */
const isSupersededRecord = (file: string) =>
  file.startsWith('docs/decisions/') &&
  /^(?:- )?Status:\s*superseded/im.test(read(file).split('\n').slice(0, 8).join('\n'))

t.test('docs › every repo path named in backticks in README.md and docs/ exists', async (t) => {
  const offenders: string[] = []
  for (const file of markdownFiles(ROOT).filter((file) => !isSupersededRecord(file))) {
    for (const { line, number } of proseLines(read(file))) {
      for (const span of codeSpans(line)) {
        for (const word of span.split(/\s+/)) {
          const named = repoPath(word)
          if (named !== undefined && !existsSync(path.join(ROOT, named))) {
            offenders.push(`${file}:${number}: ${named}`)
          }
        }
      }
    }
  }
  t.same(offenders, [], 'paths that do not exist (file:line: path)')
})

interface Adr {
  file: string
  title: string
  /** `accepted`, or `superseded by 0051, 0052`: the word and the numbers, whatever the links. */
  status: string | undefined
  date: string | undefined
  supersededBy: string[]
}

const STATUS_WORDS = /^(accepted|proposed|deprecated|superseded by)\b/i
const HEAD_LINES = 8

/** The status word and ADR numbers of a status text, so a line and a table cell compare alike. */
function normaliseStatus(text: string): string | undefined {
  const word = STATUS_WORDS.exec(text.trim())?.[1]?.toLowerCase()
  if (!word) return undefined
  const numbers = [...text.matchAll(/\b(\d{4})\b/g)].map((match) => match[1])
  return word === 'superseded by' ? `${word} ${numbers.join(', ')}` : word
}

function readAdr(file: string): Adr {
  const lines = read(file).split('\n')
  const title = (lines[0] ?? '').replace(/^#\s*\d+\.?\s*/, '').trim()
  const head = lines.slice(0, HEAD_LINES)
  const statusText = head.map((line) => /^(?:- )?Status:\s*(.+)$/.exec(line)?.[1]).find(Boolean)
  const date = head.map((line) => /^(?:- )?Date:\s*(\d{4}-\d{2}-\d{2})\s*$/.exec(line)?.[1]).find(Boolean)
  const supersededBy = statusText
    ? [...statusText.matchAll(/\]\((\d{4}-[^)#\s]+\.md)\)/g)].map((match) => match[1] ?? '')
    : []
  return { file, title, status: statusText ? normaliseStatus(statusText) : undefined, date, supersededBy }
}

t.test(
  'docs › the ADR index lists every ADR once with its own status; each has Status and Date',
  async (t) => {
    const offenders: string[] = []
    const adrFiles = readdirSync(path.join(ROOT, DECISIONS))
      .filter((name) => /^\d{4}-.+\.md$/.test(name) && !name.startsWith('0000-'))
      .sort()
    const adrs = new Map(adrFiles.map((name) => [name, readAdr(`${DECISIONS}/${name}`)]))

    for (const [name, adr] of adrs) {
      const where = `${DECISIONS}/${name}`
      if (!adr.status)
        offenders.push(`${where}: no "Status: accepted|superseded by …" line in its first lines`)
      if (!adr.date) offenders.push(`${where}: no "Date: YYYY-MM-DD" line in its first lines`)
      if (adr.status?.startsWith('superseded by')) {
        if (adr.supersededBy.length === 0)
          offenders.push(`${where}: superseded, but links no ADR that supersedes it`)
        for (const successor of adr.supersededBy) {
          if (!adrs.has(successor))
            offenders.push(`${where}: superseded by ${successor}, which does not exist`)
        }
      }
    }

    const indexFile = `${DECISIONS}/README.md`
    const index = existsSync(path.join(ROOT, indexFile)) ? read(indexFile) : ''
    if (!index) offenders.push(`${indexFile}: missing`)
    const listed = new Map<string, number>()
    index.split('\n').forEach((line, lineIndex) => {
      const cells = line.split('|').slice(1, -1)
      const linked = /\]\((\d{4}-[^)#\s]+\.md)\)/.exec(cells[0] ?? '')?.[1]
      if (!line.startsWith('|') || !linked) return
      const where = `${indexFile}:${lineIndex + 1}`
      listed.set(linked, (listed.get(linked) ?? 0) + 1)
      const adr = adrs.get(linked)
      if (!adr) {
        offenders.push(`${where}: lists ${linked}, which is not an ADR here`)
        return
      }
      const [, title = '', status = '', date = ''] = cells.map((cell) => cell.trim())
      if (title !== adr.title) offenders.push(`${where}: title "${title}", the ADR says "${adr.title}"`)
      if (normaliseStatus(status) !== adr.status)
        offenders.push(`${where}: status "${status}", the ADR says "${adr.status ?? 'nothing'}"`)
      if (date !== adr.date)
        offenders.push(`${where}: date "${date}", the ADR says "${adr.date ?? 'nothing'}"`)
    })
    for (const name of adrs.keys()) {
      const count = listed.get(name) ?? 0
      if (count !== 1) offenders.push(`${indexFile}: lists ${name} ${count} times`)
    }
    t.same(offenders, [], 'ADRs and their index agree')
  },
)
