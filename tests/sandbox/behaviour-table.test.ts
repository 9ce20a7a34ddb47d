/**
 * The endpoint-behaviour table (shared/api/endpoints/*.ts): every row says who may call it and
 * what it does to the session, and the sandbox implements every endpoint the BFF can call.
 */
import t from 'tap'
import { startSandbox } from '../../sandbox/index.ts'
import { ENDPOINT_NAMES, ENDPOINTS } from '../../shared/api/endpoints.ts'

t.test('behaviour table › every row is explicit: access, session effect, bucket or exemption', async (t) => {
  const malformed = ENDPOINT_NAMES.filter((name) => {
    const row = ENDPOINTS[name]
    return (
      !['page', 'flow', 'internal'].includes(row.access) ||
      (row.session !== undefined && !['signsIn', 'needsSession'].includes(row.session)) ||
      (row.access === 'internal') !== (row.internal === true)
    )
  })
  t.same(malformed, [], 'rows without a valid access or session effect')
  // What a page can reach is the short list a reviewer reads first.
  const byAccess = (access: string) =>
    ENDPOINT_NAMES.filter((name) => ENDPOINTS[name].access === access).sort()
  t.same(byAccess('flow'), [
    'aadLogin',
    'aadLoginOverseas',
    'channelAuth',
    'checkResetPwdLink',
    'consoleLogin',
    'getAllEnvDomain',
    'getServiceLoginWrongTimes',
    'insertShopifyChannel',
    'lazadaAuth',
    'loginEmailCheck',
    'memberQrCodeLoginUrl',
    'rednoteAuthUrl',
    'registerFinishH5',
    'registerFinishNew',
    'resetNewPwd',
    'resetServiceNewPwd',
    'salesforceAgentEnv',
    'samlAuthenticate',
    'sendEmailRandomCode',
    'sendVerifyCode',
    'serviceLoginNew',
    'ssoAccessAuth',
    'tikTokAuthSave',
    'tikTokCheckProducts',
  ])
  t.same(byAccess('internal'), [
    'channelForward',
    'getSecretKey',
    'qccForward',
    'queryAgentMenus',
    'registerSendSms',
  ])
  // A page can never start a session by itself: every sign-in is a flow's on the server (the
  // password sign-in's too, docs/flows/sign-in.md), and the proxy has no sign-in branch.
  const pageSignIns = byAccess('page').filter((name) => ENDPOINTS[name].session === 'signsIn')
  t.same(pageSignIns, [])
})

t.test('sandbox › implements every endpoint a page or a flow can call', async (t) => {
  const sandbox = await startSandbox()
  t.teardown(() => sandbox.close())
  const missing: string[] = []
  for (const name of ENDPOINT_NAMES) {
    const row = ENDPOINTS[name]
    // Internal rows no page or flow calls have no stand-in; the forwarder is the BFF's own call.
    if (row.access === 'internal' && name !== 'channelForward') continue
    const path = row.path.replace('{id}', 'x'.repeat(32)).replace('{product}', 'salesforce')
    const response = await fetch(`${sandbox.regions.sg.url}/${path}`, {
      method: row.upstreamMethod,
      ...(row.upstreamMethod === 'POST'
        ? {
            body: row.json ? '{}' : '',
            headers: { 'content-type': row.json ? 'application/json' : 'application/x-www-form-urlencoded' },
          }
        : {}),
    })
    if (response.status === 404) missing.push(`${row.upstreamMethod} ${path}`)
  }
  t.same(missing, [], 'endpoints the sandbox answers 404')
})

t.test('behaviour table › the flows that take part in /api calls name page rows only', async (t) => {
  const { resetFlowHooks } = await import('../../server/routes/reset-flow.server.ts')
  const { signUpFlowHooks } = await import('../../server/routes/sign-up-flow.server.ts')
  const flows = {
    reset: resetFlowHooks,
    signUp: signUpFlowHooks,
  }
  const wrong = Object.entries(flows).flatMap(([flow, hooks]) =>
    hooks.endpoints.filter((name) => ENDPOINTS[name].access !== 'page').map((name) => `${flow}: ${name}`),
  )
  t.same(wrong, [], 'a flow hook on a row /api never serves would never run')
})
