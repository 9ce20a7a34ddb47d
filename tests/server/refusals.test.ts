import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import type { LightMyRequestResponse } from 'fastify'
import t, { type Test } from 'tap'
import { DEMO_ACCOUNT } from '../../sandbox/fixtures.ts'
import { build, cookieHeader, SAME_ORIGIN, signIn } from '../helper.ts'

/** A page row through /api (the sign-up's address check): the refusals come before the proxy. */
const LOGIN = '/api/basic-login/registerEmailCheck/4'

/** Every refusal carries the headers a page would, and never Fastify's default error shape. */
function assertHardened(t: Test, headers: Record<string, unknown>, body: string, label: string) {
  t.equal(headers['x-content-type-options'], 'nosniff', `${label}: nosniff`)
  t.equal(headers['x-frame-options'], 'DENY', `${label}: framing refused`)
  t.match(String(headers['content-security-policy']), /frame-ancestors 'none'/, `${label}: CSP`)
  t.equal(headers['referrer-policy'], 'strict-origin-when-cross-origin', `${label}: referrer policy`)
  t.notMatch(body, /"statusCode"|FST_|"error":"Bad Request"/, `${label}: no framework error body`)
}

function envelopeOf(response: LightMyRequestResponse) {
  t.match(String(response.headers['content-type']), /application\/json/)
  return response.json() as { retCode: string; retMsg: string }
}

t.test('refusals on /api › localised envelope with the security headers', async (t) => {
  const { app } = await build(t)
  const zh = { ...SAME_ORIGIN, 'accept-language': 'zh-CN,zh;q=0.9' }
  /** A refused body: its label, the status it earns, its content type and text, the Chinese message. */
  const refused = (label: string, status: number, contentType: string, payload: string, zhText: RegExp) => ({
    label,
    status,
    headers: { 'content-type': contentType },
    payload,
    zhText,
  })
  const cases = [
    refused('malformed JSON', 400, 'application/json', '{"email":', /无效/),
    refused('empty JSON body', 400, 'application/json', '', /无效/),
    refused('XML', 415, 'application/xml', '<a/>', /不接受/),
    refused('multipart', 415, 'multipart/form-data; boundary=x', '--x--', /不接受/),
    refused('octet-stream', 415, 'application/octet-stream', 'x', /不接受/),
    refused('oversized body', 413, 'application/json', JSON.stringify({ email: 'a'.repeat(70_000) }), /过大/),
  ]
  for (const c of cases) {
    const response = await app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { ...zh, ...c.headers },
      payload: c.payload,
    })
    t.equal(response.statusCode, c.status, c.label)
    const body = envelopeOf(response)
    t.equal(body.retCode, String(c.status), `${c.label}: envelope code`)
    t.match(body.retMsg, c.zhText, `${c.label}: Chinese message`)
    assertHardened(t, response.headers, response.body, c.label)
  }
  const english = await app.inject({
    method: 'POST',
    url: LOGIN,
    headers: { ...SAME_ORIGIN, 'content-type': 'application/xml' },
    payload: '<a/>',
  })
  t.match(envelopeOf(english).retMsg, /not accepted/, 'English by default')
  const badPath = await app.inject({ method: 'GET', url: '/api/basic-login/%E0%A4%A', headers: SAME_ORIGIN })
  t.equal(badPath.statusCode, 400, 'malformed % in an /api path')
  t.equal(envelopeOf(badPath).retCode, '400')
  assertHardened(t, badPath.headers, badPath.body, 'malformed % on /api')
})

t.test('refusals on page URLs › a localised HTML page with the security headers', async (t) => {
  const { app } = await build(t)
  const badPath = await app.inject({ method: 'GET', url: '/auth/%E0%A4%A?language=zh' })
  t.equal(badPath.statusCode, 400)
  t.match(String(badPath.headers['content-type']), /text\/html/)
  t.match(badPath.body, /<html lang="zh-CN"/)
  t.match(badPath.body, /无法识别该地址/)
  assertHardened(t, badPath.headers, badPath.body, 'malformed % on a page')
  const nonce = /'nonce-([^']+)'/.exec(String(badPath.headers['content-security-policy']))?.[1] ?? ''
  t.ok(Buffer.from(nonce, 'base64').length >= 16, 'a fresh nonce of at least 128 bits')
  t.match(badPath.body, `<style nonce="${nonce}">`, 'its style carries the nonce')

  const wrongMethod = await app.inject({ method: 'DELETE', url: '/auth/sign_in' })
  t.equal(wrongMethod.statusCode, 404)
  t.match(wrongMethod.body, /Page not found/)
  assertHardened(t, wrongMethod.headers, wrongMethod.body, 'unknown route')
})

t.test('plain sign-out form that fails its CSRF check › a page saying what happened', async (t) => {
  const { app } = await build(t)
  const cookie = await signIn(app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  const form = {
    'content-type': 'application/x-www-form-urlencoded',
    'sec-fetch-site': 'same-origin',
    'accept-language': 'en',
    ...cookieHeader(cookie),
  }
  for (const [label, payload, headers] of [
    ['missing token', '', form],
    ['forged token', '_csrf=forged', form],
    ['cross-site post', '_csrf=forged', { ...form, 'sec-fetch-site': 'cross-site' }],
  ] as const) {
    const response = await app.inject({ method: 'POST', url: '/auth/sign_out', headers, payload })
    t.equal(response.statusCode, 403, label)
    t.match(String(response.headers['content-type']), /text\/html/, `${label}: HTML, not JSON`)
    t.match(response.body, /This form has expired or did not come from this site/, label)
    assertHardened(t, response.headers, response.body, label)
  }
})

/** Sends raw bytes to a listening app and reads the whole answer. */
async function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk) => {
      answer += chunk
    })
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
    socket.write(bytes)
  })
}

t.test("Node's own 400 and 431 › our headers and a localised body", async (t) => {
  const { app } = await build(t)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const garbage = await rawExchange(port, 'GARBAGE / HTTP/1.1\r\nHost: x\r\nAccept-Language: zh\r\n\r\n')
  t.match(garbage, /^HTTP\/1\.1 400 /)
  t.match(garbage, /x-content-type-options: nosniff/i)
  t.match(garbage, /content-security-policy: [^\r]*frame-ancestors 'none'/i)
  t.match(Buffer.from(garbage, 'latin1').toString('utf8'), /无法识别/)
  const huge = await rawExchange(
    port,
    `GET /api/x HTTP/1.1\r\nHost: x\r\nX-Requested-With: fetch\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
  )
  t.match(huge, /^HTTP\/1\.1 431 /)
  t.match(huge, /x-frame-options: DENY/i)
  t.notMatch(huge, /"statusCode"/)
})
