/**
 * The external app's login config before a render (externalLoginConfigLanguage): asked upstream and
 * cached only for the site's configured hosts; a made-up Host header costs no upstream call (L3).
 */
import t from 'tap'
import { build, sandboxRequests } from '../../helper.ts'

const { app, sandbox, config } = await build(t, { ssr: true })
const base = config.externalApp.basePath
const calls = async () =>
  (await sandboxRequests(sandbox.regions.sg.url)).filter((request) =>
    request.url.startsWith('/basic-login/config/loginConfig'),
  ).length

t.test(
  'login config › made-up hosts never reach the upstream; the configured one is asked once',
  async (t) => {
    const before = await calls()
    for (let i = 0; i < 20; i++) {
      const page = await app.inject({ url: base, headers: { host: `made-up-${i}.example` } })
      t.not(page.statusCode, 500)
    }
    t.equal(await calls(), before, '20 made-up hosts: no upstream call')
    await app.inject({ url: base, headers: { host: 'localhost:3000' } })
    await app.inject({ url: base, headers: { host: 'localhost:3000' } })
    t.equal(await calls(), before + 1, 'the configured host: asked once, then cached')
  },
)
