import t from 'tap'
import {
  ENDPOINT_NAMES,
  ENDPOINTS,
  type EndpointName,
  findEndpointByPath,
  isEndpointName,
  pathParamNames,
} from '../../../shared/api/endpoints.ts'
import { fillPath } from '../../../shared/api/path.ts'

/** Every path of spec §7 (login service under basic-login, and "Other"). */
const SPEC_LOGIN_CALLS = [
  'registerEmailCheck',
  'initSgGeetestInfo',
  'checkSgGeetestInfo',
  'registerSgPartInfo',
  'registerSgNew',
  'registerPartInfo',
  'registerFinishNew',
  'registerChoseProduct',
  'loginEmailCheck',
  'getServiceLoginWrongTimes',
  'serviceLoginNew',
  'account/consoleLogin',
  'sendEmailRandomCode',
  'account/sendResetEmail',
  'registerSendSms',
  'sendSmsRandomCode',
  'account/checkFindPwd',
  'account/checkResetPwdLink/{id}',
  'setServiceNewPwd',
  'account/resetNewPwd',
  'account/resetServiceNewPwd/{id}',
  'registerSgH5',
  'registerFinishH5',
  'account/memberQrCodeLoginUrl',
  'addSgReservationInfo',
  'sso/aadLogin',
  'sso/aadLoginOverseas',
  'getAllEnvDomain',
  'account/sendVerifyCode',
  'config/loginConfig',
  'sendRegisterVerifyEmail',
  'checkVerifyEmailLink',
  'updateRegisterPartInfo',
  'account/getSecretKey',
]
const SPEC_OTHER_PATHS = [
  'tokens/getToken',
  'basic-public/agent/updateAgentLanguage',
  'basic-public/qccForward',
  'basic-config-service/consoleAuth/queryAgentMenus',
  'basic-channel-service/salesforce/getAgentEnv',
  'basic-channel-service/{product}Auth',
  'basic-channel-service/forward',
  'chat-third/shopify/insertShopifyChannel',
  'chat-tiktok/tikTokAuth/checkProducts',
  'basic-sso/access/auth',
  'basic-sso/saml2/authenticate/{id}',
]

const paths = ENDPOINT_NAMES.map((name) => ENDPOINTS[name].path)

/** A concrete path for an endpoint: its placeholders filled with plausible values. */
function sample(name: EndpointName): string {
  const values = Object.fromEntries(
    pathParamNames(name).map((param) => [param, param === 'product' ? 'shopify' : 'Ab9_-x']),
  )
  return fillPath(ENDPOINTS[name].path, values)
}

t.test('ENDPOINTS › every call of spec §7 is in the table', async (t) => {
  const notOnce = SPEC_LOGIN_CALLS.filter(
    (call) =>
      paths.filter((path) => path === `basic-login/${call}` || path === `basic-login/${call}/4`).length !== 1,
  ).map((call) => `basic-login/${call}`)
  const missing = [
    ...SPEC_OTHER_PATHS.filter((path) => !paths.includes(path)),
    ...['lazada', 'rednote', 'tiktok/auth-save'].filter(
      (provider) => !paths.some((path) => path.includes(provider)),
    ),
  ]
  t.same({ notOnce, missing }, { notOnce: [], missing: [] }, 'spec calls absent (or twice) in the table')
  t.equal(new Set(paths).size, paths.length, 'no path twice')
})

t.test('ENDPOINTS › entries are well formed', async (t) => {
  const malformed = ENDPOINT_NAMES.flatMap((name) => {
    const endpoint = ENDPOINTS[name]
    const problems = [
      /^[a-z][A-Za-z0-9]*$/.test(name) ? '' : 'not camelCase',
      endpoint.path.startsWith('/') ? 'leading slash' : '',
      endpoint.method === 'GET' || endpoint.method === 'POST' ? '' : `method ${endpoint.method}`,
      typeof endpoint.schema.safeParse === 'function' ? '' : 'no schema',
      [undefined, 'signIn', 'signUp', 'reset', 'code'].includes(endpoint.limit)
        ? ''
        : `limit ${endpoint.limit}`,
      Object.isFrozen(endpoint) ? '' : 'not frozen',
    ].filter(Boolean)
    return problems.length ? [`${name}: ${problems.join(', ')}`] : []
  })
  t.same(malformed, [], 'endpoints with a malformed entry')
  t.ok(isEndpointName('serviceLoginNew'))
  t.notOk(isEndpointName('toString'), 'inherited keys are not endpoints')
})

t.test('ENDPOINTS › method and json where the spec says so, POST form otherwise', async (t) => {
  t.same(
    ENDPOINT_NAMES.filter((name) => ENDPOINTS[name].method === 'GET'),
    [],
    'the browser never calls a GET endpoint: a GET puts its data in the URL',
  )
  t.same(
    ENDPOINT_NAMES.filter((name) => ENDPOINTS[name].upstreamMethod === 'GET'),
    ['sendVerifyCode'],
    'the upstream contract of sendVerifyCode is a GET; the BFF makes it',
  )
  t.same(ENDPOINT_NAMES.filter((name) => ENDPOINTS[name].json).sort(), [
    'channelAuth',
    // The forward wrapper is JSON (the client sends it so; found by the contract check, issue 22).
    'channelForward',
    'loginConfig',
    'salesforceAgentEnv',
    'updateAgentLanguage',
  ])
  t.equal(ENDPOINTS.channelForward.internal, true, 'the forwarder is server to server')
})

t.test('ENDPOINTS › rate-limit buckets of the sensitive calls', async (t) => {
  const expected: Record<string, string> = {
    serviceLoginNew: 'signIn',
    loginEmailCheck: 'signIn',
    consoleLogin: 'signIn',
    aadLogin: 'signIn',
    registerSgNew: 'signUp',
    registerEmailCheck: 'signUp',
    addSgReservationInfo: 'signUp',
    checkFindPwd: 'reset',
    setServiceNewPwd: 'reset',
    resetServiceNewPwd: 'reset',
    resetNewPwd: 'reset',
    sendResetEmail: 'code',
    sendSmsRandomCode: 'code',
    registerSendSms: 'code',
    sendRegisterVerifyEmail: 'code',
    sendEmailRandomCode: 'code',
    sendVerifyCode: 'code',
  }
  t.same(
    Object.fromEntries(Object.keys(expected).map((name) => [name, ENDPOINTS[name as EndpointName].limit])),
    expected,
  )
  t.equal(ENDPOINTS.getAllEnvDomain.limit, 'signIn', 'the account look-up counts like a sign-in')
})

t.test('ENDPOINTS › schemas check the payloads the spec shows', async (t) => {
  t.ok(ENDPOINTS.loginEmailCheck.schema.safeParse({ email: 'a@b.co' }).success)
  t.notOk(ENDPOINTS.loginEmailCheck.schema.safeParse({ email: 'nope' }).success)
  t.ok(ENDPOINTS.serviceLoginNew.schema.safeParse({ email: 'a@b.co', password: 'old' }).success)
  t.notOk(ENDPOINTS.serviceLoginNew.schema.safeParse({ email: 'a@b.co', password: 'x'.repeat(21) }).success)
  t.ok(ENDPOINTS.updateAgentLanguage.schema.safeParse({ language: 'zh' }).success)
  t.notOk(ENDPOINTS.updateAgentLanguage.schema.safeParse({ language: 'fr' }).success)
  t.ok(ENDPOINTS.sendVerifyCode.schema.safeParse({ email: 'a@b.co', password: 'Secr3t!x' }).success)
  t.same(
    ENDPOINTS.sendVerifyCode.toUpstream?.({ email: 'a@b.co', password: 'Secr3t!x' }),
    { email: 'a@b.co', password: 'U2VjcjN0IXg=' },
    'the BFF base64-encodes the password for the upstream',
  )
  const stripped = ENDPOINTS.serviceLoginNew.schema.safeParse({
    email: 'a@b.co',
    password: 'p',
    role: 'admin',
  })
  t.same(stripped.data, { email: 'a@b.co', password: 'p' }, 'unknown keys are dropped')
})

t.test('ENDPOINTS › the permissive schema stays bounded', async (t) => {
  const schema = ENDPOINTS.qccForward.schema
  t.ok(schema.safeParse({}).success)
  t.ok(schema.safeParse({ a: 'x', b: 1, c: true, d: ['x', 2] }).success)
  t.notOk(schema.safeParse({ a: 'x'.repeat(2049) }).success, 'long value')
  t.notOk(schema.safeParse({ ['k'.repeat(101)]: 'x' }).success, 'long key')
  t.notOk(schema.safeParse({ 'a[b]': 'x' }).success, 'bracket key')
  t.notOk(schema.safeParse({ a: { nested: 'x' } }).success, 'nested object')
  t.notOk(schema.safeParse({ a: Array.from({ length: 21 }, () => 'x') }).success, 'long list')
  t.notOk(
    schema.safeParse(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]))).success,
    '51 keys',
  )
  t.ok(
    schema.safeParse(Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]))).success,
    '50 keys',
  )
})

t.test('findEndpointByPath › finds each endpoint, and only it, by its own path', async (t) => {
  const wrong = ENDPOINT_NAMES.flatMap((name) => {
    const path = sample(name)
    const match = findEndpointByPath(ENDPOINTS[name].method, path)
    const others = ENDPOINT_NAMES.filter(
      (other) => other !== name && findEndpointByPath(ENDPOINTS[other].method, path)?.name === other,
    )
    const found = match?.name === name && match.endpoint === ENDPOINTS[name]
    return found && others.length === 0
      ? []
      : [{ path, expected: name, found: match?.name, alsoMatches: others }]
  })
  t.same(wrong, [], 'paths not found as their own endpoint, or matching another')
})

t.test('findEndpointByPath › decodes and returns path parameters', async (t) => {
  t.same(findEndpointByPath('POST', 'basic-login/account/checkResetPwdLink/tok%3Den')?.params, {
    id: 'tok=en',
  })
  t.same(findEndpointByPath('post', '/basic-channel-service/salesforceAuth'), {
    name: 'channelAuth',
    endpoint: ENDPOINTS.channelAuth,
    params: { product: 'salesforce' },
  })
  t.same(findEndpointByPath('POST', 'basic-login/serviceLoginNew/4')?.params, {})
})

t.test('findEndpointByPath › refuses what does not fit', async (t) => {
  const refused: [string, string][] = [
    ['GET', 'basic-login/serviceLoginNew/4'],
    ['GET', 'basic-login/account/sendVerifyCode'],
    ['DELETE', 'tokens/getToken'],
    ['POST', 'basic-login/serviceLoginNew'],
    ['POST', 'basic-login/serviceLoginNew/4/extra'],
    ['POST', 'basic-login/serviceLoginNew/4?x=1'],
    ['POST', 'basic-login/serviceloginnew/4'],
    ['POST', 'basic-login/account/checkResetPwdLink/'],
    ['POST', 'basic-login/account/checkResetPwdLink/..'],
    ['POST', 'basic-login/account/checkResetPwdLink/%2E%2E'],
    ['POST', 'basic-login/account/checkResetPwdLink/a%2Fb'],
    ['POST', 'basic-login/account/checkResetPwdLink/%E0%A4%A'],
    ['POST', `basic-login/account/checkResetPwdLink/${'x'.repeat(201)}`],
    ['POST', 'basic-channel-service/Auth'],
    ['POST', 'basic-channel-service/shop-ifyAuth'],
    ['POST', 'basic-channel-service/../forwardAuth'],
    ['POST', 'elsewhere/serviceLoginNew/4'],
  ]
  for (const [method, path] of refused)
    t.equal(findEndpointByPath(method, path), undefined, `${method} ${path}`)
})

t.test('endpoint table › every endpoint is in a rate-limit bucket or exempt with a reason', async (t) => {
  const contradicting = ENDPOINT_NAMES.filter((name) => ENDPOINTS[name].limit && ENDPOINTS[name].exempt)
  const unexplained = ENDPOINT_NAMES.filter(
    (name) => !ENDPOINTS[name].limit && !((ENDPOINTS[name].exempt?.length ?? 0) > 20),
  )
  t.same(
    { contradicting, unexplained },
    { contradicting: [], unexplained: [] },
    'a bucket and an exemption contradict each other; no bucket needs a reason of some length',
  )
})

/** Endpoints that take an e-mail and answer whether (or where) an account exists. */
const ACCOUNT_LOOKUPS: EndpointName[] = [
  'loginEmailCheck',
  'getAllEnvDomain',
  'getServiceLoginWrongTimes',
  'registerEmailCheck',
  'sendEmailRandomCode',
  'sendResetEmail',
  'sendRegisterVerifyEmail',
]

t.test('endpoint table › account look-ups by e-mail are limited and validate the e-mail', async (t) => {
  const lax = ACCOUNT_LOOKUPS.flatMap((name) => {
    const endpoint = ENDPOINTS[name]
    return [
      endpoint.limit ? '' : `${name}: no bucket`,
      endpoint.schema.safeParse({ email: 'not-an-e-mail' }).success
        ? `${name}: takes a malformed e-mail`
        : '',
      endpoint.schema.safeParse({}).success ? `${name}: takes no e-mail` : '',
    ].filter(Boolean)
  })
  // Whatever else takes an `email` field is limited too.
  const unlimited = ENDPOINT_NAMES.filter((name) => {
    const schema = ENDPOINTS[name].schema as { shape?: Record<string, unknown> }
    return schema.shape && 'email' in schema.shape && !ENDPOINTS[name].limit
  })
  t.same({ lax, unlimited }, { lax: [], unlimited: [] }, 'look-ups that are not limited or not validated')
})

t.test('endpoint table › the steps of one action share one bucket (they share its unit)', async (t) => {
  const bucketsOf = new Map<string, Set<string | undefined>>()
  for (const endpoint of Object.values(ENDPOINTS)) {
    if (!endpoint.action) continue
    const buckets = bucketsOf.get(endpoint.action) ?? new Set()
    buckets.add(endpoint.limit)
    bucketsOf.set(endpoint.action, buckets)
  }
  t.ok(bucketsOf.size >= 4, 'sign-in, captcha, sign-up and reset actions are declared')
  for (const [action, buckets] of bucketsOf) t.same([...buckets].length, 1, `${action}: ${[...buckets]}`)
  t.equal(
    ENDPOINTS.serviceLoginNew.action,
    ENDPOINTS.loginEmailCheck.action,
    'a password sign-in is one action',
  )
})
