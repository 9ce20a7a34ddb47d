import t, { type Test } from 'tap'
import { loggedApp } from '../support/logged-app.ts'

async function appLogging(t: Test, env: Record<string, string>) {
  const { app, lines } = await loggedApp(t, env)
  return { app, warnings: () => lines.filter((line) => line.includes('TRUST_PROXY is off')) }
}

t.test('X-Forwarded-For without TRUST_PROXY › the log warns, once an hour', async (t) => {
  const { app, warnings } = await appLogging(t, {})
  await app.inject('/healthz')
  t.equal(warnings().length, 0, 'no proxy, no warning')
  for (let index = 0; index < 3; index++) {
    await app.inject({ url: '/healthz', headers: { 'x-forwarded-for': `198.51.100.${index}` } })
  }
  t.equal(warnings().length, 1, 'warned once, not per request')
  t.match(JSON.parse(warnings()[0] ?? '{}'), { level: 40 })
})

t.test('X-Forwarded-For with TRUST_PROXY set › no warning', async (t) => {
  const { app, warnings } = await appLogging(t, { TRUST_PROXY: 'loopback' })
  await app.inject({ url: '/healthz', headers: { 'x-forwarded-for': '198.51.100.1' } })
  t.equal(warnings().length, 0)
})
