import t from 'tap'
import {
  find,
  helmBinary,
  type Manifest,
  mebibytes,
  nodeFlagOf,
  REGIONS,
  render,
  templateRefusal,
  validateManifest,
} from './chart.ts'

// Issue 20: what operators of the chart rely on during a bad day — probes that restart only a
// hung pod, the network policy, sizing, drain, monitoring, routing — rendered through the real
// helm for every region, and the values it must refuse with a message naming the value.
const binary = helmBinary()

const container = (region: string, extra: string[] = []) =>
  find(render(binary, region, extra), 'Deployment')[0]?.spec.template.spec.containers[0]

t.test('probes › timeouts, periods and thresholds come from values; liveness waits ≥ 60 s', async (t) => {
  for (const region of REGIONS) {
    const { startupProbe, livenessProbe, readinessProbe } = container(region)
    for (const probe of [startupProbe, livenessProbe, readinessProbe])
      t.ok(probe.timeoutSeconds > 1, `${region}: no probe keeps Kubernetes' 1 s default timeout`)
    t.ok(
      livenessProbe.periodSeconds * livenessProbe.failureThreshold >= 60,
      `${region}: a restart needs a minute of silence`,
    )
    t.equal(livenessProbe.httpGet.path, '/healthz')
    t.equal(startupProbe.httpGet.path, '/readyz')
  }
  const custom = container('sg', [
    '--set',
    'probes.readiness.timeoutSeconds=4',
    '--set',
    'probes.liveness.periodSeconds=20',
    '--set',
    'probes.liveness.failureThreshold=4',
    '--set',
    'probes.startup.failureThreshold=60',
  ])
  t.equal(custom.readinessProbe.timeoutSeconds, 4)
  t.match(custom.livenessProbe, { periodSeconds: 20, failureThreshold: 4 })
  t.equal(custom.startupProbe.failureThreshold, 60)
})

/** Whether a matchLabels selector selects a set of labels. */
const selects = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([name, value]) => labels[name] === value)

t.test(
  'network policy › on by default: ingress, Prometheus and the test pod in; DNS, upstreams, Redis out',
  async (t) => {
    for (const region of REGIONS) {
      const manifests = render(binary, region)
      const [policy] = find(manifests, 'NetworkPolicy')
      t.ok(policy, `${region}: a NetworkPolicy`)
      t.doesNotThrow(() => validateManifest(policy as Manifest))
      const [deployment] = find(manifests, 'Deployment')
      const podLabels = deployment?.spec.template.metadata.labels
      t.ok(
        selects(policy?.spec.podSelector.matchLabels, podLabels),
        `${region}: it selects the server's pods`,
      )
      t.same(policy?.spec.policyTypes, ['Ingress', 'Egress'])
      const byPort = (rules: Manifest[], port: string | number) =>
        rules.filter((rule) => rule.ports.some((entry: { port: unknown }) => entry.port === port))
      const [site] = byPort(policy?.spec.ingress, 'http')
      const [metrics] = byPort(policy?.spec.ingress, 'metrics')
      t.equal(policy?.spec.ingress.length, 2, 'no third way in')
      for (const rule of policy?.spec.ingress ?? []) t.ok(rule.from?.length, 'no rule open to every pod')
      t.match(site?.from[0], {
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } },
      })
      t.match(metrics?.from[0], {
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
      })
      const [test] = find(manifests, 'Pod')
      t.ok(
        site?.from.some(
          (peer: Manifest) =>
            peer.podSelector && selects(peer.podSelector.matchLabels, test?.metadata.labels ?? {}),
        ),
        'the helm test pod may call the site',
      )
      t.notOk(
        metrics?.from.some(
          (peer: Manifest) =>
            peer.podSelector && selects(peer.podSelector.matchLabels, test?.metadata.labels ?? {}),
        ),
        'but not the metrics',
      )
      const egressPorts = policy?.spec.egress.map((rule: Manifest) =>
        rule.ports
          .map((entry: { port: number; protocol: string }) => `${entry.port}/${entry.protocol}`)
          .join(','),
      )
      t.same(
        egressPorts,
        ['53/UDP,53/TCP', '443/TCP', '6379/TCP,6380/TCP'],
        `${region}: DNS, upstreams, Redis`,
      )
    }
    const narrowed = find(
      render(binary, 'hk', [
        '--set',
        'redis.existingSecret=',
        '--set',
        'redis.allowPerPodStores=true',
        '--set-json',
        'networkPolicy.upstreams={"ipBlocks":[{"cidr":"203.0.113.0/24"}],"ports":[8443]}',
      ]),
      'NetworkPolicy',
    )[0]
    t.same(narrowed?.spec.egress[1], {
      to: [{ ipBlock: { cidr: '203.0.113.0/24' } }],
      ports: [{ port: 8443, protocol: 'TCP' }],
    })
    t.equal(narrowed?.spec.egress.length, 2, 'no Redis rule without Redis')
    t.same(
      find(
        render(binary, 'hk', ['--set', 'networkPolicy.enabled=false', '--set', 'trustProxy=10.42.0.0/16']),
        'NetworkPolicy',
      ),
      [],
    )
  },
)

t.test(
  'sizing › requests hold the measured steady state; the heap and page cache fit the limit',
  async (t) => {
    for (const region of REGIONS) {
      const { resources, args } = container(region)
      // npm run load (README "Load", ADR 0100): a busy pod peaks at ≈ 240–260 MB resident.
      t.ok(mebibytes(resources.requests.memory) * 2 ** 20 >= 260e6, `${region}: memory request ≥ 260 MB`)
      t.ok(/^\d+m$/.test(resources.requests.cpu) && Number.parseInt(resources.requests.cpu, 10) >= 500)
      t.notOk(resources.limits.cpu, 'no CPU limit to throttle the event loop')
      const heap = Number(/=(\d+)$/.exec(nodeFlagOf(args, 'max-old-space-size'))?.[1])
      const semiSpace = Number(/=(\d+)$/.exec(nodeFlagOf(args, 'max-semi-space-size'))?.[1])
      t.ok(
        2 * heap + 3 * semiSpace + 32 <= mebibytes(resources.limits.memory),
        `${region}: 2 × heap + the young generation (3 semi-spaces) + page cache ≤ limit`,
      )
    }
    const bigger = container('sg', [
      '--set',
      'resources.limits.memory=1Gi',
      '--set',
      'heapMb=468',
      '--set',
      'pageCacheMb=64',
    ])
    t.equal(bigger.resources.limits.memory, '1Gi', 'Gi parsed: 2 × 468 + 3 × 8 + 64 = 1024 fits 1Gi exactly')
  },
)

t.test('shutdown › the drain outlasts an upstream call; the grace period outlasts both', async (t) => {
  const shutdownOf = (region: string, extra: string[] = []) => {
    const manifests = render(binary, region, extra)
    const data = find(manifests, 'ConfigMap')[0]?.data
    const pod = find(manifests, 'Deployment')[0]?.spec.template.spec
    return {
      upstreamMs: Number(data.UPSTREAM_TIMEOUT_MS),
      delayMs: Number(data.SHUTDOWN_DELAY_MS),
      drainMs: Number(data.SHUTDOWN_TIMEOUT_MS),
      preStop: Number(pod.containers[0].lifecycle.preStop.exec.command[1]),
      grace: pod.terminationGracePeriodSeconds,
    }
  }
  for (const region of REGIONS) {
    const { upstreamMs, delayMs, drainMs, preStop, grace } = shutdownOf(region)
    t.ok(drainMs > upstreamMs, `${region}: drain ${drainMs} ms > upstream timeout ${upstreamMs} ms`)
    t.ok(grace > preStop + (delayMs + drainMs) / 1000, `${region}: grace ${grace} s`)
  }
  t.match(shutdownOf('sg'), { upstreamMs: 20000, drainMs: 21000, grace: 33 }, 'derived: 5 + 2 + 21 + 5 s')
  t.match(
    shutdownOf('sg', ['--set', 'upstreamTimeoutMs=60000']),
    { drainMs: 61000, grace: 73 },
    'a longer upstream timeout lengthens the drain and the grace period',
  )
  t.match(
    shutdownOf('sg', ['--set', 'upstreamTimeoutMs=120000']),
    { drainMs: 120000, grace: 132 },
    "capped at the server's 120 s maximum, still ≥ the upstream timeout",
  )
  t.match(
    shutdownOf('sg', [
      '--set',
      'shutdown.timeoutMs=25000',
      '--set',
      'shutdown.terminationGracePeriodSeconds=40',
    ]),
    { drainMs: 25000, grace: 40 },
    'values of your own are kept',
  )
})

const GATEWAY = [
  '--set',
  'httpRoute.enabled=true',
  '--set-json',
  'httpRoute.parentRefs=[{"name":"public","namespace":"gateway-system","sectionName":"https"}]',
  '--set-json',
  'networkPolicy.ingressFrom=[{"namespaceSelector":{"matchLabels":{"kubernetes.io/metadata.name":"gateway-system"}}}]',
]

t.test('routing › an optional Gateway API HTTPRoute beside the Ingress, timeouts from values', async (t) => {
  for (const region of REGIONS) {
    t.same(find(render(binary, region), 'HTTPRoute'), [], `${region}: off by default`)
    const manifests = render(binary, region, GATEWAY)
    const [route] = find(manifests, 'HTTPRoute')
    t.doesNotThrow(() => validateManifest(route as Manifest))
    const [ingress] = find(manifests, 'Ingress')
    t.ok(ingress, 'the Ingress is kept')
    t.same(route?.spec.hostnames, [ingress?.spec.rules[0].host], 'the ingress host by default')
    t.same(route?.spec.parentRefs, [{ name: 'public', namespace: 'gateway-system', sectionName: 'https' }])
    const [rule] = route?.spec.rules ?? []
    const site = find(manifests, 'Service').find((service) => !service.metadata.name.endsWith('-metrics'))
    t.same(
      rule.backendRefs,
      [{ name: site?.metadata.name, port: site?.spec.ports[0].port }],
      'the site port only',
    )
    t.same(rule.timeouts, { request: '30s', backendRequest: '25s' })
  }
  const custom = find(
    render(binary, 'sg', [
      ...GATEWAY,
      '--set',
      'httpRoute.hostnames={www.example.com,example.com}',
      '--set',
      'httpRoute.timeouts.request=2m',
      '--set',
      'httpRoute.timeouts.backendRequest=90s',
      '--set',
      'upstreamTimeoutMs=60000',
      '--set',
      'ingress.enabled=false',
    ]),
    'HTTPRoute',
  )[0]
  t.same(custom?.spec.hostnames, ['www.example.com', 'example.com'])
  t.same(custom?.spec.rules[0].timeouts, { request: '2m', backendRequest: '90s' })
})

/** What, on top of which region's file, and what helm's message must name. */
const REFUSED: Array<[string, string[], RegExp, string?]> = [
  [
    'a liveness probe that restarts a pod after less than a minute of silence',
    ['--set', 'probes.liveness.failureThreshold=3'],
    /probes\.liveness/,
  ],
  [
    'a probe timeout of 0 s',
    ['--set', 'probes.readiness.timeoutSeconds=0'],
    /probes\/readiness\/timeoutSeconds/,
  ],
  ['trusting every address (0.0.0.0/0)', ['--set', 'trustProxy=0.0.0.0/0'], /trustProxy/],
  ['trusting every IPv6 address (::/0)', ['--set', 'trustProxy=::/0'], /trustProxy/],
  ['a catch-all CIDR hidden in a list', ['--set-json', 'trustProxy="10.2.0.0/16,0.0.0.0/0"'], /trustProxy/],
  [
    'an upstream rule without a port',
    ['--set-json', 'networkPolicy.upstreams.ports=[]'],
    /networkPolicy\/upstreams\/ports/,
  ],
  ['a heap twice the limit allows', ['--set', 'heapMb=1024'], /resources\.limits\.memory.*heapMb/],
  [
    'a young generation that no longer fits beside the heap and page cache (3 × 24 + 512 + 32 > 576)',
    ['--set', 'semiSpaceMb=24'],
    /resources\.limits\.memory.*semiSpaceMb/,
  ],
  [
    'a page cache that no longer fits beside the heap',
    ['--set', 'pageCacheMb=300'],
    /resources\.limits\.memory.*pageCacheMb/,
  ],
  [
    'one Mi too little in Gi',
    ['--set', 'resources.limits.memory=1Gi', '--set', 'heapMb=469', '--set', 'pageCacheMb=64'],
    /resources\.limits\.memory/,
  ],
  ['no memory limit', ['--set', 'resources.limits.memory=null'], /resources\/limits.*memory/],
  ['a memory limit in another unit', ['--set', 'resources.limits.memory=768M'], /resources\/limits\/memory/],
  [
    'a memory request above the limit',
    ['--set', 'resources.requests.memory=1Gi'],
    /resources\.requests\.memory/,
  ],
  [
    'a drain shorter than an upstream call',
    ['--set', 'shutdown.timeoutMs=10000'],
    /shutdown\.timeoutMs.*upstreamTimeoutMs/,
  ],
  [
    'a grace period shorter than the derived drain',
    ['--set', 'shutdown.terminationGracePeriodSeconds=28'],
    /shutdown\.terminationGracePeriodSeconds/,
  ],
  ['an HTTPRoute without a gateway', ['--set', 'httpRoute.enabled=true'], /httpRoute\/parentRefs/],
  [
    'a gateway that cuts calls before the upstream time-out',
    [...GATEWAY, '--set', 'httpRoute.timeouts.backendRequest=20s'],
    /httpRoute\.timeouts\.backendRequest.*upstreamTimeoutMs/,
  ],
  [
    'a request time-out below the backend one',
    [...GATEWAY, '--set', 'httpRoute.timeouts.request=21000ms'],
    /httpRoute\.timeouts\.request/,
  ],
  [
    'an HTTPRoute without a host name',
    [...GATEWAY, '--set', 'ingress.enabled=false', '--set', 'ingress.host='],
    /httpRoute\.hostnames/,
  ],
]

for (const [what, args, names, base = 'hk'] of REFUSED) {
  t.test(`chart › refuses ${what}`, async (t) => {
    const run = templateRefusal(binary, base, args)
    t.not(run.status, 0, 'helm template fails')
    t.match(run.stderr, names, 'the message names the value')
  })
}
