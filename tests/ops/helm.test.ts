import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { loadConfig } from '../../config/index.ts'
import { envSchema } from '../../config/schema.ts'
import { ROOT } from '../support/root.ts'
import {
  CHART,
  find,
  helm,
  helmBinary,
  KUBE_VERSION,
  type Manifest,
  mebibytes,
  nodeFlagOf,
  REGIONS,
  regionArgs,
  render,
  validateManifest,
} from './chart.ts'

// The chart, checked with the real helm binary for every region: lint, render, Kubernetes
// schemas, what ops and the ingress rely on, and the server's own config loader reading the
// rendered configuration. No download means a failure here, never a skip.
const binary = helmBinary()
const KEY = Buffer.alloc(32, 9).toString('base64')

/**
 * Variables the chart sets that config/schema.ts does not declare: Node reads NODE_EXTRA_CA_CERTS
 * and the OpenTelemetry SDK its standard OTEL_* names themselves; EXPECTED_REPLICAS,
 * ALLOW_PER_POD_STORES and READINESS_REQUIRE_STORE are the names agreed with the server side of
 * issue 47 (its refusal to start with per-pod stores, readiness on the store).
 */
const READ_OUTSIDE_THE_SCHEMA = new Set([
  'NODE_EXTRA_CA_CERTS',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_TRACES_SAMPLER',
  'OTEL_TRACES_SAMPLER_ARG',
  'EXPECTED_REPLICAS',
  'ALLOW_PER_POD_STORES',
  'READINESS_REQUIRE_STORE',
])

for (const region of REGIONS) {
  t.test(`chart › ${region}: helm lint --strict passes`, async (t) => {
    const lint = helm(binary, [
      'lint',
      '--strict',
      CHART,
      '--kube-version',
      KUBE_VERSION,
      ...regionArgs(region),
    ])
    t.equal(lint.status, 0, lint.stdout + lint.stderr)
    t.match(lint.stdout, /1 chart\(s\) linted, 0 chart\(s\) failed/)
  })

  t.test(`chart › ${region}: rendered manifests are valid Kubernetes objects`, async (t) => {
    const manifests = render(binary, region)
    t.same(manifests.map((manifest) => manifest.kind).sort(), [
      'ConfigMap',
      'Deployment',
      'HorizontalPodAutoscaler',
      'Ingress',
      'NetworkPolicy',
      'Pod',
      'PodDisruptionBudget',
      'Service',
      'Service',
      'ServiceAccount',
    ])
    for (const manifest of manifests)
      t.doesNotThrow(() => validateManifest(manifest), `${manifest.kind} is valid`)
  })

  t.test(
    `chart › ${region}: pods are locked down, probed, spread and drained before they stop`,
    async (t) => {
      const manifests = render(binary, region)
      const [deployment] = find(manifests, 'Deployment')
      const pod = deployment?.spec.template.spec
      const [container] = pod.containers
      t.match(pod.securityContext, {
        runAsNonRoot: true,
        runAsUser: 10001,
        seccompProfile: { type: 'RuntimeDefault' },
      })
      t.match(container.securityContext, {
        runAsNonRoot: true,
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
        seccompProfile: { type: 'RuntimeDefault' },
      })
      t.same(
        container.volumeMounts.find((mount: { name: string }) => mount.name === 'tmp'),
        { name: 'tmp', mountPath: '/tmp' },
      )
      t.ok(pod.volumes.find((volume: { name: string }) => volume.name === 'tmp').emptyDir)
      t.equal(pod.automountServiceAccountToken, false)
      t.equal(find(manifests, 'ServiceAccount')[0]?.automountServiceAccountToken, false)
      t.equal(container.livenessProbe.httpGet.path, '/healthz')
      t.equal(container.readinessProbe.httpGet.path, '/readyz')
      t.ok(container.startupProbe.httpGet)
      t.ok(container.resources.requests.cpu && container.resources.limits.memory)
      t.same(
        pod.topologySpreadConstraints.map((constraint: { topologyKey: string }) => constraint.topologyKey),
        ['topology.kubernetes.io/zone', 'kubernetes.io/hostname'],
      )
      t.match(deployment?.spec.template.metadata.annotations, { 'checksum/config': /^[0-9a-f]{64}$/ })
      const preStop = Number(container.lifecycle.preStop.exec.command[1])
      const configMap = find(manifests, 'ConfigMap')[0]
      const serverSeconds =
        (Number(configMap?.data.SHUTDOWN_DELAY_MS) + Number(configMap?.data.SHUTDOWN_TIMEOUT_MS)) / 1000
      t.ok(
        pod.terminationGracePeriodSeconds > preStop + serverSeconds,
        'grace period outlasts preStop and the server close',
      )
      t.ok(preStop > 0)
      t.equal(configMap?.data.TRUST_PROXY, 'uniquelocal', 'client addresses believed from the ingress only')
    },
  )

  t.test(`chart › ${region}: the ingress routes the site only, never the metrics port`, async (t) => {
    const manifests = render(binary, region)
    const [ingress] = find(manifests, 'Ingress')
    const backends = ingress?.spec.rules.flatMap((rule: Manifest) =>
      rule.http.paths.map((entry: Manifest) => entry.backend.service.port.name),
    )
    t.same(backends, ['http'])
    t.ok(ingress?.spec.ingressClassName)
    t.ok(ingress?.spec.tls?.[0]?.secretName)
    const services = find(manifests, 'Service')
    t.same(
      services.map((service) => service.spec.ports.map((port: { name: string }) => port.name)).sort(),
      [['http'], ['metrics']],
      'the site and the metrics on Services of their own',
    )
    const [test] = find(manifests, 'Pod')
    t.equal(test?.metadata.annotations?.['helm.sh/hook'], 'test')
    t.match(test?.spec.containers[0].command.join(' '), /\/readyz/)
  })

  t.test(
    `chart › ${region}: the server's own config loader accepts the rendered configuration`,
    async (t) => {
      const manifests = render(binary, region)
      const [configMap] = find(manifests, 'ConfigMap')
      const container = find(manifests, 'Deployment')[0]?.spec.template.spec.containers[0]
      const data: Record<string, string> = { ...configMap?.data }
      const upstreamsJson = data['upstreams.json'] ?? ''
      delete data['upstreams.json']
      t.same(
        Object.keys(data).filter((name) => !(name in envSchema.shape) && !READ_OUTSIDE_THE_SCHEMA.has(name)),
        [],
        'every variable the chart sets is one the server reads',
      )
      t.notOk('SESSION_KEYS' in data || 'REDIS_URL' in data, 'secrets stay out of the config map')
      // The file the pod sees at UPSTREAMS_FILE: the config map item mounted there.
      const mount = container.volumeMounts.find((entry: { name: string }) => entry.name === 'upstreams')
      t.equal(path.posix.join(mount.mountPath, 'upstreams.json'), data.UPSTREAMS_FILE)
      const dir = mkdtempSync(path.join(tmpdir(), 'account-edge-chart-'))
      writeFileSync(path.join(dir, 'upstreams.json'), upstreamsJson)
      const secretEnv = Object.fromEntries(
        container.env.map((entry: { name: string }) => [
          entry.name,
          entry.name === 'SESSION_KEYS' ? KEY : 'redis://redis:6379',
        ]),
      )
      const config = loadConfig({ ...data, ...secretEnv, UPSTREAMS_FILE: path.join(dir, 'upstreams.json') })
      t.equal(config.isProduction, true)
      t.equal(config.upstreams.kind, 'configured', 'never the sandbox')
      const topology = config.upstreams.kind === 'configured' ? config.upstreams.topology : undefined
      t.ok(topology?.regions[region], 'the release region is in the topology')
      t.equal(config.edition, region === 'ten' ? 'chinese' : 'international')
      t.equal(config.build.region, region, "every metric is labelled with the release's region")
      t.ok(config.shutdown.timeoutMs >= config.upstreamTimeoutMs, 'the drain outlasts an upstream call')
      if (region === 'ten')
        t.ok(topology?.environments.ten?.forwarder, 'ten is reached through its forwarder')
      const ports = Object.fromEntries(
        container.ports.map((port: { name: string; containerPort: number }) => [
          port.name,
          port.containerPort,
        ]),
      )
      t.equal(config.port, ports.http)
      t.equal(config.metricsPort, ports.metrics)
      t.same(config.trustProxy, ['uniquelocal'])
      t.ok(config.redisUrl)
    },
  )
}

t.test('chart › ten pulls from its registry mirror; the others from the main registry', async (t) => {
  const image = (region: string) =>
    find(render(binary, region), 'Deployment')[0]?.spec.template.spec.containers[0].image
  t.match(image('ten'), /^registry\.example\.cn\/mirror\//)
  t.match(image('sg'), /^registry\.example\.com\//)
})

t.test('chart › the key ring: chart-made Secret or an existing one, never in the config map', async (t) => {
  const manifests = render(binary, 'sg', [
    '--set',
    'sessionKeys.existingSecret=',
    '--set',
    `sessionKeys.keys={${KEY}}`,
  ])
  const [secret] = find(manifests, 'Secret')
  t.equal(Buffer.from(secret?.data.SESSION_KEYS, 'base64').toString(), KEY)
  t.notMatch(JSON.stringify(find(manifests, 'ConfigMap')), KEY)
  const env = find(manifests, 'Deployment')[0]?.spec.template.spec.containers[0].env
  t.equal(env[0].valueFrom.secretKeyRef.name, secret?.metadata.name)
  const other = render(binary, 'sg', ['--set', 'logLevel=debug'])
  t.not(
    find(other, 'Deployment')[0]?.spec.template.metadata.annotations['checksum/config'],
    find(render(binary, 'sg'), 'Deployment')[0]?.spec.template.metadata.annotations['checksum/config'],
    'a configuration change rolls the pods',
  )
})

t.test('chart › the V8 heap fits the pod: at most half its memory limit, in every region', async (t) => {
  for (const region of REGIONS) {
    const container = find(render(binary, region), 'Deployment')[0]?.spec.template.spec.containers[0]
    const heap = Number(
      /^--max-old-space-size=(\d+)$/.exec(nodeFlagOf(container.args, 'max-old-space-size'))?.[1],
    )
    const limit = mebibytes(container.resources.limits.memory)
    t.ok(heap > 0 && heap * 2 <= limit, `${region}: heap ${heap} MiB, limit ${limit} MiB`)
  }
  const custom = find(
    render(binary, 'sg', ['--set', 'heapMb=240', '--set', 'semiSpaceMb=4']),
    'Deployment',
  )[0]?.spec.template.spec.containers[0]
  t.match(
    custom.args.join(' '),
    /--max-old-space-size=240 --min-semi-space-size=2 --max-semi-space-size=4/,
    'both V8 sizes from values; the young generation starts at 2 MiB (ADR 0105)',
  )
  const tiny = find(render(binary, 'sg', ['--set', 'semiSpaceMb=1']), 'Deployment')[0]
  t.match(
    tiny?.spec.template.spec.containers[0].args.join(' '),
    /--min-semi-space-size=1 --max-semi-space-size=1/,
    'a semi-space below 2 MiB is its own minimum (V8 refuses a minimum over the maximum)',
  )
  t.match(JSON.stringify(custom.env), /"name":"MALLOC_ARENA_MAX","value":"2"/, 'two malloc arenas')
})

t.test("chart › the pod's command runs on the image's Node, its V8 flags taken (ADR 0120)", async (t) => {
  // The Dockerfile's Node is the `node` devDependency this test runs on (dockerfile.test.ts).
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')
  const imageCommand = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]') as string[]
  const container = find(
    render(binary, 'sg', ['--set', 'heapMb=240', '--set', 'semiSpaceMb=4']),
    'Deployment',
  )[0]?.spec.template.spec.containers[0]
  const args = container.args as string[]
  t.equal(args[0], imageCommand[0], "the image's program")
  t.equal(args.at(-1), imageCommand.at(-1), "the image's entry point, so the pod serves what the image does")
  for (const flag of imageCommand.slice(1, -1)) t.ok(args.includes(flag), `the image's ${flag} kept`)
  // Everything the container gets from the chart's env, as Node would read it: a flag Node refuses
  // in NODE_OPTIONS (an earlier chart set --min-semi-space-size there) stops the process here too.
  const env: Record<string, string> = { PATH: process.env.PATH ?? '' }
  for (const entry of container.env as Array<{ name: string; value?: string }>)
    if (entry.value !== undefined) env[entry.name] = entry.value
  const probe = spawnSync(
    process.execPath,
    [
      ...args.slice(1, -1),
      '-e',
      `const v8 = require('node:v8'); console.log(JSON.stringify({ heap: v8.getHeapStatistics().heap_size_limit }))`,
    ],
    { env, encoding: 'utf8' },
  )
  t.equal(probe.status, 0, `node started with the pod's flags: ${probe.stderr}`)
  const { heap } = JSON.parse(probe.stdout || '{"heap":0}') as { heap: number }
  // The old generation's cap plus the young generation's semi-spaces, in MiB.
  t.ok(
    heap / 2 ** 20 >= 240 && heap / 2 ** 20 < 240 + 64,
    `heap limit ${Math.round(heap / 2 ** 20)} MiB from heapMb 240`,
  )
})

t.test('chart › no PDB when only one pod runs; one when more always do', async (t) => {
  const single = render(binary, 'hk', ['--set', 'autoscaling.enabled=false', '--set', 'replicaCount=1'])
  t.same(find(single, 'PodDisruptionBudget'), [])
  t.same(find(single, 'HorizontalPodAutoscaler'), [])
  t.equal(find(single, 'Deployment')[0]?.spec.replicas, 1)
  const fixed = render(binary, 'hk', ['--set', 'autoscaling.enabled=false', '--set', 'replicaCount=3'])
  t.equal(find(fixed, 'PodDisruptionBudget')[0]?.spec.maxUnavailable, 1)
})

/**
 * Variables of the server's schema that no deployment sets, with the reason. Every other one must
 * be reachable through a chart value, so ops never have to patch a template to configure a region.
 */
const NOT_FOR_DEPLOYMENTS: Record<string, string> = {
  SSR_MODE: "Vite's dev middleware: development only",
  UPSTREAMS_JSON: 'the chart mounts the topology as a file (UPSTREAMS_FILE)',
  SANDBOX_PORT: 'the embedded sandbox never runs in a deployment (SANDBOX=off)',
  FRAME_FRAGMENTS: 'a switch for diagnosing a rendering difference (ADR 0060); on in every deployment',
  EXIT_WITH_PARENT: 'for test runners: a process in a pod has no launcher to outlive',
  GIT_REVISION: 'a fact of the image, baked in when it is built (Dockerfile: the REVISION build argument)',
}

t.test(
  'chart › every variable the server reads is a chart value (or listed as not for deployments)',
  async (t) => {
    const authorizeUrls = { salesforce: 'https://login.salesforce.com/services/oauth2/authorize' }
    const manifests = render(binary, 'sg', [
      '--set',
      'redis.url=redis://redis:6379',
      '--set',
      'publicOrigin=https://www.example.com',
      '--set',
      'microsoftSignIn.authorizeUrl=https://login.microsoftonline.com/tenant/oauth2/v2.0/authorize',
      '--set',
      'microsoftSignIn.clientId=client-1',
      '--set',
      'externalApp.basePath=/connect/app',
      '--set',
      'externalApp.urlDomain=https://www.example.com',
      '--set',
      'externalApp.textPrefix=Example',
      '--set-json',
      `externalApp.authorizeUrls=${JSON.stringify(authorizeUrls)}`,
      '--set',
      'pageCacheMb=40',
      '--set',
      'captchaProvider.scriptUrl=https://static.geetest.com/v4/gt4.js',
      '--set',
      'captchaProvider.captchaId=c0ffee42',
      '--set',
      'redis.allowPerPodStores=true',
      '--set',
      'readiness.requireStore=true',
      '--set',
      'tracing.otlpEndpoint=http://otel-collector.observability:4318',
      '--set-json',
      'networkPolicy.tracing.to=[{"podSelector":{"matchLabels":{"app":"otel-collector"}}}]',
    ])
    const [configMap] = find(manifests, 'ConfigMap')
    const container = find(manifests, 'Deployment')[0]?.spec.template.spec.containers[0]
    const set = new Set([
      ...Object.keys(configMap?.data ?? {}),
      ...container.env.map((entry: { name: string }) => entry.name),
    ])
    t.same(
      Object.keys(envSchema.shape).filter((name) => !set.has(name) && !(name in NOT_FOR_DEPLOYMENTS)),
      [],
      "no server variable is out of the chart's reach",
    )
    const dir = mkdtempSync(path.join(tmpdir(), 'account-edge-chart-'))
    writeFileSync(path.join(dir, 'upstreams.json'), configMap?.data['upstreams.json'] ?? '')
    const config = loadConfig({
      ...configMap?.data,
      SESSION_KEYS: KEY,
      REDIS_URL: 'redis://redis:6379',
      UPSTREAMS_FILE: path.join(dir, 'upstreams.json'),
    })
    t.same(config.microsoft, {
      authorizeUrl: 'https://login.microsoftonline.com/tenant/oauth2/v2.0/authorize',
      clientId: 'client-1',
    })
    t.match(config.externalApp, {
      basePath: '/connect/app',
      urlDomain: 'https://www.example.com',
      textPrefix: 'Example',
      authorizeUrls,
    })
    t.same(config.captchaProvider, {
      scriptUrl: 'https://static.geetest.com/v4/gt4.js',
      captchaId: 'c0ffee42',
      origin: 'https://static.geetest.com',
    })
  },
)

/** What, on top of which region's file, and what helm's message must name. */
const REFUSED: Array<[string, string[], RegExp, string?]> = [
  ['an unknown region', ['--set', 'region=eu'], /region/],
  ['a malformed upstream URL', ['--set', 'topology.environments.hk.upstream=hk.api.example.com'], /upstream/],
  ['a malformed public origin', ['--set', 'publicOrigin=ftp://www.example.com'], /publicOrigin/],
  ['a heap too small to run in', ['--set', 'heapMb=16'], /heapMb/],
  [
    'a captcha script over plain http',
    ['--set', 'captchaProvider.scriptUrl=http://static.geetest.com/v4/gt4.js'],
    /captchaProvider/,
  ],
  ['a missing cookie key', ['--set', 'sessionKeys.existingSecret='], /sessionKeys/],
  [
    'a short cookie key',
    ['--set', 'sessionKeys.existingSecret=', '--set', 'sessionKeys.keys={c2hvcnQ=}'],
    /sessionKeys/,
  ],
  [
    'a replica count below 1',
    ['--set', 'autoscaling.enabled=false', '--set', 'replicaCount=0'],
    /replicaCount/,
  ],
  ['a mistyped value name', ['--set', 'replicas=3'], /replicas/],
  [
    'a grace period shorter than the drain',
    ['--set', 'shutdown.terminationGracePeriodSeconds=10'],
    /terminationGracePeriodSeconds/,
  ],
  [
    'an external app base with a trailing slash',
    ['--set', 'externalApp.basePath=/auth/external/'],
    /basePath/,
  ],
  [
    'a provider authorization start that is not http(s)',
    ['--set-json', 'externalApp.authorizeUrls={"salesforce":"javascript:alert(1)"}'],
    /authorizeUrls/,
  ],
  [
    'a malformed Microsoft authorize URL',
    ['--set', 'microsoftSignIn.authorizeUrl=login.microsoftonline.com'],
    /authorizeUrl/,
  ],
  ['a negative page cache', ['--set', 'pageCacheMb=-1'], /pageCacheMb/],
  ['a region missing from the topology', ['--set', 'region=us'], /topology\.regions/, 'ten'],
]

for (const [what, args, names, base = 'hk'] of REFUSED) {
  t.test(`chart › refuses ${what}`, async (t) => {
    const run = helm(binary, [
      'template',
      'bad',
      CHART,
      '--kube-version',
      KUBE_VERSION,
      ...regionArgs(base, args),
    ])
    t.not(run.status, 0, 'helm template fails')
    t.match(run.stderr, names, 'the message names the value')
  })
}
