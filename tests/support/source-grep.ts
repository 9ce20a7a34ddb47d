import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { ROOT } from './root.ts'

const run = promisify(execFile)

/**
 * `git grep --untracked <listing> -E <pattern> -- <paths>` over the working tree (files not yet
 * committed included): its output lines — file names with `-l`, `file:line:text` with `-n` — or []
 * when nothing matches (git grep exits 1 then). A failing git grep is a line saying so, which no
 * test expects.
 */
export function sourceMatches(
  pattern: string,
  paths: string[],
  listing: '-l' | '-n' = '-l',
): Promise<string[]> {
  return run('git', ['grep', '--untracked', listing, '-E', pattern, '--', ...paths], { cwd: ROOT }).then(
    (done) => done.stdout.trim().split('\n'),
    (failed: { code?: number }) => (failed.code === 1 ? [] : ['git grep failed']),
  )
}
