import { readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { ROOT } from '../support/root.ts'
import { headingAnchors } from './promql.ts'

// Issue 20 point 8: docs/operations.md is the one operator's guide (and stays linkable), the key
// rotation is described there only. (The chart's values are listed in helm/README.md, generated from
// values.yaml and its schema by scripts/helm-readme.ts.)
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')
const guide = read('docs/operations.md')
const anchors = headingAnchors(guide)

t.test(
  'operations guide › one place for prerequisites, deploy, roll back, scale, observe and the runbooks',
  async (t) => {
    for (const anchor of [
      'prerequisites',
      'deploy-a-region',
      'roll-out-to-every-region',
      'roll-back',
      'network-policy',
      'rotate-the-session-cookie-key-without-signing-anyone-out',
      'scale',
      'redis-requirements',
      'observe',
      'slos',
      'alerts',
      'runbooks',
      'crashloopbackoff-on-config',
      'restarts-and-oomkilled',
      'redis-down',
      'certificate-expiry',
      'hpa-at-max',
      'drain-blocked-by-the-pdb',
      '429-storms',
      'leaked-session-key',
    ])
      t.ok(anchors.has(anchor), `#${anchor}`)
    t.match(guide, /helm -n account-edge rollback \S+ \d* ?--wait/, 'rolls back with helm rollback --wait')
    t.match(guide, /helm -n account-edge history/)
    for (const [line] of guide.matchAll(/^.*kubectl rollout undo.*$/gm))
      t.match(line, /never/i, 'kubectl rollout undo is only named to be avoided')
    t.match(guide, /context deadline exceeded/, 'what a stuck --wait looks like')
    t.match(guide, /pod-security\.kubernetes\.io\/enforce=restricted/)
    t.match(guide, /99\.9 %/)
    t.match(guide, /14\.4/, 'burn-rate alerts')
  },
)

t.test('operations guide › every link into it resolves to a heading', async (t) => {
  const links = [
    ...[...guide.matchAll(/\]\(#([^)]+)\)/g)].map(([, anchor]) => ['docs/operations.md', anchor]),
    ...['README.md', 'docs/security.md', 'docs/decisions/0003-session-library.md'].flatMap((file) =>
      [...read(file).matchAll(/operations\.md#([^)\s]+)\)/g)].map(([, anchor]) => [file, anchor]),
    ),
  ]
  t.ok(links.length > 20)
  for (const [file, anchor] of links) t.ok(anchors.has(anchor ?? ''), `${file} → #${anchor}`)
})

t.test('operations guide › key rotation is described there only', async (t) => {
  t.match(guide, /\*\*Add\*\*[\s\S]*\*\*Promote\*\*[\s\S]*\*\*Retire\*\*/, 'three steps')
  for (const file of ['README.md', 'docs/security.md']) {
    const text = read(file)
    t.notMatch(text, /SESSION_KEYS=\s*(old|new)/, `${file} carries no rotation steps`)
    t.notMatch(text, /\*\*Promote\*\*/, file)
    t.match(
      text,
      /operations\.md#rotate-the-session-cookie-key-without-signing-anyone-out/,
      `${file} points to it`,
    )
  }
})
