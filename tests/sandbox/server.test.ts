import { pino } from 'pino'
import t from 'tap'
import { startSandbox } from '../../sandbox/index.ts'
import { ENVIRONMENT_NAMES, REGION_IDS } from '../../shared/regions.ts'
import { call, sandboxFor } from './helpers.ts'

t.test('startSandbox › one loopback server per region, environments mapped onto them', async (t) => {
  const sandbox = await sandboxFor(t)
  t.same(Object.keys(sandbox.regions).sort(), [...REGION_IDS].sort())
  t.same(Object.keys(sandbox.environments).sort(), [...ENVIRONMENT_NAMES].sort())
  const origins = new Set(REGION_IDS.map((region) => sandbox.regions[region].url))
  t.equal(origins.size, 4, 'four distinct servers')
  for (const region of REGION_IDS) t.match(sandbox.regions[region].url, /^http:\/\/127\.0\.0\.1:\d+$/)
  const expected = {
    'sg-k8s': 'sg',
    'sg-grey': 'sg',
    'us-k8s': 'us',
    hk: 'hk',
    'ten-test': 'ten',
    ten: 'ten',
  }
  for (const env of ENVIRONMENT_NAMES) {
    t.equal(sandbox.environments[env].region, expected[env], env)
    t.equal(sandbox.environments[env].url, sandbox.regions[expected[env] as 'sg'].url)
  }
  t.equal(sandbox.forwarderUrl, sandbox.regions.sg.url)
  for (const region of REGION_IDS) {
    const health = await fetch(`${sandbox.regions[region].url}/healthz`)
    t.equal(health.status, 200)
    t.same(await health.json(), { status: 'ok', region })
  }
})

t.test('startSandbox › fixed ports, and close frees them', async (t) => {
  const probe = await startSandbox()
  const port = Number(new URL(probe.regions.hk.url).port)
  await probe.close()
  const sandbox = await startSandbox({ ports: { hk: port } })
  t.equal(sandbox.regions.hk.url, `http://127.0.0.1:${port}`)
  await sandbox.close()
  await sandbox.close()
  t.pass('close is idempotent')
  await t.rejects(fetch(`http://127.0.0.1:${port}/healthz`), 'nothing listens after close')
  const again = await startSandbox({ ports: { hk: port } })
  t.teardown(() => again.close())
  t.equal(again.regions.hk.url, `http://127.0.0.1:${port}`, 'the port is free again')
})

t.test('startSandbox › a taken port fails and leaves nothing running', async (t) => {
  const first = await sandboxFor(t)
  const port = Number(new URL(first.regions.us.url).port)
  await t.rejects(startSandbox({ ports: { us: port } }), { code: 'EADDRINUSE' })
})

t.test('unknown paths, bad bodies and media types answer with the envelope', async (t) => {
  const sandbox = await sandboxFor(t)
  const sg = sandbox.regions.sg.url
  const missing = await call(sg, '/basic-login/nothingHere/4', {}, { headers: { language: 'zh' } })
  t.equal(missing.status, 404)
  t.same(await missing.json(), { retCode: '999999', retMsg: '服务不存在', item: {}, items: [] })

  const badJson = await fetch(`${sg}/basic-login/loginEmailCheck/4`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"email":',
  })
  t.equal(badJson.status, 400)
  t.match(await badJson.json(), { retCode: '999999', retMsg: 'The request could not be read.' })

  const emptyJson = await fetch(`${sg}/basic-login/loginEmailCheck/4`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  })
  t.match(await emptyJson.json(), { retCode: '700077' }, 'an empty JSON body reads as no fields')

  const text = await fetch(`${sg}/basic-login/loginEmailCheck/4`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: 'email=demo@sandbox.test',
  })
  t.equal(text.status, 415)
  t.match(await text.json(), { retCode: '999999' })

  const huge = await fetch(`${sg}/basic-login/loginEmailCheck/4`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `email=${'a'.repeat(2 * 1024 * 1024)}`,
  })
  t.equal(huge.status, 413)
})

t.test('the now option drives timestamps of the request log', async (t) => {
  const sandbox = await sandboxFor(t, { now: () => Date.UTC(2030, 0, 1) })
  await call(sandbox.regions.us.url, '/basic-login/loginEmailCheck/4', {})
  const { requests } = (await (await fetch(`${sandbox.regions.us.url}/__sandbox/requests`)).json()) as {
    requests: Array<{ at: string }>
  }
  t.equal(requests[0]?.at, '2030-01-01T00:00:00.000Z')
})

t.test('logger › pino options or an existing pino logger', async (t) => {
  const withOptions = await sandboxFor(t, { logger: { level: 'silent' } })
  t.equal((await fetch(`${withOptions.regions.sg.url}/healthz`)).status, 200)
  const withInstance = await sandboxFor(t, { logger: pino({ level: 'silent' }) })
  t.equal((await fetch(`${withInstance.regions.ten.url}/healthz`)).status, 200)
})
