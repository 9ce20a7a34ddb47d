import t from 'tap'
import { find, helmBinary, type Manifest, render, templateRefusal } from './chart.ts'

// image.digest (ADR 0080): set, every pod the chart makes pulls repository@digest, so what runs
// cannot change under a re-pushed tag; empty, the tag as before.
const binary = helmBinary()
const DIGEST = `sha256:${'ab12'.repeat(16)}`

/** Images of every container of the chart's pods: the Deployment's and the helm test pod's. */
function images(manifests: Manifest[]): string[] {
  const specs = [
    ...find(manifests, 'Deployment').map((deployment) => deployment.spec.template.spec),
    ...find(manifests, 'Pod').map((pod) => pod.spec),
  ]
  return specs.flatMap((spec) =>
    [...(spec.initContainers ?? []), ...spec.containers].map(
      (container: { image: string }) => container.image,
    ),
  )
}

t.test('chart › image.digest set: every pod pulls repository@digest', async (t) => {
  const pulled = images(render(binary, 'sg', ['--set', `image.digest=${DIGEST}`, '--set', 'image.tag=0.1.0']))
  t.ok(pulled.length >= 2, 'the server and the helm test pod')
  for (const image of pulled) t.equal(image, `registry.example.com/account-edge/account-edge@${DIGEST}`)
  const mirrored = images(render(binary, 'ten', ['--set', `image.digest=${DIGEST}`]))
  t.match(
    mirrored[0],
    new RegExp(`^registry\\.example\\.cn/mirror/.*@${DIGEST}$`),
    'ten: its mirror, same digest',
  )
})

t.test('chart › image.digest empty: the tag', async (t) => {
  for (const image of images(render(binary, 'sg', ['--set', 'image.tag=0.1.0'])))
    t.equal(image, 'registry.example.com/account-edge/account-edge:0.1.0')
})

t.test('chart › refuses a digest that is not sha256:<64 hex>', async (t) => {
  for (const digest of ['sha256:abc', 'latest', `sha512:${'ab'.repeat(32)}`]) {
    const run = templateRefusal(binary, 'sg', ['--set', `image.digest=${digest}`])
    t.not(run.status, 0, `${digest} refused`)
    t.match(run.stderr, /image\/digest/, 'the message names the value')
  }
})
