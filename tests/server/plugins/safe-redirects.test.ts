import { Writable } from 'node:stream'
import Fastify from 'fastify'
import t, { type Test } from 'tap'
import { loadConfig } from '../../../config/index.ts'
import safeRedirects, { OFF_SITE_FALLBACK, originFormOf } from '../../../server/plugins/app/safe-redirects.ts'
import { build, OWN_PAGE_LINK, sessionKey } from '../../helper.ts'

const SITE = 'https://site.example'
const MICROSOFT = 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize'
const SHOPIFY = 'https://accounts.shopify.com/oauth/authorize'
const CAPTCHA = 'https://static.captcha.example/load.js'
const CONSOLE = 'https://console.sg.example/app'

/** A deployment's configuration: every origin a redirect may name comes from here. */
function deployedConfig() {
  return loadConfig({
    NODE_ENV: 'production',
    SESSION_KEYS: sessionKey(5),
    PUBLIC_ORIGIN: SITE,
    MICROSOFT_AUTHORIZE_URL: MICROSOFT,
    MICROSOFT_CLIENT_ID: 'client',
    EXTERNAL_AUTHORIZE_URLS: JSON.stringify({ shopify: SHOPIFY }),
    CAPTCHA_SCRIPT_URL: CAPTCHA,
    CAPTCHA_ID: 'captcha-id',
    UPSTREAMS_JSON: JSON.stringify({
      environments: { 'sg-k8s': { region: 'sg', upstream: 'http://upstream.internal:8080' } },
      regions: { sg: { defaultEnvironment: 'sg-k8s', consoleUrl: CONSOLE } },
    }),
  })
}

/** The plugin alone on an instance decorated as buildApp does, with its warn lines kept. */
async function redirecting(t: Test) {
  const warnings: { msg: string; origin?: string }[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) warnings.push(JSON.parse(line))
      done()
    },
  })
  const app = Fastify({ logger: { level: 'warn', stream } })
  app.decorate('config', deployedConfig())
  await app.register(safeRedirects)
  app.get<{ Querystring: { to: string } }>('/go', async (request, reply) =>
    reply.redirect(request.query.to, 303),
  )
  // The enterprise's own SAML IdP, as the upstream answered it: no configuration names it.
  app.get('/auth/sso/saml', async (_request, reply) =>
    reply.redirect('https://idp.enterprise.example/sso', 303),
  )
  await app.ready()
  t.teardown(() => app.close())
  const go = async (to: string) =>
    (await app.inject({ url: `/go?to=${encodeURIComponent(to)}` })).headers.location
  return { app, go, warnings }
}

t.test('Location › configured origins pass, any other origin becomes the sign-in page', async (t) => {
  const { go, warnings } = await redirecting(t)
  for (const allowed of [
    `${SITE}/auth/sign_in`,
    `${MICROSOFT}?client_id=client&state=s`,
    `${SHOPIFY}?state=s`,
    'https://static.captcha.example/other',
    `${CONSOLE}/home?ticket=t`,
  ]) {
    t.equal(await go(allowed), allowed, `kept: ${allowed}`)
  }
  t.same(warnings, [], 'nothing to warn about')
  for (const foreign of [
    'https://evil.example/x',
    'http://site.example/auth/sign_in',
    'https://site.example.evil.example/',
    'https://login.microsoftonline.com@evil.example/',
    'HTTPS://EVIL.EXAMPLE',
    'http://upstream.internal:8080/basic-login',
  ]) {
    t.equal(await go(foreign), OFF_SITE_FALLBACK, `replaced: ${foreign}`)
  }
  t.equal(warnings.length, 6, 'each replacement is logged at warn')
  t.ok(
    warnings.every((line) => /not configured/.test(line.msg) && !/\/x|sign_in/.test(JSON.stringify(line))),
    'the warning names the origin, not the path or query',
  )
  t.equal(warnings[0]?.origin, 'https://evil.example')
  t.equal(await go('/\\evil.example/'), '/%5Cevil.example/', 'same-site paths are still made safe')
})

t.test('Location › the SAML start goes to the IdP the upstream answered', async (t) => {
  const { app, warnings } = await redirecting(t)
  const response = await app.inject({ url: '/auth/sso/saml', headers: OWN_PAGE_LINK })
  t.equal(response.headers.location, 'https://idp.enterprise.example/sso')
  t.same(warnings, [])
})

t.test('Location › on the whole app over the sandbox, only its origins pass', async (t) => {
  const { app, sandbox } = await build(t, {
    extraRoutes: (app) => {
      app.get<{ Querystring: { to: string } }>('/test/go', async (request, reply) =>
        reply.redirect(request.query.to, 303),
      )
    },
  })
  const go = async (to: string) =>
    (await app.inject({ url: `/test/go?to=${encodeURIComponent(to)}` })).headers.location
  const provider = `${sandbox.regions.sg.url}/__sandbox/providers/shopify?state=s`
  t.equal(await go(provider), provider, "the sandbox's simulated provider")
  const regionConsole = `${sandbox.regions.us.url}/__sandbox/console`
  t.equal(await go(regionConsole), regionConsole, "the sandbox's console of another region")
  t.equal(await go('https://evil.example/'), OFF_SITE_FALLBACK)
  t.equal(await go('http://127.0.0.1:1/'), OFF_SITE_FALLBACK, 'not any loopback port')
})

t.test('request target › absolute-form is reduced to the path the router matched', async (t) => {
  t.equal(originFormOf('/auth/sign_in?x=1'), '/auth/sign_in?x=1')
  t.equal(originFormOf('http://evil.example//x'), '//x')
  t.equal(originFormOf('HTTPS://evil.example:8443/a/b?c=d'), '/a/b?c=d')
  t.equal(originFormOf('http://evil.example'), '/')
  t.equal(originFormOf('http://evil.example?x=1'), '/?x=1')
  t.equal(originFormOf('http://user:pw@evil.example/'), undefined, 'credentials: refused')
  t.equal(originFormOf('http://evil.example/#x'), undefined, 'a fragment: refused')
  t.equal(originFormOf('ftp://evil.example/'), undefined, 'another scheme: refused')
  t.equal(originFormOf('evil.example'), undefined)
})
