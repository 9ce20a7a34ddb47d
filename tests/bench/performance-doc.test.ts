import t from 'tap'
import { BENCH_BLOCK_END, BENCH_BLOCK_START, withBenchBlock, withBlock } from './performance-doc.ts'

// `npm run bench -- --write` owns one block of docs/performance.md: a second run replaces the
// first run's table (no history) and never touches the sections written by hand around it.
t.test('bench --write › replaces its own block, keeps the rest', async (t) => {
  const handWritten = '# Performance\n\nIntro.\n\n'
  const after = '\n\n## `npm run lighthouse`\n\nMain-thread time ≤ 3.2 s.\n'
  const first = withBenchBlock(
    `${handWritten}${BENCH_BLOCK_START}\nold table\n${BENCH_BLOCK_END}${after}`,
    'new table',
  )
  t.equal(first, `${handWritten}${BENCH_BLOCK_START}\nnew table\n${BENCH_BLOCK_END}${after}`)
  const second = withBenchBlock(first, 'newer table')
  t.notOk(second.includes('new table\n'), 'the earlier table is gone')
  t.ok(second.includes('newer table'))
  t.ok(second.endsWith(after), 'the Lighthouse section stays')
})

t.test('bench --write › a document without the block gets it at the end', async (t) => {
  const written = withBenchBlock('# Performance\n\n## `npm run lighthouse`\n', 'table')
  t.ok(written.startsWith('# Performance\n\n## `npm run lighthouse`\n'))
  t.ok(written.endsWith(`${BENCH_BLOCK_START}\ntable\n${BENCH_BLOCK_END}\n`))
})

t.test('load --write › its own block, the bench block untouched', async (t) => {
  const withBench = withBenchBlock('# Performance\n', 'bench table')
  const written = withBlock(withBench, 'load', 'load table')
  t.ok(written.includes(`${BENCH_BLOCK_START}\nbench table\n${BENCH_BLOCK_END}`), 'the bench block stays')
  const again = withBlock(written, 'load', 'newer load table')
  t.ok(again.includes('<!-- npm run load -- --write: from here -->\nnewer load table\n'))
  t.notOk(again.includes('\nload table\n'), 'the earlier load table is gone')
})
