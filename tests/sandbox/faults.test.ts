import t from 'tap'
import { startSandbox } from '../../sandbox/index.ts'
import { admin, call, sandboxFor } from './helpers.ts'

const sandbox = await sandboxFor(t)
const sg = sandbox.regions.sg.url
const us = sandbox.regions.us.url
const CHECK = '/basic-login/loginEmailCheck/4'
const body = { email: 'demo@sandbox.test' }

async function setFault(baseUrl: string, fault: unknown) {
  const response = await admin(baseUrl, 'PUT', '/faults', fault)
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

t.beforeEach(async () => {
  await admin(sg, 'POST', '/reset')
})

t.test('delay › answers normally after delayMs', async (t) => {
  t.equal((await setFault(sg, { delayMs: 300, remaining: 1 })).status, 200)
  const started = performance.now()
  const slow = await call(sg, CHECK, body)
  t.ok(performance.now() - started >= 280, 'waited the delay')
  t.match(await slow.json(), { retCode: '000000' })
  t.same(await (await admin(sg, 'GET', '/faults')).json(), { fault: null }, 'the fault is used up')
  await call(sg, CHECK, body)
  // Which request the delay answered, from the sandbox's own record: a ceiling on the second
  // request's time would fail on a busy machine, not on a fault that stayed armed.
  const { requests } = (await (await admin(sg, 'GET', '/requests')).json()) as {
    requests: Array<{ url: string; fault?: string }>
  }
  t.same(
    requests.filter((entry) => entry.url === CHECK).map((entry) => entry.fault ?? 'none'),
    ['delay 300ms', 'none'],
    'only the next request was delayed',
  )
})

t.test('status › that HTTP status with a small JSON error, until cleared', async (t) => {
  await setFault(sg, { status: 503 })
  for (let i = 0; i < 2; i++) {
    const response = await call(sg, CHECK, body)
    t.equal(response.status, 503)
    t.match(response.headers.get('content-type'), /^application\/json/)
    t.same(await response.json(), { error: 'Sandbox fault', message: 'Injected HTTP 503', statusCode: 503 })
  }
  t.same(await (await admin(sg, 'GET', '/faults')).json(), { fault: { status: 503 } })
  t.equal((await admin(sg, 'DELETE', '/faults')).status, 200)
  t.equal((await call(sg, CHECK, body)).status, 200, 'cleared')
})

t.test('reset › the socket is destroyed without an answer', async (t) => {
  await setFault(sg, { reset: true, remaining: 1 })
  await t.rejects(call(sg, CHECK, body), 'the request fails at the socket')
  t.equal((await call(sg, CHECK, body)).status, 200, 'the next one is answered')
})

t.test('garbage › 200 with a body that is not JSON', async (t) => {
  await setFault(sg, { garbage: true, remaining: 1 })
  const response = await call(sg, CHECK, body)
  t.equal(response.status, 200)
  const text = await response.text()
  t.ok(text.length > 0)
  t.throws(() => JSON.parse(text), 'not JSON, although the content-type claims it')
  t.match(response.headers.get('content-type'), /application\/json/)
})

t.test('oversizedBytes › a valid-looking JSON envelope of exactly that size', async (t) => {
  await setFault(sg, { oversizedBytes: 2_000_000, remaining: 1 })
  const response = await call(sg, CHECK, body)
  t.equal(response.status, 200)
  t.equal(response.headers.get('content-length'), '2000000')
  const text = await response.text()
  t.equal(Buffer.byteLength(text), 2_000_000)
  t.match(JSON.parse(text), { retCode: '000000', retMsg: 'success', items: [] })

  await setFault(sg, { oversizedBytes: 10, remaining: 1 })
  const tiny = await (await call(sg, CHECK, body)).text()
  t.same(
    JSON.parse(tiny),
    { retCode: '000000', retMsg: 'success', item: { padding: '' }, items: [] },
    'never below the envelope',
  )
})

t.test('delay combines with another kind', async (t) => {
  await setFault(sg, { delayMs: 200, status: 500, remaining: 1 })
  const started = performance.now()
  const response = await call(sg, CHECK, body)
  t.ok(performance.now() - started >= 180)
  t.equal(response.status, 500)
})

t.test('remaining › counts down, then the fault is gone', async (t) => {
  await setFault(sg, { status: 502, remaining: 2 })
  t.equal((await call(sg, CHECK, body)).status, 502)
  t.same(await (await admin(sg, 'GET', '/faults')).json(), { fault: { status: 502, remaining: 1 } })
  t.equal((await call(sg, CHECK, body)).status, 502)
  t.same(await (await admin(sg, 'GET', '/faults')).json(), { fault: null })
  t.equal((await call(sg, CHECK, body)).status, 200)
})

t.test('faults belong to one region server and spare housekeeping', async (t) => {
  await setFault(us, { status: 500 })
  t.equal((await call(sg, CHECK, body)).status, 200, 'sg is unaffected')
  t.equal((await call(us, CHECK, body)).status, 500)
  t.equal((await fetch(`${us}/healthz`)).status, 200, 'healthz is never faulted')
  t.equal((await admin(us, 'GET', '/requests')).status, 200, 'admin endpoints are never faulted')
  await admin(us, 'DELETE', '/faults')
})

t.test('reset clears faults on every server', async (t) => {
  await setFault(us, { status: 500 })
  await setFault(sg, { status: 500 })
  await admin(sg, 'POST', '/reset')
  t.equal((await call(us, CHECK, body)).status, 200)
  t.equal((await call(sg, CHECK, body)).status, 200)
})

t.test('invalid fault bodies are refused with 400', async (t) => {
  for (const fault of [
    {},
    { status: 200 },
    { status: 503, reset: true },
    { garbage: true, oversizedBytes: 10 },
    { delayMs: -1 },
    { delayMs: 1.5 },
    { remaining: 0, status: 500 },
    { reset: false },
    { surprise: true, status: 500 },
    'status=500',
  ]) {
    const { status, json } = await setFault(sg, fault)
    t.equal(status, 400, JSON.stringify(fault))
    t.match(json, { error: 'Bad Request', message: String })
  }
  t.same(await (await admin(sg, 'GET', '/faults')).json(), { fault: null }, 'nothing was armed')
})

t.test('closing the sandbox does not wait for an injected delay', async (t) => {
  const own = await startSandbox()
  await setFault(own.regions.hk.url, { delayMs: 60_000 })
  const pending = call(own.regions.hk.url, CHECK, body).then(
    () => 'answered',
    () => 'failed',
  )
  await new Promise((resolve) => setTimeout(resolve, 50))
  // Had the close waited out the delay, the request would have been answered; the test's time-out
  // is the hang guard (no ceiling on the close's time, which a busy machine stretches).
  await own.close()
  t.equal(await pending, 'failed', 'the delayed request is dropped, not waited for')
})
