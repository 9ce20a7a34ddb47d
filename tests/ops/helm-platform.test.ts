import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import {
  CHART,
  find,
  helm,
  helmBinary,
  KUBE_VERSION,
  type Manifest,
  REGIONS,
  render,
  templateRefusal,
  validateManifest,
} from './chart.ts'

// Issue 47: the chart where it meets other people's clusters — replicas that share Redis or say
// they do not, DNS through node-local resolvers, a gateway's pods let in, traces and a dashboard,
// the escape hatches platform teams expect, and the combinations it refuses at render time.
const binary = helmBinary()
const CI_FILES = readdirSync(path.join(CHART, 'ci')).filter((file) => file.endsWith('.yaml'))
const ciArgs = (file: string) => ['-f', path.join(CHART, 'ci', file)]

const pod = (manifests: Manifest[]) => find(manifests, 'Deployment')[0]?.spec.template
const configData = (manifests: Manifest[]): Record<string, string> => find(manifests, 'ConfigMap')[0]?.data
const NO_REDIS = ['--set', 'redis.existingSecret=']
const TWO_FIXED_PODS = ['--set', 'autoscaling.enabled=false', '--set', 'replicaCount=2']

/** `helm install --dry-run=client`: what NOTES.txt tells whoever installs (helm template omits it). */
function installNotes(base: string, extra: string[]): string {
  const run = helm(binary, [
    'install',
    '--dry-run=client',
    `account-edge-${base}`,
    CHART,
    '-f',
    path.join(CHART, `values-${base}.yaml`),
    ...extra,
  ])
  if (run.status !== 0) throw new Error(run.stderr)
  return run.stdout.slice(run.stdout.indexOf('NOTES:'))
}

t.test('stores › more than one pod without Redis is refused, naming both ways to give it', async (t) => {
  for (const [what, args] of [
    ['two fixed replicas', TWO_FIXED_PODS],
    ['an HPA (up to its maxReplicas)', []],
    ['an HPA from one pod up', ['--set', 'autoscaling.minReplicas=1']],
  ] as const) {
    const run = templateRefusal(binary, 'hk', [...NO_REDIS, ...args])
    t.not(run.status, 0, `${what}: refused`)
    t.match(run.stderr, /redis\.url or redis\.existingSecret.*redis\.allowPerPodStores=true/, what)
  }
  const single = render(binary, 'hk', [
    ...NO_REDIS,
    '--set',
    'autoscaling.enabled=false',
    '--set',
    'replicaCount=1',
  ])
  t.equal(configData(single).EXPECTED_REPLICAS, '1', 'one pod needs no Redis')
  t.notOk('ALLOW_PER_POD_STORES' in configData(single))
  t.equal(configData(render(binary, 'hk')).EXPECTED_REPLICAS, '4', "the HPA's maximum: the most pods at once")
})

t.test('stores › allowPerPodStores renders, tells the pods and warns in NOTES.txt', async (t) => {
  const allowed = ['--set', 'redis.allowPerPodStores=true']
  const manifests = render(binary, 'hk', [...NO_REDIS, ...TWO_FIXED_PODS, ...allowed])
  t.match(configData(manifests), { EXPECTED_REPLICAS: '2', ALLOW_PER_POD_STORES: 'true' })
  t.notMatch(JSON.stringify(pod(manifests)?.spec.containers[0].env), /REDIS_URL/)
  const notes = installNotes('hk', [...NO_REDIS, ...TWO_FIXED_PODS, ...allowed])
  t.match(notes, /WARNING: up to 2 pods run without Redis/)
  t.match(notes, /sign-out holds only on the pod that recorded it/)
  t.notMatch(installNotes('hk', []), /WARNING/, 'no warning with Redis')
})

t.test('readiness › requireStore sets READINESS_REQUIRE_STORE, and needs Redis', async (t) => {
  const data = configData(render(binary, 'sg', ['--set', 'readiness.requireStore=true']))
  t.equal(data.READINESS_REQUIRE_STORE, 'true')
  t.notOk('READINESS_REQUIRE_STORE' in configData(render(binary, 'sg')), 'off by default')
  const run = templateRefusal(binary, 'hk', [
    ...NO_REDIS,
    ...TWO_FIXED_PODS,
    '--set',
    'redis.allowPerPodStores=true',
    '--set',
    'readiness.requireStore=true',
  ])
  t.match(run.stderr, /readiness\.requireStore needs Redis/)
})

t.test(
  'network policy › DNS through kube-dns and the node-local resolvers, IPv4 and IPv6 egress',
  async (t) => {
    for (const region of REGIONS) {
      const [policy] = find(render(binary, region), 'NetworkPolicy')
      const [dns] = policy?.spec.egress ?? []
      t.same(dns.ports, [
        { port: 53, protocol: 'UDP' },
        { port: 53, protocol: 'TCP' },
      ])
      t.match(dns.to, [
        { podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } } },
        { ipBlock: { cidr: '169.254.20.10/32' } },
        { ipBlock: { cidr: '169.254.169.254/32' } },
      ])
      const upstreams = policy?.spec.egress[1].to.map((peer: Manifest) => peer.ipBlock.cidr)
      t.same(upstreams, ['0.0.0.0/0', '::/0'], `${region}: dual-stack upstreams answer on either`)
    }
    const own = find(
      render(binary, 'sg', ['--set-json', 'networkPolicy.dns.peers=[{"ipBlock":{"cidr":"10.96.0.10/32"}}]']),
      'NetworkPolicy',
    )[0]
    t.same(own?.spec.egress[0].to, [{ ipBlock: { cidr: '10.96.0.10/32' } }], 'peers of your own replace them')
  },
)

const GATEWAY = [
  '--set',
  'httpRoute.enabled=true',
  '--set-json',
  'httpRoute.parentRefs=[{"name":"public","namespace":"gateway-system"}]',
]
const GATEWAY_PODS = {
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'gateway-system' } },
}

t.test('network policy › with httpRoute the gateway is let in, or the render says what to set', async (t) => {
  const refused = templateRefusal(binary, 'sg', GATEWAY)
  t.not(refused.status, 0)
  t.match(refused.stderr, /httpRoute\.enabled: set networkPolicy\.ingressFrom to the gateway's pods/)
  const manifests = render(binary, 'sg', [
    ...GATEWAY,
    '--set-json',
    `networkPolicy.ingressFrom=[${JSON.stringify(GATEWAY_PODS)}]`,
  ])
  const site = find(manifests, 'NetworkPolicy')[0]?.spec.ingress[0]
  t.same(site.from[0], GATEWAY_PODS, 'the gateway reaches the site')
  t.notMatch(JSON.stringify(site), /ingress-nginx/, 'ingress-nginx is no longer assumed')
  t.equal(
    templateRefusal(binary, 'sg', [
      ...GATEWAY,
      '--set',
      'networkPolicy.enabled=false',
      '--set',
      'trustProxy=10.42.0.0/16',
    ]).status,
    0,
  )
})

t.test('tracing › OTLP endpoint and sampler in the env, the collector let out', async (t) => {
  const collector = { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'otel-collector' } } }
  const manifests = render(binary, 'sg', [
    '--set',
    'tracing.otlpEndpoint=http://otel-collector.observability:4318',
    '--set',
    'tracing.sampleRatio=0.25',
    '--set-json',
    `networkPolicy.tracing.to=[${JSON.stringify(collector)}]`,
  ])
  t.match(configData(manifests), {
    OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector.observability:4318',
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: '0.25',
  })
  const egress = find(manifests, 'NetworkPolicy')[0]?.spec.egress as Manifest[]
  t.ok(
    egress.some(
      (rule) =>
        JSON.stringify(rule) ===
        JSON.stringify({ to: [collector], ports: [{ port: 4318, protocol: 'TCP' }] }),
    ),
    'egress to the collector on the endpoint port',
  )
  t.notMatch(JSON.stringify(configData(render(binary, 'sg'))), /OTEL_/, 'off and absent by default')
  const refused = templateRefusal(binary, 'sg', ['--set', 'tracing.otlpEndpoint=https://otel.example.net'])
  t.match(refused.stderr, /networkPolicy\.tracing\.to/)
  t.match(templateRefusal(binary, 'sg', ['--set', 'tracing.sampleRatio=1.5']).stderr, /tracing\/sampleRatio/)
})

t.test(
  "dashboard › a ConfigMap with the Grafana sidecar's label holding the chart's dashboard",
  async (t) => {
    t.same(find(render(binary, 'sg'), 'ConfigMap').length, 1, 'off by default')
    const manifests = render(binary, 'sg', [
      '--set',
      'metrics.dashboard.enabled=true',
      '--set',
      'metrics.dashboard.annotations.grafana_folder=Account edge',
    ])
    const dashboard = find(manifests, 'ConfigMap').find((map) => map.metadata.name.endsWith('-dashboard'))
    t.doesNotThrow(() => validateManifest(dashboard as Manifest))
    t.equal(dashboard?.metadata.labels?.grafana_dashboard, '1')
    t.equal(dashboard?.metadata.annotations?.grafana_folder, 'Account edge')
    const shipped = readFileSync(path.join(CHART, 'dashboards/account-edge.json'), 'utf8')
    t.same(JSON.parse(dashboard?.data['account-edge.json']), JSON.parse(shipped), 'the JSON the chart ships')
    const relabelled = find(
      render(binary, 'sg', [
        '--set',
        'metrics.dashboard.enabled=true',
        '--set-json',
        'metrics.dashboard.labels={"dashboards":"grafana"}',
      ]),
      'ConfigMap',
    ).find((map) => map.metadata.name.endsWith('-dashboard'))
    t.equal(relabelled?.metadata.labels?.dashboards, 'grafana', 'the label is configurable')
  },
)

t.test(
  'escape hatches › extraEnv by allowlist, any name only with a warning, never a chart name',
  async (t) => {
    const env = pod(render(binary, 'sg', ['--set-json', 'extraEnv=[{"name":"TZ","value":"Asia/Singapore"}]']))
      ?.spec.containers[0].env
    t.match(env.at(-1), { name: 'TZ', value: 'Asia/Singapore' })
    const other = ['--set-json', 'extraEnv=[{"name":"FEATURE_X","value":"1"}]']
    t.match(
      templateRefusal(binary, 'sg', other).stderr,
      /extraEnv: FEATURE_X is not one of .*extraEnvAnyName=true/,
    )
    t.equal(templateRefusal(binary, 'sg', [...other, '--set', 'extraEnvAnyName=true']).status, 0)
    t.match(
      installNotes('sg', [...other, '--set', 'extraEnvAnyName=true']),
      /WARNING: extraEnv sets FEATURE_X/,
    )
    for (const name of ['LOG_LEVEL', 'SESSION_KEYS', 'REDIS_URL', 'EXPECTED_REPLICAS']) {
      const run = templateRefusal(binary, 'sg', [
        '--set',
        'extraEnvAnyName=true',
        '--set-json',
        `extraEnv=[{"name":"${name}","value":"x"}]`,
      ])
      t.match(run.stderr, new RegExp(`extraEnv: ${name} is set by the chart`), `${name} stays the chart's`)
    }
    const nodeOptions = [
      '--set',
      'extraEnvAnyName=true',
      '--set-json',
      'extraEnv=[{"name":"NODE_OPTIONS","value":"--max-old-space-size=1"}]',
    ]
    t.match(templateRefusal(binary, 'sg', nodeOptions).stderr, /NODE_OPTIONS is refused/)
  },
)

t.test('escape hatches › volumes, annotations, names and OpenShift security contexts', async (t) => {
  const openshift = render(binary, 'us', ciArgs('openshift-values.yaml'))
  const template = pod(openshift)
  for (const manifest of openshift) {
    t.doesNotThrow(() => validateManifest(manifest))
    t.match(manifest.metadata.name, /^edge-us(-|$)/, `${manifest.kind}: fullnameOverride names it`)
  }
  t.same(template?.spec.securityContext, { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } })
  const container = template?.spec.containers[0]
  t.notOk('runAsUser' in container.securityContext, 'OpenShift assigns the user')
  t.match(container.securityContext, {
    runAsNonRoot: true,
    readOnlyRootFilesystem: true,
    allowPrivilegeEscalation: false,
  })
  t.ok(template?.spec.volumes.some((volume: Manifest) => volume.name === 'scratch'))
  t.ok(container.volumeMounts.some((mount: Manifest) => mount.mountPath === '/var/scratch'))
  for (const [value, name] of [
    ['securityContext.privileged=true', /securityContext\/privileged/],
    ['securityContext.readOnlyRootFilesystem=false', /securityContext\/readOnlyRootFilesystem/],
    ['podSecurityContext.runAsNonRoot=false', /podSecurityContext\/runAsNonRoot/],
  ] as const)
    t.match(templateRefusal(binary, 'us', ['--set', value]).stderr, name, `${value} refused`)

  const named = render(binary, 'sg', ['--set', 'nameOverride=web'])
  t.equal(pod(named)?.metadata.labels['app.kubernetes.io/name'], 'web')
  t.equal(find(named, 'Deployment')[0]?.metadata.name, 'account-edge-sg-web')

  const annotated = render(binary, 'sg', [
    '--set',
    'deploymentAnnotations.secret\\.reloader\\.stakater\\.com/reload=account-edge-sg-session-keys',
    '--set',
    'podAnnotations.team=identity',
  ])
  t.same(find(annotated, 'Deployment')[0]?.metadata.annotations, {
    'secret.reloader.stakater.com/reload': 'account-edge-sg-session-keys',
  })
  t.equal(pod(annotated)?.metadata.annotations.team, 'identity')
})

t.test('escape hatches › a secret checksum only when the chart writes the Secret', async (t) => {
  const existing = pod(render(binary, 'sg'))?.metadata.annotations
  t.notOk('checksum/secret' in existing, 'an existing Secret changes outside Helm: no constant checksum')
  const key = (fill: number) => Buffer.alloc(32, fill).toString('base64')
  const owned = (fill: number) =>
    pod(
      render(binary, 'sg', [
        '--set',
        'sessionKeys.existingSecret=',
        '--set',
        `sessionKeys.keys={${key(fill)}}`,
      ]),
    )?.metadata.annotations['checksum/secret']
  t.match(owned(1), /^[0-9a-f]{64}$/)
  t.not(owned(1), owned(2), 'a new key rolls the pods')
})

t.test(
  'scheduling › one pod per zone where a region asks for it (DoNotSchedule with minDomains)',
  async (t) => {
    const zoneOf = (region: string) =>
      pod(render(binary, region))?.spec.topologySpreadConstraints.find(
        (constraint: Manifest) => constraint.topologyKey === 'topology.kubernetes.io/zone',
      )
    t.match(
      zoneOf('hk'),
      { whenUnsatisfiable: 'DoNotSchedule', minDomains: 2 },
      'hk: its two pods in two zones',
    )
    for (const region of ['sg', 'us', 'ten']) {
      t.equal(zoneOf(region).whenUnsatisfiable, 'ScheduleAnyway')
      t.notOk('minDomains' in zoneOf(region))
    }
  },
)

/** What, on top of which region's file, and what helm's message must name. */
const REFUSED: Array<[string, string[], RegExp, string?]> = [
  [
    'alert rules without the ServiceMonitor whose job they read',
    [
      '--set',
      'metrics.prometheusRule.enabled=true',
      '--set',
      'metrics.prometheusRule.runbookUrl=https://wiki.corp.internal/ops',
    ],
    /metrics\.prometheusRule\.enabled needs metrics\.serviceMonitor\.enabled/,
  ],
  [
    'alert rules without a runbook URL',
    ['--set', 'metrics.prometheusRule.enabled=true', '--set', 'metrics.serviceMonitor.enabled=true'],
    /metrics\.prometheusRule\.runbookUrl/,
  ],
  ...[
    'https://github.com/example/account-edge/blob/main/docs/operations.md',
    'https://docs.example.com/ops',
  ].map((url): [string, string[], RegExp] => [
    `a placeholder runbook URL (${url})`,
    [
      '--set',
      'metrics.prometheusRule.enabled=true',
      '--set',
      'metrics.serviceMonitor.enabled=true',
      '--set',
      `metrics.prometheusRule.runbookUrl=${url}`,
    ],
    /metrics\.prometheusRule\.runbookUrl .* is a placeholder/,
  ]),
  [
    'uniquelocal trust without a NetworkPolicy',
    ['--set', 'networkPolicy.enabled=false'],
    /trustProxy: uniquelocal/,
  ],
  [
    'two IPv4 halves that trust everything',
    ['--set-json', 'trustProxy="0.0.0.0/1,128.0.0.0/1"'],
    /trustProxy: 0\.0\.0\.0\/1/,
  ],
  [
    'two IPv6 halves that trust everything',
    ['--set-json', 'trustProxy="::/1,8000::/1"'],
    /trustProxy: ::\/1/,
  ],
  [
    'every IPv4 address written as IPv4-mapped IPv6',
    ['--set-json', 'trustProxy="::ffff:0.0.0.0/96"'],
    /trustProxy/,
  ],
  [
    'a trusted CA from a Secret and a ConfigMap at once',
    ['--set', 'trustedCa.existingSecret=a', '--set', 'trustedCa.existingConfigMap=b'],
    /trustedCa: give existingSecret or existingConfigMap, not both/,
  ],
]

for (const [what, args, names, base = 'sg'] of REFUSED) {
  t.test(`chart › refuses ${what}`, async (t) => {
    const run = templateRefusal(binary, base, args)
    t.not(run.status, 0, 'helm template fails')
    t.match(run.stderr, names, 'the message names the value')
  })
}

t.test('chart › private ranges and the ULA block stay trusted', async (t) => {
  t.equal(
    templateRefusal(binary, 'sg', ['--set-json', 'trustProxy="10.0.0.0/8,fc00::/7,172.16.0.0/12"']).status,
    0,
  )
})

t.test('ci values › every helm/ci file lints --strict and renders valid manifests on its own', async (t) => {
  t.ok(CI_FILES.length >= 3, CI_FILES.join(', '))
  for (const file of CI_FILES) {
    const lint = helm(binary, ['lint', '--strict', CHART, '--kube-version', KUBE_VERSION, ...ciArgs(file)])
    t.equal(lint.status, 0, `${file}: ${lint.stdout}${lint.stderr}`)
    const run = helm(binary, ['template', 'ci', CHART, '--kube-version', KUBE_VERSION, ...ciArgs(file)])
    t.equal(run.status, 0, `${file}: ${run.stderr}`)
  }
  const gateway = render(binary, 'sg', ciArgs('gateway-values.yaml'))
  for (const manifest of gateway) t.doesNotThrow(() => validateManifest(manifest), `${manifest.kind}`)
  t.same(
    gateway
      .map((manifest) => manifest.kind)
      .filter((kind) => /Monitor|Rule|Route|ConfigMap/.test(kind))
      .sort(),
    ['ConfigMap', 'ConfigMap', 'HTTPRoute', 'PrometheusRule', 'ServiceMonitor'],
  )
})
