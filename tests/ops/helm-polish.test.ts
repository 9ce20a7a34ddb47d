import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { parse } from 'yaml'
import {
  CHART,
  find,
  helm,
  helmBinary,
  KUBE_VERSIONS,
  type Manifest,
  REGIONS,
  regionArgs,
  render,
  templateRefusal,
  validateManifest,
} from './chart.ts'

// Issue 20 point 10: cross-checks of values, the helm test pod kept out of the server's
// selectors, scheduling values, every Kubernetes version clusters run, per-release Secrets, and
// the helmfile's rollout order.
const binary = helmBinary()

const selects = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  Object.entries(selector ?? {}).every(([name, value]) => labels?.[name] === value)

for (const version of KUBE_VERSIONS) {
  t.test(`chart › Kubernetes ${version}: lint --strict and a valid render for every region`, async (t) => {
    for (const region of REGIONS) {
      const lint = helm(binary, ['lint', '--strict', CHART, '--kube-version', version, ...regionArgs(region)])
      t.equal(lint.status, 0, `${region}: ${lint.stdout}${lint.stderr}`)
      const run = helm(binary, [
        'template',
        `account-edge-${region}`,
        CHART,
        '--kube-version',
        version,
        ...regionArgs(region),
      ])
      t.equal(run.status, 0, `${region}: ${run.stderr}`)
    }
  })
}

t.test('chart › the helm test pod: outside every server selector, 128Mi, a deadline', async (t) => {
  for (const region of REGIONS) {
    const manifests = render(binary, region)
    const [test] = find(manifests, 'Pod')
    const labels = test?.metadata.labels
    t.equal(labels?.['app.kubernetes.io/component'], 'test')
    const service = find(manifests, 'Service').find((entry) => !entry.metadata.name.endsWith('-metrics'))
    const [pdb] = find(manifests, 'PodDisruptionBudget')
    const [deployment] = find(manifests, 'Deployment')
    t.notOk(selects(service?.spec.selector, labels), `${region}: the Service never routes users to it`)
    t.notOk(selects(pdb?.spec.selector.matchLabels, labels), `${region}: the PDB never counts it`)
    t.notOk(selects(deployment?.spec.selector.matchLabels, labels), `${region}: nor the Deployment`)
    t.ok(
      selects(service?.spec.selector, deployment?.spec.template.metadata.labels),
      'the server pods still are',
    )
    t.same(test?.spec.containers[0].resources.limits, { memory: '128Mi' })
    t.equal(test?.spec.activeDeadlineSeconds, 120)
  }
})

t.test(
  'chart › priorityClassName, affinity, podLabels and service.annotations reach the manifests',
  async (t) => {
    const affinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchExpressions: [{ key: 'pool', operator: 'In', values: ['web'] }] }],
        },
      },
    }
    const manifests = render(binary, 'us', [
      '--set',
      'priorityClassName=web-critical',
      '--set-json',
      `affinity=${JSON.stringify(affinity)}`,
      '--set',
      'podLabels.team=identity',
      '--set',
      'service.annotations.example\\.com/lb=internal',
    ])
    const [deployment] = find(manifests, 'Deployment')
    t.doesNotThrow(() => validateManifest(deployment as Manifest))
    const pod = deployment?.spec.template
    t.equal(pod.spec.priorityClassName, 'web-critical')
    t.same(pod.spec.affinity, affinity)
    t.equal(pod.metadata.labels.team, 'identity')
    const service = find(manifests, 'Service').find((entry) => !entry.metadata.name.endsWith('-metrics'))
    t.same(service?.metadata.annotations, { 'example.com/lb': 'internal' })
    const plain = find(render(binary, 'us'), 'Deployment')[0]?.spec.template.spec
    t.notOk('priorityClassName' in plain || 'affinity' in plain, 'nothing when unset')
  },
)

t.test('chart › each release has Secrets of its own, and the helmfile rolls them out in order', async (t) => {
  const names = REGIONS.map((region) => {
    const env = find(render(binary, region), 'Deployment')[0]?.spec.template.spec.containers[0].env
    return env
      .filter((entry: Manifest) => entry.valueFrom?.secretKeyRef)
      .map((entry: Manifest) => entry.valueFrom.secretKeyRef.name as string)
  })
  const all = names.flat()
  t.equal(new Set(all).size, all.length, `no two releases share a Secret: ${all.join(', ')}`)
  REGIONS.forEach((region, index) => {
    for (const name of names[index] ?? [])
      t.match(name, new RegExp(`-${region}-`), `${name} names its region`)
  })

  const helmfile = parse(readFileSync(path.join(CHART, 'helmfile.yaml'), 'utf8')) as {
    helmDefaults: { wait: boolean }
    releases: Array<{
      name: string
      chart: string
      labels: { region: string }
      values: string[]
      needs?: string[]
      namespace: string
    }>
  }
  t.equal(helmfile.helmDefaults.wait, true, 'every upgrade waits for ready pods')
  const order = helmfile.releases.map((release) => release.labels.region)
  t.same(order, ['hk', 'us', 'sg', 'ten'], 'the stated rollout order')
  helmfile.releases.forEach((release, index) => {
    t.equal(release.name, `account-edge-${release.labels.region}`)
    t.same(release.values, [`values-${release.labels.region}.yaml`])
    t.ok(existsSync(path.join(CHART, release.chart, release.values[0] ?? '')), 'its values file exists')
    const before = helmfile.releases[index - 1]
    t.same(
      release.needs ?? [],
      before ? [`${before.namespace}/${before.name}`] : [],
      `${release.name} waits for the one before`,
    )
  })
  const docs = readFileSync(path.join(CHART, '..', 'docs/operations.md'), 'utf8')
  t.match(
    docs,
    /1\. \*\*hk\*\*[\s\S]*2\. \*\*us\*\*[\s\S]*3\. \*\*sg\*\*[\s\S]*4\. \*\*ten\*\*/,
    'the guide states the same order',
  )
})

/** What, on top of which region's file, and what helm's message must name. */
const REFUSED: Array<[string, string[], RegExp, string?]> = [
  [
    'more pods at least than at most',
    ['--set', 'autoscaling.minReplicas=13'],
    /autoscaling\.minReplicas.*maxReplicas/,
    'sg',
  ],
  [
    'a PDB that lets a drain take every pod',
    ['--set', 'podDisruptionBudget.maxUnavailable=3'],
    /podDisruptionBudget\.maxUnavailable/,
    'sg',
  ],
  [
    'a PDB as large as a fixed replica count',
    [
      '--set',
      'autoscaling.enabled=false',
      '--set',
      'replicaCount=2',
      '--set',
      'podDisruptionBudget.maxUnavailable=2',
    ],
    /podDisruptionBudget\.maxUnavailable/,
  ],
  ['an empty public origin', ['--set', 'publicOrigin='], /publicOrigin is required/],
  [
    'a public origin that is not the TLS host',
    ['--set', 'publicOrigin=https://other.example.com'],
    /publicOrigin.*https:\/\/hk\.example\.com/,
  ],
  [
    'a public origin over http while TLS is on',
    ['--set', 'publicOrigin=http://hk.example.com'],
    /publicOrigin/,
  ],
  ['the latest tag', ['--set', 'image.tag=latest'], /image\/tag/],
  [
    'a pod label that would move a selector',
    ['--set', 'podLabels.app\\.kubernetes\\.io/component=x'],
    /podLabels/,
  ],
  ['a test deadline below 10 s', ['--set', 'helmTest.activeDeadlineSeconds=1'], /helmTest/],
]

for (const [what, args, names, base = 'hk'] of REFUSED) {
  t.test(`chart › refuses ${what}`, async (t) => {
    const run = templateRefusal(binary, base, args)
    t.not(run.status, 0, 'helm template fails')
    t.match(run.stderr, names, 'the message names the value')
  })
}

t.test(
  'chart › a public origin of the TLS host with a trailing slash, or without TLS any origin, is fine',
  async (t) => {
    t.equal(templateRefusal(binary, 'hk', ['--set', 'publicOrigin=https://hk.example.com/']).status, 0)
    t.equal(
      templateRefusal(binary, 'hk', [
        '--set',
        'ingress.tls.enabled=false',
        '--set',
        'publicOrigin=http://hk.example.com',
      ]).status,
      0,
    )
  },
)
