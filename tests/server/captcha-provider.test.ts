import t from 'tap'
import { loadConfig } from '../../config/index.ts'
import { build, SAME_ORIGIN } from '../helper.ts'

const PROVIDER = { CAPTCHA_SCRIPT_URL: 'https://static.geetest.com/v4/gt4.js', CAPTCHA_ID: 'c0ffee42' }
const ORIGIN = 'https://static.geetest.com'

/** The CSP's directives as name → sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  )
}

t.test('captcha provider › config: both values or neither, https unless local', async (t) => {
  t.equal(loadConfig({}).captchaProvider, null)
  t.same(loadConfig(PROVIDER).captchaProvider, {
    ...{ scriptUrl: PROVIDER.CAPTCHA_SCRIPT_URL },
    captchaId: 'c0ffee42',
    origin: ORIGIN,
  })
  t.throws(() => loadConfig({ CAPTCHA_SCRIPT_URL: PROVIDER.CAPTCHA_SCRIPT_URL }), { message: /go together/ })
  t.throws(() => loadConfig({ CAPTCHA_ID: 'c0ffee42' }), { message: /go together/ })
  t.throws(() => loadConfig({ ...PROVIDER, CAPTCHA_SCRIPT_URL: 'http://static.geetest.com/v4/gt4.js' }), {
    message: /must be https/,
  })
  t.throws(() => loadConfig({ ...PROVIDER, CAPTCHA_ID: 'id with spaces' }), { message: /CAPTCHA_ID/ })
  t.equal(
    loadConfig({ ...PROVIDER, CAPTCHA_SCRIPT_URL: 'http://localhost:4502/gt4.js' }).captchaProvider?.origin,
    'http://localhost:4502',
  )
})

t.test(
  'captcha provider › on: exactly its origin in script, style, img and connect, nowhere else',
  async (t) => {
    const { app } = await build(t, { env: PROVIDER })
    const csp = String((await app.inject('/healthz')).headers['content-security-policy'])
    const policy = directives(csp)
    for (const [name, sources] of policy) {
      const expected = ['script-src', 'style-src', 'img-src', 'connect-src'].includes(name)
      t.equal(
        sources.filter((source) => source === ORIGIN).length,
        expected ? 1 : 0,
        `${name}: ${sources.join(' ')}`,
      )
      t.notOk(
        sources.some((source) => source.includes('*') || /^https?:$/.test(source)),
        `${name}: no wildcard or scheme-wide source`,
      )
    }
    t.same(policy.get('script-src')?.slice(0, 2), ["'strict-dynamic'", ORIGIN])
    t.match(policy.get('script-src')?.[2], /^'nonce-[0-9a-f]{32}'$/, 'the nonce is still there')
    t.same(policy.get('default-src'), ["'self'"])
    t.notOk(policy.has('frame-src'), 'no frames: frames fall back to default-src self')
  },
)

t.test('captcha provider › off: the policy names no other origin', async (t) => {
  const { app } = await build(t)
  const csp = String((await app.inject('/healthz')).headers['content-security-policy'])
  // form-action names the region consoles (a signed-in user's "Go to the console" posts there
  // through a redirect): not the captcha's business; every other directive is ours alone.
  t.notMatch(csp.replace(/form-action[^;]*;/, ''), /https?:\/\//)
  t.match(csp, /connect-src 'self';/)
  t.match(csp, /img-src 'self' data:;/)
})

t.test(
  'captcha provider › the BFF forwards a provider result and the upstream answers a captchaPass',
  async (t) => {
    const { app } = await build(t, { env: PROVIDER })
    const call = (name: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api/basic-login/${name}/4`, headers: SAME_ORIGIN, payload })
    const challenge = (await call('initSgGeetestInfo', {})).json().item as { challengeId: string }
    const result = { lot_number: 'lot1', captcha_output: 'out', pass_token: 'pass', gen_time: '1700000000' }

    const incomplete = await call('checkSgGeetestInfo', {
      challengeId: challenge.challengeId,
      lot_number: 'lot1',
    })
    t.equal(incomplete.statusCode, 400, 'an incomplete result is refused before the upstream')
    t.same(incomplete.json().item, { field: 'captcha_output' }, 'the first missing part is named')

    const solved = await call('checkSgGeetestInfo', { challengeId: challenge.challengeId, ...result })
    t.equal(solved.json().retCode, '000000')
    t.match(solved.json().item.captchaPass, /^cpt_/)
    const again = await call('checkSgGeetestInfo', { challengeId: challenge.challengeId, ...result })
    t.equal(again.json().retCode, '700169', 'a challenge takes one result')
  },
)
