/** server/upstream/client.server.ts: an upstream (or forwarder) behind a path prefix is called under it. */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import t, { type Test } from 'tap'
import { UpstreamClient } from '../../../server/upstream/client.server.ts'

/** A gateway that answers every call with an empty success and remembers which paths it got. */
async function gateway(t: Test) {
  const paths: string[] = []
  const server = createServer((request, response) => {
    paths.push(request.url ?? '')
    request.resume()
    request.on('end', () => {
      const inner = JSON.stringify({ retCode: '000000', retMsg: 'ok', item: {}, items: [] })
      const forwarded = request.url?.endsWith('/basic-channel-service/forward')
      response.setHeader('content-type', 'application/json')
      response.end(
        forwarded
          ? JSON.stringify({ retCode: '000000', retMsg: 'ok', item: { status: 200, body: inner } })
          : inner,
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths }
}

t.test(
  'UpstreamClient › base URLs with a path: each call goes under its own prefix, again and again',
  async (t) => {
    const { origin, paths } = await gateway(t)
    const upstream = new UpstreamClient({
      topology: {
        environments: {
          'sg-k8s': { region: 'sg', upstream: `${origin}/gateway/sg` },
          'us-k8s': { region: 'us', upstream: origin },
          ten: {
            region: 'ten',
            upstream: 'http://ten.internal.example',
            forwarder: { url: `${origin}/edge`, env: 'ten', domain: 'ten.internal.example' },
          },
        },
        regions: { sg: { defaultEnvironment: 'sg-k8s' } },
      },
      timeoutMs: 5000,
    })
    t.teardown(() => upstream.close())
    const call = (environment: 'sg-k8s' | 'us-k8s' | 'ten') =>
      upstream.call({
        environment,
        path: '/basic-login/registerEmailCheck/4',
        method: 'POST',
        body: {},
        language: 'en',
      })
    for (let round = 0; round < 2; round++) {
      t.equal((await call('sg-k8s')).retCode, '000000')
      t.equal((await call('us-k8s')).retCode, '000000')
      t.equal((await call('ten')).retCode, '000000')
    }
    const once = [
      '/gateway/sg/basic-login/registerEmailCheck/4',
      '/basic-login/registerEmailCheck/4',
      '/edge/basic-channel-service/forward',
    ]
    t.same(paths, [...once, ...once], 'the prefix of each base URL, the forwarder under its own')
  },
)
