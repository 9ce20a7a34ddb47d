import t from 'tap'
import { ConfigError, loadConfig } from '../../config/index.ts'

const key = (fill: number) => Buffer.alloc(32, fill).toString('base64')
const topology = JSON.stringify({
  environments: { 'sg-k8s': { region: 'sg', upstream: 'https://sg.upstream.example/' } },
  regions: { sg: { defaultEnvironment: 'sg-k8s' } },
})

t.test('loadConfig › defaults outside production start the sandbox with a random key', async (t) => {
  const config = loadConfig({})
  t.equal(config.port, 3000)
  t.equal(config.upstreams.kind, 'sandbox')
  t.equal(config.ephemeralSessionKey, true)
  t.equal(config.sessionKeys[0]?.length, 32)
  t.equal(config.upstreamTimeoutMs, 20_000)
})

t.test('loadConfig › production needs upstreams and keys, and never falls back to the sandbox', async (t) => {
  t.throws(() => loadConfig({ NODE_ENV: 'production', SESSION_KEYS: key(1) }), {
    name: 'ConfigError',
    message: /UPSTREAMS_FILE or UPSTREAMS_JSON is required in production/,
  })
  t.throws(() => loadConfig({ NODE_ENV: 'production', UPSTREAMS_JSON: topology }), {
    message: /SESSION_KEYS/,
  })
  t.throws(() => loadConfig({ NODE_ENV: 'production', UPSTREAMS_JSON: topology, SESSION_KEYS: key(1) }), {
    name: 'ConfigError',
    message: /PUBLIC_ORIGIN is required in production/,
  })
  const config = loadConfig({
    NODE_ENV: 'production',
    UPSTREAMS_JSON: topology,
    SESSION_KEYS: `${key(1)},${key(2)}`,
    PUBLIC_ORIGIN: 'https://www.example.com/',
  })
  t.equal(config.siteOrigin, 'https://www.example.com', 'return addresses use the configured origin')
  t.equal(config.upstreams.kind, 'configured')
  t.equal(config.sessionKeys.length, 2)
  t.equal(config.logFormat, 'json')
  if (config.upstreams.kind === 'configured') {
    t.equal(config.upstreams.topology.environments['sg-k8s']?.upstream, 'https://sg.upstream.example')
  }
})

t.test('loadConfig › a bad value names the variable', async (t) => {
  t.throws(() => loadConfig({ PORT: 'eighty' }), { message: /PORT/ })
  t.throws(() => loadConfig({ SESSION_KEYS: 'c2hvcnQ=' }), {
    message: /SESSION_KEYS: key #1 must be 32 bytes/,
  })
  t.throws(() => loadConfig({ UPSTREAMS_JSON: '{not json' }), { message: /UPSTREAMS_JSON: not valid JSON/ })
  t.throws(() => loadConfig({ UPSTREAMS_FILE: '/nonexistent/upstreams.json' }), {
    message: /UPSTREAMS_FILE: cannot read/,
  })
  t.throws(() => loadConfig({ SANDBOX: 'off' }), { message: /required when SANDBOX=off/ })
  t.throws(
    () =>
      loadConfig({
        NODE_ENV: 'production',
        SSR_MODE: 'vite',
        UPSTREAMS_JSON: topology,
        SESSION_KEYS: key(1),
        PUBLIC_ORIGIN: 'https://www.example.com',
      }),
    {
      message: /SSR_MODE/,
    },
  )
  const badRegion = JSON.stringify({
    environments: { 'us-k8s': { region: 'us', upstream: 'https://us.example' } },
    regions: { sg: { defaultEnvironment: 'us-k8s' } },
  })
  t.throws(() => loadConfig({ UPSTREAMS_JSON: badRegion }), {
    message: /regions\.sg\.defaultEnvironment: .*belongs to region us/,
  })
  t.throws(
    () =>
      loadConfig({
        UPSTREAMS_JSON: JSON.stringify({
          environments: { 'sg-k8s': { region: 'sg', upstream: 'ftp://x' } },
          regions: {},
        }),
      }),
    {
      message: /UPSTREAMS_JSON: environments\.sg-k8s\.upstream/,
    },
  )
  t.ok(new ConfigError('x') instanceof Error)
})

t.test('loadConfig › the drain outlasts an upstream call (ADR 0069)', async (t) => {
  t.equal(loadConfig({}).shutdown.timeoutMs, 25_000, 'unset: the upstream time-out (20 s) + 5 s')
  t.equal(loadConfig({ UPSTREAM_TIMEOUT_MS: '30000' }).shutdown.timeoutMs, 35_000, 'follows the upstream')
  t.equal(loadConfig({ SHUTDOWN_TIMEOUT_MS: '20000' }).shutdown.timeoutMs, 20_000, 'equal is enough')
  t.throws(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '10000' }), {
    name: 'ConfigError',
    message: /SHUTDOWN_TIMEOUT_MS \(10000\) must be at least UPSTREAM_TIMEOUT_MS \(20000\)/,
  })
})

t.test(
  'loadConfig › event-loop shedding is on by default, off in tests and under the Vite dev server',
  async (t) => {
    t.equal(loadConfig({}).shedding.eventLoopDelayMs, 200)
    t.equal(loadConfig({ NODE_ENV: 'test' }).shedding.eventLoopDelayMs, 0)
    // Vite's dependency optimizer blocks the loop for seconds; a developer's page waits for it.
    t.equal(loadConfig({ SSR_MODE: 'vite', NODE_ENV: 'development' }).shedding.eventLoopDelayMs, 0)
    t.equal(
      loadConfig({ SSR_MODE: 'vite', NODE_ENV: 'development', SHED_EVENT_LOOP_DELAY_MS: '150' }).shedding
        .eventLoopDelayMs,
      150,
      'an explicit value still wins',
    )
  },
)

t.test(
  'loadConfig › several replicas share their stores through Redis or refuse to start (issue 47)',
  async (t) => {
    const production = {
      NODE_ENV: 'production',
      UPSTREAMS_JSON: topology,
      SESSION_KEYS: key(1),
      PUBLIC_ORIGIN: 'https://www.example.com',
    }
    t.throws(() => loadConfig({ ...production, EXPECTED_REPLICAS: '2' }), {
      name: 'ConfigError',
      message: /EXPECTED_REPLICAS is 2 but REDIS_URL is unset.*ALLOW_PER_POD_STORES=true/s,
    })
    t.equal(
      loadConfig({ ...production, EXPECTED_REPLICAS: '2', ALLOW_PER_POD_STORES: 'true' }).allowPerPodStores,
      true,
    )
    const shared = loadConfig({ ...production, EXPECTED_REPLICAS: '2', REDIS_URL: 'redis://redis:6379' })
    t.equal(shared.allowPerPodStores, false, 'with Redis nothing is per pod')
    t.equal(
      loadConfig({ ...production, EXPECTED_REPLICAS: '1' }).allowPerPodStores,
      false,
      'one replica: fine',
    )
    t.doesNotThrow(
      () => loadConfig({ EXPECTED_REPLICAS: '3' }),
      'development runs one process whatever is declared',
    )
  },
)
