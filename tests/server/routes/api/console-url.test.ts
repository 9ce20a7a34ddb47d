import t from 'tap'
import type { Topology } from '../../../../config/index.ts'
import { trustedConsoleUrl } from '../../../../server/routes/api/console-url.ts'

const topology: Topology = {
  environments: {
    'sg-k8s': { region: 'sg', upstream: 'https://sg.upstream.example' },
    'us-k8s': { region: 'us', upstream: 'https://us.upstream.example' },
    hk: { region: 'hk', upstream: 'https://hk.upstream.example' },
  },
  regions: {
    sg: { defaultEnvironment: 'sg-k8s', consoleUrl: 'https://console.sg.example/app' },
    us: { defaultEnvironment: 'us-k8s', consoleUrl: 'https://console.us.example' },
    hk: { defaultEnvironment: 'hk' },
  },
}

t.test('an answered URL under the configured console of the environment passes', async (t) => {
  const answered = 'https://console.sg.example/app/login?ticket=abc&product=09'
  t.equal(trustedConsoleUrl(answered, 'sg-k8s', topology), answered)
  t.equal(
    trustedConsoleUrl('https://console.us.example/x?ticket=1', 'us-k8s', topology),
    'https://console.us.example/x?ticket=1',
  )
})

t.test(
  'anything else becomes the configured console URL: no open redirect through the upstream',
  async (t) => {
    const configured = 'https://console.sg.example/app'
    t.equal(trustedConsoleUrl('https://evil.example/app?ticket=abc', 'sg-k8s', topology), configured)
    t.equal(trustedConsoleUrl('https://console.sg.example/application', 'sg-k8s', topology), configured)
    t.equal(
      trustedConsoleUrl('https://console.us.example/x', 'sg-k8s', topology),
      configured,
      'another region',
    )
    t.equal(trustedConsoleUrl('javascript:alert(1)', 'sg-k8s', topology), configured)
    t.equal(trustedConsoleUrl('not a url', 'sg-k8s', topology), configured)
    t.equal(trustedConsoleUrl(undefined, 'sg-k8s', topology), configured)
  },
)

t.test('no console configured for the region: no URL (the page stays signed in)', async (t) => {
  t.equal(trustedConsoleUrl('https://console.hk.example', 'hk', topology), undefined)
  t.equal(trustedConsoleUrl('https://console.sg.example/app', 'ten', topology), undefined)
})
