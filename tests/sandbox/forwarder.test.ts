import t from 'tap'
import { DEMO_ACCOUNT, FORWARD_PATH, US_ACCOUNT } from '../../sandbox/index.ts'
import type { ApiEnvelope } from '../../shared/envelope.ts'
import { admin, sandboxFor, signIn } from './helpers.ts'

const sandbox = await sandboxFor(t)
const sg = sandbox.regions.sg.url
const us = sandbox.regions.us.url

interface Forwarded {
  status: number
  contentType: string
  body: string
}

async function forward(wrapper: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${sandbox.forwarderUrl}${FORWARD_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(wrapper),
  })
  return { status: response.status, envelope: (await response.json()) as ApiEnvelope<Forwarded> }
}

async function lastRequest(baseUrl: string) {
  const { requests } = (await (await admin(baseUrl, 'GET', '/requests')).json()) as {
    requests: Array<{
      method: string
      url: string
      headers: Record<string, string>
      body: unknown
      auth: unknown
    }>
  }
  return requests.at(-1)
}

t.beforeEach(async () => {
  await admin(sg, 'POST', '/reset')
})

t.test('the forwarder lives on the sg server', async (t) => {
  t.equal(sandbox.forwarderUrl, sg)
  const elsewhere = await fetch(`${us}${FORWARD_PATH}`, { method: 'POST' })
  t.equal(elsewhere.status, 404)
})

t.test('form-data round trip to another region, passing language and Authorization', async (t) => {
  const token = await signIn(t, us, US_ACCOUNT)
  const { status, envelope } = await forward(
    {
      url: '/tokens/getToken',
      method: 'POST',
      domain: 'us.example.test',
      env: 'us-k8s',
      payload: { note: 'hello world', nested: { a: '1' } },
    },
    { language: 'zh', authorization: `Bearer ${token}`, cookie: 'session=secret' },
  )
  t.equal(status, 200)
  t.equal(envelope.retCode, '000000')
  t.equal(envelope.retMsg, 'success')
  t.equal(envelope.item.status, 200)
  t.match(envelope.item.contentType, /^application\/json/)
  const inner = JSON.parse(envelope.item.body) as ApiEnvelope
  t.equal(inner.retCode, '000000', 'the Bearer token reached us-k8s and was valid there')

  const seen = await lastRequest(us)
  t.match(seen, {
    method: 'POST',
    url: '/tokens/getToken',
    headers: {
      language: 'zh',
      authorization: 'Bearer ***',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: { note: 'hello world', nested: { a: '1' } },
    auth: { scheme: 'Bearer', valid: true, email: US_ACCOUNT.email },
  })
  t.notOk(seen && 'cookie' in seen.headers, 'the Cookie header is not passed through')
})

t.test('json round trip, inner error codes come back inside body', async (t) => {
  const { envelope } = await forward(
    {
      url: '/basic-login/serviceLoginNew/4',
      method: 'post',
      env: 'sg-k8s',
      contentType: 'json',
      payload: { email: DEMO_ACCOUNT.email, password: 'Wrong-Pass1' },
    },
    { language: 'en' },
  )
  t.equal(envelope.retCode, '000000', 'the forwarder itself succeeded')
  t.match(JSON.parse(envelope.item.body), { retCode: '700211', retMsg: 'Incorrect account or password.' })
  t.match(await lastRequest(sg), {
    method: 'POST',
    url: '/basic-login/serviceLoginNew/4',
    headers: { 'content-type': 'application/json' },
    body: { email: DEMO_ACCOUNT.email, password: '***' },
  })
})

t.test('GET (the default method) sends the payload as a query string', async (t) => {
  const { envelope } = await forward({ url: '/healthz', env: 'hk', payload: { probe: 'yes' } })
  t.equal(envelope.item.status, 200)
  t.same(JSON.parse(envelope.item.body), { status: 'ok', region: 'hk' })

  const { envelope: notFound } = await forward({
    url: '/basic-login/loginEmailCheck/4?x=1',
    env: 'ten',
    payload: { email: 'a@b.c' },
  })
  t.equal(notFound.item.status, 404, 'the upstream methods are POST: GET is not found')
  t.match(await lastRequest(sandbox.regions.ten.url), {
    method: 'GET',
    url: '/basic-login/loginEmailCheck/4?x=1&email=a%40b.c',
  })
})

t.test('an absolute url keeps only its path: env picks the server', async (t) => {
  const { envelope } = await forward({
    url: 'https://elsewhere.example/basic-login/loginEmailCheck/4',
    method: 'POST',
    env: 'sg-grey',
    payload: { email: DEMO_ACCOUNT.email },
  })
  t.equal(envelope.item.status, 200)
  t.match(JSON.parse(envelope.item.body), { retCode: '000000', item: { email: DEMO_ACCOUNT.email } })
})

t.test('unknown env and invalid wrappers answer 999999', async (t) => {
  const unknown = await forward({ url: '/healthz', env: 'mars' }, { language: 'en' })
  t.equal(unknown.status, 200)
  t.match(unknown.envelope, { retCode: '999999', retMsg: /Unknown environment: mars/ })
  const zh = await forward({ url: '/healthz', env: 'mars' }, { language: 'zh' })
  t.match(zh.envelope.retMsg, /未知环境/)

  for (const wrapper of [
    { url: '/healthz' },
    { env: 'sg-k8s' },
    { url: '/healthz', env: 'sg-k8s', method: 'TRACE' },
    { url: '/healthz', env: 'sg-k8s', contentType: 'xml' },
    { url: 'healthz', env: 'sg-k8s' },
    { url: '//evil.example/x', env: 'sg-k8s' },
    { url: '/__sandbox/reset', method: 'POST', env: 'sg-k8s' },
    { url: FORWARD_PATH, method: 'POST', env: 'sg-k8s' },
  ]) {
    const { status, envelope } = await forward(wrapper)
    t.equal(status, 200)
    t.equal(envelope.retCode, '999999', JSON.stringify(wrapper))
  }
})

t.test('a target that resets the connection answers 999999', async (t) => {
  await admin(us, 'PUT', '/faults', { reset: true, remaining: 1 })
  const { envelope } = await forward({ url: '/healthz', env: 'us-k8s' })
  t.equal(envelope.item.status, 200, 'healthz is never faulted')
  const failed = await forward({ url: '/tokens/getToken', method: 'POST', env: 'us-k8s' })
  t.match(failed.envelope, { retCode: '999999', retMsg: /did not answer/ })
})

t.test('an inner HTTP error status is reported, not hidden', async (t) => {
  await admin(us, 'PUT', '/faults', { status: 503, remaining: 1 })
  const { envelope } = await forward({ url: '/tokens/getToken', method: 'POST', env: 'us-k8s' })
  t.equal(envelope.retCode, '000000')
  t.equal(envelope.item.status, 503)
  t.match(JSON.parse(envelope.item.body), { error: 'Sandbox fault' })
})
