/**
 * `npm run bench -- --write`: the bench's targets and its latest table into docs/performance.md,
 * between two marker comments. Everything outside them (the load's and Lighthouse's sections) is
 * written by hand and kept; the block inside is replaced whole, so the file never holds history.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

export const BENCH_BLOCK_START = '<!-- npm run bench -- --write: from here -->'
export const BENCH_BLOCK_END = '<!-- npm run bench -- --write: to here -->'

/** `document` with the bench's block replaced by `block` (added at the end when it has none). */
export function withBenchBlock(document: string, block: string): string {
  const fenced = `${BENCH_BLOCK_START}\n${block.trim()}\n${BENCH_BLOCK_END}`
  const start = document.indexOf(BENCH_BLOCK_START)
  const end = document.indexOf(BENCH_BLOCK_END)
  if (start < 0 || end < start) return `${document.trimEnd()}\n\n${fenced}\n`
  return `${document.slice(0, start)}${fenced}${document.slice(end + BENCH_BLOCK_END.length)}`
}

export function writeBenchBlock(file: string, block: string): void {
  const document = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n'
  writeFileSync(file, withBenchBlock(document, block))
}
