import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/**
 * The checks of tests/docs/docs.test.ts, each a function of the repository's root so that
 * tests/docs/checks.test.ts can show each of them failing on a small tree made for it. Each
 * returns its offenders as `file:line: what`, empty when the docs hold.
 */

/** README.md and every markdown file under docs/, relative to the root. */
export function markdownFiles(root: string): string[] {
  const docsDir = path.join(root, 'docs')
  const docs = existsSync(docsDir)
    ? readdirSync(docsDir, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.md'))
        .map((file) => path.posix.join('docs', file.split(path.sep).join('/')))
    : []
  return [...(existsSync(path.join(root, 'README.md')) ? ['README.md'] : []), ...docs.sort()]
}

export const readAt = (root: string, file: string) => readFileSync(path.join(root, file), 'utf8')

/** The lines of a markdown file with their numbers, fenced code blocks left out. */
export function proseLines(text: string): { line: string; number: number }[] {
  const lines: { line: string; number: number }[] = []
  let fence: string | undefined
  text.split('\n').forEach((line, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1]
    if (marker && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined
      return
    }
    if (fence === undefined) lines.push({ line, number: index + 1 })
  })
  return lines
}

/** Inline code spans of one line (single or double backticks). */
export function codeSpans(line: string): string[] {
  return [...line.matchAll(/(`+)([^`]+?)\1(?!`)/g)].map((match) => match[2] ?? '')
}

/** Relative targets of inline `[text](target)` links and `[label]: target` definitions. */
function linkTargets(line: string): string[] {
  const withoutCode = line.replace(/(`+)[^`]+?\1(?!`)/g, '')
  const inline = [...withoutCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
  const definitions = [...withoutCode.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/g)]
  return [...inline, ...definitions].map((match) => match[1] ?? '')
}

/**
 * Relative links whose target is missing, malformed, or an empty page: a linked document that lost
 * its text in a merge reads as a dead link to the person who follows it.
 */
export function brokenLinks(root: string): string[] {
  const offenders: string[] = []
  for (const file of markdownFiles(root)) {
    for (const { line, number } of proseLines(readAt(root, file))) {
      for (const target of linkTargets(line)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#') || target.startsWith('//')) continue
        const filePart = target.replace(/[#?].*$/, '')
        let decoded: string
        try {
          decoded = decodeURI(filePart)
        } catch {
          offenders.push(`${file}:${number}: ${target} (malformed)`)
          continue
        }
        const resolved = decoded.startsWith('/')
          ? path.join(root, decoded)
          : path.join(root, path.dirname(file), decoded)
        if (!existsSync(resolved)) offenders.push(`${file}:${number}: ${target}`)
        else if (statSync(resolved).isFile() && readFileSync(resolved, 'utf8').trim() === '')
          offenders.push(`${file}:${number}: ${target} (empty)`)
      }
    }
  }
  return offenders
}

/** Where the code that docs/flows/ describes lives. */
const SOURCE_DIRECTORIES = ['server', 'client', 'shared', 'sandbox', 'config', 'scripts', 'build', 'tests']

function sourceText(root: string): string {
  const parts: string[] = []
  for (const directory of SOURCE_DIRECTORIES) {
    const dir = path.join(root, directory)
    if (!existsSync(dir)) continue
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (/\.(ts|tsx|mjs|sh)$/.test(file)) parts.push(readFileSync(path.join(dir, file), 'utf8'))
    }
  }
  return parts.join('\n')
}

/**
 * A code span on a flow page that names a function, constant, type or slot: camelCase with a
 * capital (`providerReturnStep`, `signIn()`), PascalCase (`SessionData`) or an upper-case constant
 * (`RET_CODES`); the last part of a member (`app.singleUse`). Anything else (paths, code, values)
 * is not taken for a name.
 */
function namedIdentifier(span: string): string | undefined {
  const bare = span.replace(/\(\)$/, '')
  const last = bare.split('.').at(-1) ?? ''
  if (!/^[A-Za-z_][\w.]*$/.test(bare)) return undefined
  if (/^[a-z][a-z0-9]*[A-Z]\w*$/.test(last)) return last
  if (/^[A-Z][a-z0-9]+[A-Z]\w*$/.test(last)) return last
  if (/^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(last)) return last
  return undefined
}

/**
 * Names on docs/flows/ pages that no longer occur anywhere in the code: a renamed or deleted export,
 * slot or constant leaves the page pointing at nothing. (Paths are checked by the path test.)
 */
export function unknownFlowNames(root: string): string[] {
  const flowsDir = path.join(root, 'docs/flows')
  if (!existsSync(flowsDir)) return []
  const source = sourceText(root)
  const known = new Map<string, boolean>()
  const occurs = (name: string) => {
    if (!known.has(name)) known.set(name, new RegExp(`\\b${name}\\b`).test(source))
    return known.get(name)
  }
  const offenders: string[] = []
  for (const name of readdirSync(flowsDir)
    .filter((file) => file.endsWith('.md'))
    .sort()) {
    const file = `docs/flows/${name}`
    for (const { line, number } of proseLines(readAt(root, file))) {
      for (const span of codeSpans(line)) {
        const identifier = namedIdentifier(span.trim())
        if (identifier !== undefined && !occurs(identifier))
          offenders.push(`${file}:${number}: ${identifier}`)
      }
    }
  }
  return offenders
}

/** Rows of the ADR index that do not follow number order (a newcomer reads it top to bottom). */
export function adrIndexOutOfOrder(root: string): string[] {
  const indexFile = 'docs/decisions/README.md'
  if (!existsSync(path.join(root, indexFile))) return [`${indexFile}: missing`]
  const offenders: string[] = []
  let previous = ''
  readAt(root, indexFile)
    .split('\n')
    .forEach((line, index) => {
      const number =
        /^\|\s*\[(?:ADR\s*)?(\d{4})[^\]]*\]\(\d{4}-/.exec(line)?.[1] ?? /^\|[^|]*\]\((\d{4})-/.exec(line)?.[1]
      if (!number) return
      if (number <= previous) offenders.push(`${indexFile}:${index + 1}: ${number} after ${previous}`)
      previous = number
    })
  return offenders
}
