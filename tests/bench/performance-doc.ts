/**
 * `npm run bench -- --write` and `npm run load -- --write`: each command's latest results into
 * docs/performance.md, between two marker comments of its own. Everything outside them (targets
 * of Lighthouse, prose) is written by hand and kept; the block inside is replaced whole, so the
 * file never holds history.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

type Command = 'bench' | 'load'

const blockStart = (command: Command) => `<!-- npm run ${command} -- --write: from here -->`
const blockEnd = (command: Command) => `<!-- npm run ${command} -- --write: to here -->`

export const BENCH_BLOCK_START = blockStart('bench')
export const BENCH_BLOCK_END = blockEnd('bench')

/** `document` with the command's block replaced by `block` (added at the end when it has none). */
export function withBlock(document: string, command: Command, block: string): string {
  const [startMarker, endMarker] = [blockStart(command), blockEnd(command)]
  const fenced = `${startMarker}\n${block.trim()}\n${endMarker}`
  const start = document.indexOf(startMarker)
  const end = document.indexOf(endMarker)
  if (start < 0 || end < start) return `${document.trimEnd()}\n\n${fenced}\n`
  return `${document.slice(0, start)}${fenced}${document.slice(end + endMarker.length)}`
}

export const withBenchBlock = (document: string, block: string) => withBlock(document, 'bench', block)

export function writeBlock(file: string, command: Command, block: string): void {
  const document = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n'
  writeFileSync(file, withBlock(document, command, block))
}

export const writeBenchBlock = (file: string, block: string) => writeBlock(file, 'bench', block)
