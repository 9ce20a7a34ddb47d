import fastifyHelmet from '@fastify/helmet'
import Fastify from 'fastify'
import t from 'tap'
import securityHeaders, { helmetOptions } from '../../../server/plugins/external/helmet.ts'
import { JSON_ANSWER_CSP } from '../../../server/refusal.ts'

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

// JSON answers are not documents: nothing may load in them or frame them, and no nonce is drawn
// for them. Every other header is the pages' own.
t.test('api answers › a static, stricter policy; the other headers as for pages', async (t) => {
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
  t.equal(
    again.headers['content-security-policy'],
    api.headers['content-security-policy'],
    'the same bytes each time',
  )
  const withoutPolicy = (lines: string[]) =>
    lines.filter((line) => !line.startsWith('content-security-policy'))
  t.same(withoutPolicy(headerLines(api.headers)), withoutPolicy(headerLines(page.headers)))
  t.match(String(page.headers['content-security-policy']), /'nonce-[0-9a-f]{32}'/, 'pages keep their nonces')
})
