import { readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { chartReadme, chartSchema, chartValues, type SchemaNode } from '../../scripts/helm-readme.ts'
import { ROOT } from '../support/root.ts'
import { CHART } from './chart.ts'

// Issue 44 point 1 and issue 47: the chart's values are documented in helm/README.md, generated
// from values.yaml and the schema's descriptions (npm run helm:readme), so it cannot drift; every
// value issue 47 added is in the operator's guide too.

/** Leaf paths of values.yaml: maps recurse, except free-form ones (topology, annotations, …). */
function leafPaths(values: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(values).flatMap(([key, value]) => {
    const name = prefix + key
    const freeForm =
      value === null || typeof value !== 'object' || Array.isArray(value) || Object.keys(value).length === 0
    if (freeForm || ['resources', 'podSecurityContext', 'securityContext'].includes(name)) return [name]
    return leafPaths(value as Record<string, unknown>, `${name}.`)
  })
}

t.test('chart README › the committed helm/README.md is what npm run helm:readme writes', async (t) => {
  const committed = readFileSync(path.join(CHART, 'README.md'), 'utf8')
  t.equal(committed, chartReadme(), 'run `npm run helm:readme` and commit helm/README.md')
})

t.test('chart README › one row per value, each with a description', async (t) => {
  const rows = chartReadme()
    .split('\n')
    .filter((line) => line.startsWith('| `'))
  const named = new Map(rows.map((row) => [/^\| `([^`]+)`/.exec(row)?.[1] ?? '', row]))
  for (const leaf of leafPaths(chartValues())) {
    const section = [...named.keys()].find((name) => leaf === name || leaf.startsWith(`${name}.`))
    t.ok(section, `helm/README.md documents ${leaf}`)
    t.match(named.get(section ?? '') ?? '', /\| [^|]*\w[^|]* \|$/, `${leaf}: a description`)
  }
})

t.test('chart README › a value without a description stops the generator, naming it', async (t) => {
  const schema = structuredClone(chartSchema()) as SchemaNode
  const tracing = schema.properties?.tracing?.properties?.sampleRatio
  if (tracing) delete tracing.description
  t.throws(() => chartReadme(chartValues(), schema), /tracing\.sampleRatio has no description/)
  const values = { ...chartValues(), replicas: 3 }
  t.throws(() => chartReadme(values, chartSchema()), /values\.schema\.json has no replicas/)
})

/** Values issue 47 added: each in the schema (the README test above) and in the operator's guide. */
const ISSUE_47_VALUES = [
  'nameOverride',
  'fullnameOverride',
  'redis.allowPerPodStores',
  'trustedCa.existingSecret',
  'trustedCa.existingConfigMap',
  'readiness.requireStore',
  'tracing.otlpEndpoint',
  'tracing.sampleRatio',
  'metrics.dashboard.enabled',
  'metrics.dashboard.labels',
  'networkPolicy.dns.peers',
  'networkPolicy.ingressFrom',
  'networkPolicy.tracing.to',
  'topologySpread.zoneMinDomains',
  'deploymentAnnotations',
  'podAnnotations',
  'podSecurityContext',
  'securityContext',
  'extraEnv',
  'extraEnvAnyName',
  'extraVolumes',
  'extraVolumeMounts',
]

t.test("chart README › issue 47's values are in the schema and in docs/operations.md", async (t) => {
  const guide = readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8')
  const readme = chartReadme()
  for (const name of ISSUE_47_VALUES) {
    t.match(readme, `| \`${name}\` |`, `helm/README.md: ${name}`)
    t.match(guide, `\`${name}`, `docs/operations.md: ${name}`)
  }
})
