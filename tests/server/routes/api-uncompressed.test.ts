/**
 * ADR 0106: `/api` answers go out uncompressed, however large and whatever the browser accepts
 * (an answer can echo the caller's input; compression would put it under one length with the
 * rest), and a compressed request body is not unpacked (no page sends one).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import { apiPost, appWithUpstreams } from '../upstream/harness.ts'

/** An upstream whose every answer is a success carrying ≈ 3 KB of text (past the 1 KB threshold). */
const bulky = 'x'.repeat(3000)
const upstream = createServer((request, response) => {
  request.resume()
  request.on('end', () => {
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ retCode: '000000', retMsg: 'ok', item: { note: bulky }, items: [] }))
  })
})
await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
t.teardown(() => new Promise<void>((resolve) => upstream.close(() => resolve())))
const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`

const EMAIL_CHECK = '/api/basic-login/registerEmailCheck/4'

t.test('/api › a 3 KB answer goes out uncompressed to a browser that accepts br and gzip', async (t) => {
  const { app } = await appWithUpstreams(t, {
    environments: { 'sg-k8s': { region: 'sg', upstream: origin } },
    regions: { sg: { defaultEnvironment: 'sg-k8s' } },
  })
  const answer = await apiPost(
    app,
    EMAIL_CHECK,
    { email: 'bulky@trial.example' },
    { 'accept-encoding': 'br, gzip' },
  )
  t.equal(answer.statusCode, 200)
  t.equal(answer.headers['content-encoding'], undefined, 'no encoding')
  t.ok(answer.rawPayload.length > 3000, `the answer as it is (${answer.rawPayload.length} B)`)
  t.equal(answer.json().item.note, bulky)

  const packed = await app.inject({
    method: 'POST',
    url: EMAIL_CHECK,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    },
    payload: gzipSync(JSON.stringify({ email: 'bulky@trial.example' })),
  })
  t.equal(packed.statusCode, 400, 'a gzip body is read as it came: not JSON')
})
