import t from 'tap'
import { find, helmBinary, REGIONS, render, templateRefusal } from './chart.ts'

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
]

for (const [what, args, names, base = 'hk'] of REFUSED) {
  t.test(`chart › refuses ${what}`, async (t) => {
    const run = templateRefusal(binary, base, args)
    t.not(run.status, 0, 'helm template fails')
    t.match(run.stderr, names, 'the message names the value')
  })
}
