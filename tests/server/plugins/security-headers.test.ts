import fastifyHelmet from '@fastify/helmet'
import Fastify from 'fastify'
import t from 'tap'
import securityHeaders, { helmetOptions } from '../../../server/plugins/external/helmet.ts'
import { JSON_ANSWER_CSP, jsonAnswerHeaders } from '../../../server/refusal.ts'

const NONCE = /[0-9a-f]{32}/g

async function serve(register: (app: ReturnType<typeof Fastify>) => Promise<void>) {
  const app = Fastify()
  await register(app)
  app.get('/page', async (_request, reply) => ({ nonces: reply.cspNonce }))
  app.get('/api/thing', async () => ({ retCode: '000000' }))
  await app.ready()
  return app
}

/** Header names and values in the order they are written, nonces masked. */
function headerLines(headers: Record<string, unknown>): string[] {
  return Object.entries(headers)
    .filter(
      ([name]) => !['date', 'content-length', 'content-type', 'connection', 'keep-alive'].includes(name),
    )
    .map(([name, value]) => `${name}: ${String(value).replace(NONCE, 'NONCE')}`)
}

for (const options of [
  { development: false, https: false },
  { development: false, https: true },
  { development: true, https: false },
  { development: false, https: true, captchaOrigin: 'https://static.geetest.com' },
]) {
  t.test(
    `headers computed once › byte for byte what @fastify/helmet sent (${JSON.stringify(options)})`,
    async (t) => {
      const ours = await serve(async (app) => {
        await app.register(securityHeaders, options)
      })
      const reference = await serve(async (app) => {
        await app.register(fastifyHelmet, { enableCSPNonces: true, ...helmetOptions(options, null) })
      })
      t.teardown(() => Promise.all([ours.close(), reference.close()]))
      const [mine, theirs] = await Promise.all([ours.inject('/page'), reference.inject('/page')])
      t.ok(headerLines(theirs.headers).some((line) => line.startsWith('content-security-policy')))
      t.same(headerLines(mine.headers), headerLines(theirs.headers))

      const { nonces } = mine.json() as { nonces: { script: string; style: string } }
      const csp = String(mine.headers['content-security-policy'])
      t.match(
        csp,
        `script-src 'strict-dynamic' ${options.captchaOrigin ? `${options.captchaOrigin} ` : ''}'nonce-${nonces.script}'`,
        'the reply sees the nonce it sends',
      )
      t.match(csp, `'nonce-${nonces.style}'`)
      t.not(nonces.script, nonces.style)
    },
  )
}

t.test('headers computed once › every response gets fresh nonces', async (t) => {
  const app = await serve(async (app) => {
    await app.register(securityHeaders, { development: false, https: false })
  })
  t.teardown(() => app.close())
  const seen = new Set<string>()
  for (let index = 0; index < 200; index++) {
    const csp = String((await app.inject('/page')).headers['content-security-policy'])
    for (const nonce of csp.match(NONCE) ?? []) seen.add(nonce)
  }
  t.equal(seen.size, 400)
})

// JSON answers are not documents (ADR 0117): nothing may load in them or frame them, no nonce is
// drawn for them, and the pages' document-only headers are left out.
t.test("api answers › a static, stricter policy and the JSON answers' own headers", async (t) => {
  const app = await serve(async (app) => {
    await app.register(securityHeaders, { development: false, https: true })
  })
  t.teardown(() => app.close())
  const [api, again, page] = await Promise.all([
    app.inject('/api/thing'),
    app.inject('/api/thing'),
    app.inject('/page'),
  ])
  t.equal(api.headers['content-security-policy'], JSON_ANSWER_CSP, 'the policy of every JSON answer')
  t.match(JSON_ANSWER_CSP, /^default-src 'none';.*frame-ancestors 'none'/)
  t.same(headerLines(again.headers), headerLines(api.headers), 'the same bytes each time')
  t.same(
    headerLines(api.headers),
    Object.entries(jsonAnswerHeaders(true)).map(([name, value]) => `${name}: ${value}`),
    "exactly the JSON answers' headers, in their order",
  )
  // security.md #14 on every response, and what keeps a JSON answer from being read cross-origin.
  t.equal(api.headers['x-content-type-options'], 'nosniff')
  t.equal(api.headers['referrer-policy'], 'strict-origin-when-cross-origin')
  t.match(String(api.headers['strict-transport-security']), /max-age=31536000/)
  t.equal(api.headers['x-frame-options'], 'DENY')
  t.equal(api.headers['cross-origin-resource-policy'], 'same-origin')
  for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection']) {
    t.ok(page.headers[documentOnly], `pages keep ${documentOnly}`)
    t.notOk(api.headers[documentOnly], `no ${documentOnly} on a JSON answer`)
  }
  t.match(String(page.headers['content-security-policy']), /'nonce-[0-9a-f]{32}'/, 'pages keep their nonces')
})
