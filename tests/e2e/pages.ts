import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { MARKETING_PAGES } from '../../shared/frame/pages.ts'

/**
 * Every page of the site, found in client/pages: the one list the accessibility run (a11y.spec.ts)
 * walks, so a new page is checked without anyone adding it here. Folder = URL
 * (client/pages/auth/sign_up → /auth/sign_up), `index` = `/`. Only pages with their own route
 * (+route.ts) need an entry in ROUTED below; an unknown one fails the run until it has one.
 */

const PAGES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../client/pages')

/** URLs to visit for pages whose +route.ts decides the URL, and the error page. */
const ROUTED: Record<string, string[]> = {
  overview: MARKETING_PAGES.map((page) => page.path),
  _error: ['/auth/no-such-page'],
}

function pageFolders(dir: string, prefix = ''): { folder: string; routed: boolean }[] {
  const entries = readdirSync(dir, { withFileTypes: true })
  const names = new Set(entries.map((entry) => entry.name))
  const here = names.has('+Page.tsx') ? [{ folder: prefix, routed: names.has('+route.ts') }] : []
  const below = entries
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      pageFolders(path.join(dir, entry.name), prefix ? `${prefix}/${entry.name}` : entry.name),
    )
  return [...here, ...below]
}

export function sitePages(): string[] {
  return pageFolders(PAGES_DIR).flatMap(({ folder, routed }) => {
    const known = ROUTED[folder]
    if (known) return known
    if (routed || folder.startsWith('_'))
      throw new Error(`client/pages/${folder}: add its URLs to ROUTED in tests/e2e/pages.ts`)
    return [folder === 'index' ? '/' : `/${folder}`]
  })
}
