import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'

// Each page's browser entry is its own +client.ts (ADR 0102). Vike's +client is not cumulative: a
// page without one inherits its parent folder's, which would hydrate the parent's component over
// this page's markup. So every folder with a +Page.tsx has a +client.ts defining that +Page.tsx.

const PAGES = path.join(import.meta.dirname, '../../client/pages')

function pageFolders(folder: string): string[] {
  const entries = readdirSync(folder, { withFileTypes: true })
  const here = entries.some((entry) => entry.name === '+Page.tsx') ? [folder] : []
  return [
    ...here,
    ...entries
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => pageFolders(path.join(folder, entry.name))),
  ]
}

t.test('page entries › every page defines its own component in its own +client.ts', async (t) => {
  const folders = pageFolders(PAGES)
  t.ok(folders.length >= 14, `${folders.length} pages`)
  for (const folder of folders) {
    const name = path.relative(PAGES, folder) || '/'
    const entry = path.join(folder, '+client.ts')
    if (!t.ok(existsSync(entry), `${name}: has +client.ts`)) continue
    const source = readFileSync(entry, 'utf8')
    t.match(source, /import Page from '\.\/\+Page\.tsx'/, `${name}: imports its own +Page.tsx`)
    t.match(source, /^definePage\(Page\)$/m, `${name}: defines it`)
  }
})
