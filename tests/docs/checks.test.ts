import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t, { type Test } from 'tap'
import { adrIndexOutOfOrder, brokenLinks, unknownFlowNames } from './checks.ts'

/**
 * The docs checks fail where the docs drift (issue 44 point 5): each check is run on a small tree
 * with the fault a merge once left in this repository (an emptied flow page that stayed linked),
 * then on the same tree mended.
 */

function tree(t: Test, files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'docs-checks-'))
  t.teardown(() => rmSync(root, { recursive: true, force: true }))
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  return root
}

t.test('docs checks › a linked page that is empty or missing fails the link check', async (t) => {
  const root = tree(t, {
    'README.md': 'See [the flows](docs/flows/README.md).\n',
    'docs/flows/README.md':
      '| flow | page |\n|---|---|\n| app | [external-app.md](external-app.md) |\n| gone | [gone.md](gone.md) |\n',
    'docs/flows/external-app.md': '\n',
  })
  t.same(brokenLinks(root), [
    'docs/flows/README.md:3: external-app.md (empty)',
    'docs/flows/README.md:4: gone.md',
  ])
  writeFileSync(path.join(root, 'docs/flows/external-app.md'), '# The external app\n')
  writeFileSync(path.join(root, 'docs/flows/gone.md'), '# Back\n')
  t.same(brokenLinks(root), [], 'passes once the pages have text')
})

t.test('docs checks › a flow page naming an export the code lost fails', async (t) => {
  const root = tree(t, {
    'server/routes/external-return.server.ts':
      'export function providerReturnStep() {}\nexport const RETURN_TTL_MS = 1\n',
    'docs/flows/external-app.md':
      'Read by `providerReturnStep`, kept `RETURN_TTL_MS`; the old `useProviderReturn()` and `app.postReturn`.\n',
  })
  t.same(unknownFlowNames(root), [
    'docs/flows/external-app.md:1: useProviderReturn',
    'docs/flows/external-app.md:1: postReturn',
  ])
})

t.test('docs checks › ADR index rows out of number order fail', async (t) => {
  const rows = (numbers: string[]) =>
    ['| ADR | title | status | date |', '|---|---|---|---|']
      .concat(numbers.map((n) => `| [${n}](${n}-x.md) | x | accepted | 2026-11-01 |`))
      .join('\n')
  const root = tree(t, { 'docs/decisions/README.md': rows(['0083', '0087', '0085']) })
  t.same(adrIndexOutOfOrder(root), ['docs/decisions/README.md:5: 0085 after 0087'])
  writeFileSync(path.join(root, 'docs/decisions/README.md'), rows(['0083', '0085', '0087']))
  t.same(adrIndexOutOfOrder(root), [])
})
