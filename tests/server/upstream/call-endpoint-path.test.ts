/**
 * One path filler (issue 44 point 4): `callEndpoint` fills an endpoint's path with `fillPath` of
 * shared/api/path.ts, the browser's own — every placeholder encoded, and a missing one an error
 * instead of an empty segment sent upstream.
 */
import t from 'tap'
import { sandboxTopology } from '../../../server/sandbox-topology.ts'
import { callEndpoint } from '../../../server/upstream/call-endpoint.server.ts'
import { ENDPOINTS } from '../../../shared/api/endpoints.ts'
import { fillPath } from '../../../shared/api/path.ts'
import { build, sandboxRequests } from '../../helper.ts'

const { app, sandbox } = await build(t, {
  extraRoutes: (app) => {
    app.post('/__test/check-link', async (request) => {
      const params = request.body as Record<string, string>
      const topology = sandboxTopology(sandbox)
      try {
        await callEndpoint(request, topology, 'checkResetPwdLink', {}, { params, bearerToken: null })
        return { called: true }
      } catch (error) {
        return { called: false, error: (error as Error).message }
      }
    })
  },
})
const sg = sandbox.regions.sg.url

t.test('callEndpoint › fills the path as the browser does, encoded', async (t) => {
  const id = 'link id+/?'
  const answered = await app.inject({ method: 'POST', url: '/__test/check-link', payload: { id } })
  t.same(answered.json(), { called: true })
  const sent = (await sandboxRequests(sg)).map((request) => request.url.split('?')[0])
  t.ok(
    sent.includes(`/${fillPath(ENDPOINTS.checkResetPwdLink.path, { id })}`),
    'the upstream got the path fillPath builds',
  )
  t.ok(
    sent.some((url) => url?.endsWith('/checkResetPwdLink/link%20id%2B%2F%3F')),
    'every character that is not safe in a segment is encoded',
  )
})

t.test('callEndpoint › a missing path parameter is an error, never an empty segment upstream', async (t) => {
  const before = (await sandboxRequests(sg)).length
  const answered = await app.inject({ method: 'POST', url: '/__test/check-link', payload: {} })
  t.match(answered.json(), { called: false, error: /no value for path parameter \{id\}/ })
  t.equal((await sandboxRequests(sg)).length, before, 'nothing was sent upstream')
})
