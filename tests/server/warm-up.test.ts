import t from 'tap'
import { loadConfig } from '../../config/index.ts'
import { build } from '../helper.ts'
import { sampleOf } from '../support/metrics.ts'
import { answersOk, waitFor } from '../support/wait.ts'

// ADR 0114: a process renders pages for nobody before it reports ready, so an ingress sends its
// first visitors to a warm renderer (cold, `npm run load` shed 70–190 renders in its first second).

t.test('warm-up › ready only after the warm-up renders, which start once listening', async (t) => {
  const { app } = await build(t, { ssr: true, env: { WARM_UP_RENDERS: '40' } })
  t.equal((await app.inject('/readyz')).statusCode, 503, 'not ready before listening: nothing warmed yet')
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  t.equal((await fetch(`${base}/readyz`)).status, 503, 'not ready while the renderer warms')
  t.equal((await fetch(`${base}/healthz`)).status, 200, 'alive meanwhile: no restart')
  const page = await fetch(`${base}/auth/sign_in`)
  t.equal(page.status, 200, 'a visitor arriving meanwhile gets the page')
  const warming = performance.now()
  await waitFor('ready after the warm-up', () => answersOk(`${base}/readyz`))
  t.equal(
    (await fetch(`${base}/readyz`)).status,
    200,
    `ready after the warm-up (≈ ${Math.round(performance.now() - warming)} ms)`,
  )
  const metrics = await app.metrics.metrics()
  // 40 warm-up renders and the visitor's page (rendered once for the cache) took their turns.
  t.equal(sampleOf(metrics, 'ssr_render_queue_wait_seconds_count', { outcome: 'rendered' }), 41)
  // Renders for nobody are no requests: nothing counted as served, nothing spent from a budget.
  t.equal(sampleOf(metrics, 'http_request_duration_seconds_count', { route: '/*', status_code: '200' }), 1)
})

t.test('warm-up › none in tests and development, 150 in production, 0 turns it off', async (t) => {
  t.equal(loadConfig({ NODE_ENV: 'test' }).shedding.warmUpRenders, 0)
  t.equal(loadConfig({ NODE_ENV: 'development', SSR_MODE: 'vite' }).shedding.warmUpRenders, 0)
  t.equal(loadConfig({ NODE_ENV: 'development' }).shedding.warmUpRenders, 150)
  t.equal(loadConfig({ NODE_ENV: 'development', WARM_UP_RENDERS: '0' }).shedding.warmUpRenders, 0)
  t.throws(() => loadConfig({ WARM_UP_RENDERS: '-1' }), /WARM_UP_RENDERS/)
  const { app } = await build(t, { ssr: true })
  t.equal((await app.inject('/readyz')).statusCode, 200, 'no warm-up: ready at once')
})
