import { parse } from 'qs'
import t from 'tap'
import { type ApiClientOptions, ApiError, createApiClient, type Toast } from '../../../shared/api/call.ts'
import { signInEndpoints } from '../../../shared/api/endpoints/signIn.ts'
import { ENDPOINTS, type EndpointRoute } from '../../../shared/api/endpoints.ts'
import { resetLinkSteps } from '../../../shared/api/flow-steps.ts'
import {
  NOTIFICATION_DURATION_MS,
  QUERY_PARSE_OPTIONS,
  TOAST_DURATION_MS,
} from '../../../shared/api/limits.ts'
import { translatorFor } from '../../../shared/api/translate.ts'
import { i18nFor } from '../../../shared/i18n/index.ts'
import enErrors from '../../../shared/i18n/locales/en/errors.ts'
import zhErrors from '../../../shared/i18n/locales/zh/errors.ts'

type Responder = (request: Request) => Response | Promise<Response>

interface Harness {
  requests: Request[]
  /** The RequestInit the client passed, for what a Request does not keep (credentials in Node). */
  inits: RequestInit[]
  toasts: Toast[]
  options: ApiClientOptions
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const ok = (item: Record<string, unknown> = {}) => json({ code: '000000', message: 'success', item })

/** A client whose fetch records each request and answers with `respond`. */
function harness(respond: Responder = () => ok(), overrides: Partial<ApiClientOptions> = {}): Harness {
  const requests: Request[] = []
  const inits: RequestInit[] = []
  const toasts: Toast[] = []
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), 'http://app.test'), init)
    requests.push(request)
    inits.push(init ?? {})
    return respond(request)
  }
  const options: ApiClientOptions = {
    fetch: fakeFetch as typeof fetch,
    language: () => 'zh',
    translate: translatorFor(i18nFor('zh')),
    notify: (toast) => toasts.push(toast),
    timeZone: () => 'Asia/Shanghai',
    ...overrides,
  }
  return { requests, inits, toasts, options }
}

function only<T>(list: T[]): T {
  if (list.length !== 1) throw new Error(`expected one element, got ${list.length}`)
  return list[0]!
}

t.test('call › POST form: URL, method, headers, credentials and body', async (t) => {
  const h = harness()
  const api = createApiClient(h.options)
  const answer = await api.call(ENDPOINTS.serviceLoginNew, {
    data: { email: 'ana@example.com', password: 'Secr3t!x', isTen: true },
  })
  t.equal(answer.retCode, '000000')
  const request = only(h.requests)
  t.equal(request.url, 'http://app.test/api/basic-login/serviceLoginNew/4')
  t.equal(request.method, 'POST')
  t.equal(request.headers.get('language'), 'zh')
  t.equal(request.headers.get('x-requested-with'), 'XMLHttpRequest')
  t.equal(request.headers.get('x-time-zone'), 'Asia/Shanghai')
  t.equal(request.headers.get('content-type'), 'application/x-www-form-urlencoded')
  t.equal(request.headers.get('accept'), 'application/json')
  t.equal(only(h.inits).credentials, 'same-origin')
  const body = await request.text()
  t.equal(body, 'email=ana%40example.com&password=Secr3t%21x', 'isTen is stripped')
  t.same(parse(body, QUERY_PARSE_OPTIONS), { email: 'ana@example.com', password: 'Secr3t!x' })
})

t.test('call › language header follows the current language on every request', async (t) => {
  let language: 'en' | 'zh' = 'en'
  const h = harness(undefined, { language: () => language })
  const api = createApiClient(h.options)
  await api.call(ENDPOINTS.loginEmailCheck, { data: { email: 'a@b.co' } })
  language = 'zh'
  await api.call(ENDPOINTS.getAllEnvDomain)
  t.same(
    h.requests.map((r) => r.headers.get('language')),
    ['en', 'zh'],
  )
  t.ok(h.requests.every((r) => r.headers.get('x-requested-with') === 'XMLHttpRequest'))
})

t.test('call › POST marked json sends application/json', async (t) => {
  const h = harness()
  await createApiClient(h.options).call(ENDPOINTS.updateAgentLanguage, {
    data: { language: 'en', isTen: false },
  })
  const request = only(h.requests)
  t.equal(request.url, 'http://app.test/api/basic-public/agent/updateAgentLanguage')
  t.equal(request.headers.get('content-type'), 'application/json')
  t.same(JSON.parse(await request.text()), { language: 'en' })
})

t.test('call › sendVerifyCode posts the password in the body, never in the URL', async (t) => {
  const h = harness()
  await createApiClient(h.options).call(ENDPOINTS.sendVerifyCode, {
    data: { email: 'a@b.co', password: 'Secr3t!x' },
  })
  const request = only(h.requests)
  t.equal(request.method, 'POST')
  const url = new URL(request.url)
  t.equal(url.pathname, '/api/basic-login/account/sendVerifyCode')
  t.equal(url.search, '', 'nothing in the query')
  t.notMatch(request.url, /Secr3t|U2VjcjN0/)
  t.match(await request.text(), /Secr3t/, 'the body carries it')
})

t.test('call › path parameters are filled from data, then params, and removed', async (t) => {
  const h = harness()
  const api = createApiClient(h.options)
  await api.call(ENDPOINTS.resetServiceNewPwd, { data: { id: 'abc_123-x', password: 'N3w!pass' } })
  await api.call(ENDPOINTS.checkResetPwdLink, { params: { id: 'tok=en', keep: 'yes' } })
  await api.call(ENDPOINTS.channelAuth, { data: { product: 'shopify', shop: 'demo' } })
  await api.call(ENDPOINTS.samlAuthenticate, { data: { id: 42 }, params: { id: 'ignored' } })
  const [reset, check, channel, saml] = h.requests
  t.equal(reset?.url, 'http://app.test/api/basic-login/account/resetServiceNewPwd/abc_123-x')
  t.equal(await reset?.text(), 'password=N3w%21pass', 'id is not in the body')
  t.equal(
    check?.url,
    'http://app.test/api/basic-login/account/checkResetPwdLink/tok%3Den?keep=yes',
    'id not in the query',
  )
  t.equal(channel?.url, 'http://app.test/api/basic-channel-service/shopifyAuth')
  t.same(JSON.parse((await channel?.text()) ?? ''), { shop: 'demo' })
  t.equal(
    saml?.url,
    'http://app.test/api/basic-sso/saml2/authenticate/42',
    'data wins, and the params copy goes too',
  )
})

t.test('call › a missing or unusable path parameter fails without a request', async (t) => {
  const h = harness()
  const api = createApiClient(h.options)
  for (const data of [
    {},
    { id: '' },
    { id: '../admin' },
    { id: 'a/b' },
    { id: { x: 1 } },
    { id: 'x'.repeat(201) },
  ]) {
    const answer = await api.call(ENDPOINTS.checkResetPwdLink, { data, throws: false })
    t.equal(answer.retCode, 'INVALID_REQUEST', JSON.stringify(data).slice(0, 40))
    t.equal(answer.retMsg, zhErrors.badRequest)
  }
  const embedded = await api.call(ENDPOINTS.channelAuth, { data: { product: 'shop-ify' }, throws: false })
  t.equal(embedded.retCode, 'INVALID_REQUEST', 'an embedded parameter must be an identifier')
  await t.rejects(api.call(ENDPOINTS.checkResetPwdLink), ApiError)
  t.equal(h.requests.length, 0)
})

t.test('call › POST params form the query string, encoded for qs with the shared limits', async (t) => {
  const h = harness()
  const params = { page: 2, filter: { tags: ['a', 'b'], owner: { id: 'x' } }, empty: null }
  await createApiClient(h.options).call(ENDPOINTS.queryAgentMenus, { data: { a: 'b' }, params })
  const url = new URL(only(h.requests).url)
  t.same(parse(url.search.slice(1), QUERY_PARSE_OPTIONS), {
    page: '2',
    filter: { tags: ['a', 'b'], owner: { id: 'x' } },
  })
})

t.test('call › data beyond the query limits is refused before sending', async (t) => {
  const h = harness()
  const api = createApiClient(h.options)
  const deep = { a: { b: { c: { d: { e: { f: { g: 'x' } } } } } } }
  const longArray = { list: Array.from({ length: 21 }, (_, i) => i) }
  const manyKeys = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, i]))
  for (const [label, data] of Object.entries({ deep, longArray, manyKeys })) {
    const asParams = await api.call(ENDPOINTS.queryAgentMenus, { params: data, throws: false })
    t.equal(asParams.retCode, 'INVALID_REQUEST', `${label} as params`)
    const asForm = await api.call(ENDPOINTS.queryAgentMenus, { data, throws: false })
    t.equal(asForm.retCode, 'INVALID_REQUEST', `${label} as a form body`)
  }
  t.equal(h.requests.length, 0)
  const atLimits = {
    list: Array.from({ length: 20 }, (_, i) => i),
    a: { b: { c: { d: { e: { f: 'x' } } } } },
  }
  await api.call(ENDPOINTS.queryAgentMenus, { data: atLimits })
  t.same(parse(await only(h.requests).text(), QUERY_PARSE_OPTIONS), {
    list: atLimits.list.map(String),
    a: { b: { c: { d: { e: { f: 'x' } } } } },
  })
  // JSON bodies are not parsed by qs: no such limit there.
  await api.call(ENDPOINTS.channelAuth, { data: { product: 'tikTok', ...longArray } })
  t.equal(h.requests.length, 2)
})

t.test('call › X-Time-Zone only when a usable zone is known', async (t) => {
  for (const [zone, expected] of [
    [undefined, null],
    ['', null],
    ['Evil\r\nX: 1', null],
    ['America/New_York', 'America/New_York'],
    ['Etc/GMT+5', 'Etc/GMT+5'],
  ] as const) {
    const h = harness(undefined, { timeZone: () => zone })
    await createApiClient(h.options).call(ENDPOINTS.getAllEnvDomain)
    t.equal(only(h.requests).headers.get('x-time-zone'), expected, String(zone))
  }
})

t.test('call › X-Time-Zone defaults to the browser zone', async (t) => {
  const h = harness()
  const { timeZone: _ignored, ...withoutZone } = h.options
  await createApiClient(withoutZone).call(ENDPOINTS.getAllEnvDomain)
  t.equal(only(h.requests).headers.get('x-time-zone'), Intl.DateTimeFormat().resolvedOptions().timeZone)
})

t.test('call › base is configurable, its trailing slash ignored', async (t) => {
  const h = harness(undefined, { base: 'https://edge.test/bff/' })
  const requests: string[] = []
  await createApiClient({
    ...h.options,
    fetch: (async (input: RequestInfo | URL) => {
      requests.push(String(input))
      return ok()
    }) as typeof fetch,
  }).call(ENDPOINTS.getToken)
  t.same(requests, ['https://edge.test/bff/tokens/getToken'])
})

t.test('call › normalises the answer into the envelope', async (t) => {
  const cases: [unknown, { retCode: string; retMsg: string; item: unknown; items: unknown[] }][] = [
    [
      { code: '000000', message: 'ok', item: { a: 1 }, items: [1] },
      { retCode: '000000', retMsg: 'ok', item: { a: 1 }, items: [1] },
    ],
    [
      { retCode: '000000', retMsg: 'fine' },
      { retCode: '000000', retMsg: 'fine', item: {}, items: [] },
    ],
    [
      { code: 0, retCode: '000000', error: 'e', message: 'm' },
      { retCode: '0', retMsg: 'e', item: {}, items: [] },
    ],
    [
      { retCode: '000000', item: [1, 2], items: { no: 'array' } },
      { retCode: '000000', retMsg: '', item: {}, items: [] },
    ],
  ]
  for (const [body, expected] of cases) {
    const h = harness(() => json(body))
    const answer = await createApiClient(h.options).call(ENDPOINTS.getAllEnvDomain, { throws: false })
    t.same(answer, expected, JSON.stringify(body))
  }
})

t.test('call › a failure code gets its translated text when one exists', async (t) => {
  const h = harness(() => json({ code: 700014, message: 'raw upstream text' }))
  const zh = await createApiClient(h.options).call(ENDPOINTS.loginEmailCheck, {
    data: { email: 'a@b.co' },
    throws: false,
  })
  t.same(zh, { retCode: '700014', retMsg: zhErrors.code['700014'], item: {}, items: [] })
  const en = await createApiClient({ ...h.options, translate: translatorFor(i18nFor('en')) }).call(
    ENDPOINTS.loginEmailCheck,
    {
      throws: false,
    },
  )
  t.equal(en.retMsg, enErrors.code['700014'])
  const untranslated = harness(() => json({ code: '999999', message: 'raw upstream text' }))
  const kept = await createApiClient(untranslated.options).call(ENDPOINTS.loginEmailCheck, { throws: false })
  t.equal(kept.retMsg, 'raw upstream text', 'no translation: the upstream text stays')
  const success = harness(() => json({ code: '000000', message: 'done' }))
  t.equal(
    (await createApiClient(success.options).call(ENDPOINTS.getAllEnvDomain)).retMsg,
    'done',
    'success text untouched',
  )
})

t.test('call › preferZeroVariant tries the _0 key first', async (t) => {
  const texts: Record<string, string> = { 'errors:code.700211': 'plain', 'errors:code.700211_0': 'zero' }
  const looked: string[] = []
  const translate = (key: string, fallback?: string) => {
    looked.push(key)
    return texts[key] ?? fallback
  }
  const h = harness(() => json({ code: '700211', message: 'x' }), { translate })
  t.equal(
    (await createApiClient(h.options).call(ENDPOINTS.serviceLoginNew, { throws: false })).retMsg,
    'plain',
  )
  t.equal(
    (
      await createApiClient({ ...h.options, preferZeroVariant: true }).call(ENDPOINTS.serviceLoginNew, {
        throws: false,
      })
    ).retMsg,
    'zero',
  )
  delete texts['errors:code.700211_0']
  t.equal(
    (
      await createApiClient({ ...h.options, preferZeroVariant: true }).call(ENDPOINTS.serviceLoginNew, {
        throws: false,
      })
    ).retMsg,
    'plain',
    'falls back to the plain key',
  )
  looked.length = 0
  const odd = harness(() => json({ code: 'a.b:c', message: 'odd' }), { translate })
  t.equal(
    (await createApiClient(odd.options).call(ENDPOINTS.serviceLoginNew, { throws: false })).retMsg,
    'odd',
  )
  t.notOk(
    looked.some((key) => key.includes('a.b')),
    'a code with dots or colons is not used as a key',
  )
})

t.test('call › HTTP errors: body message, else a text for the status', async (t) => {
  const cases: [Response, string, string][] = [
    [json({ error: 'boom' }, 500), '500', 'boom'],
    [json({ retCode: '400', retMsg: 'Field x is bad' }, 400), '400', 'Field x is bad'],
    [json({ message: 'slow down' }, 429), '429', 'slow down'],
    [json({}, 500), '500', zhErrors.generic],
    [new Response(null, { status: 429 }), '429', zhErrors.rateLimited],
    [new Response('<html>bad gateway</html>', { status: 502 }), '502', zhErrors.upstreamUnavailable],
    [new Response('', { status: 504 }), '504', zhErrors.upstreamTimeout],
    [new Response('', { status: 401 }), '401', zhErrors.unauthorized],
    [new Response('', { status: 403 }), '403', zhErrors.forbidden],
    [new Response('', { status: 400 }), '400', zhErrors.badRequest],
    [new Response('', { status: 418 }), '418', zhErrors.generic],
    [json({ code: '700123', message: 'locked' }, 423), '700123', zhErrors.code['700123']],
  ]
  for (const [response, retCode, retMsg] of cases) {
    const h = harness(() => response)
    const answer = await createApiClient(h.options).call(ENDPOINTS.serviceLoginNew, { throws: false })
    t.same(answer, { retCode, retMsg, item: {}, items: [] }, `${response.status} ${retMsg}`)
  }
})

t.test('call › a 2xx without body is retCode 0 with empty item and items, and is not an error', async (t) => {
  for (const response of [new Response(null, { status: 204 }), new Response('', { status: 200 })]) {
    const h = harness(() => response)
    const answer = await createApiClient(h.options).call(ENDPOINTS.getAllEnvDomain, { notify: true })
    t.same(answer, { retCode: '0', retMsg: '', item: {}, items: [] })
    t.same(h.toasts, [])
  }
})

t.test('call › a 2xx that is not a JSON object is an invalid response', async (t) => {
  for (const body of ['<html></html>', '[1,2]', '"text"', '{"item":{}}']) {
    const h = harness(() => new Response(body, { status: 200 }))
    const answer = await createApiClient(h.options).call(ENDPOINTS.getAllEnvDomain, { throws: false })
    t.equal(answer.retCode, 'INVALID_RESPONSE', body)
    t.equal(answer.retMsg, zhErrors.generic)
  }
})

/** A fetch that never answers and rejects like the real one when its signal aborts. */
const hanging: Responder = (request) =>
  new Promise((_resolve, reject) => {
    request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true })
  })

t.test('call › time-out, network failure and abort each have their own code and text', async (t) => {
  // AbortSignal.timeout does not keep Node's event loop alive; this timer does, for the test only.
  const keepAlive = setInterval(() => {}, 1000)
  t.teardown(() => clearInterval(keepAlive))
  // The time-out is proven by the timer the client armed and the reason the request was aborted
  // with, not by a stopwatch (issue 45).
  const armedTimeouts: number[] = []
  const realTimeout = AbortSignal.timeout.bind(AbortSignal)
  AbortSignal.timeout = (ms: number) => {
    armedTimeouts.push(ms)
    return realTimeout(ms)
  }
  t.teardown(() => {
    AbortSignal.timeout = realTimeout
  })
  const timeout = harness(hanging, { timeoutMs: 30 })
  const timedOut = await createApiClient(timeout.options).call(ENDPOINTS.getAllEnvDomain, { throws: false })
  t.same(timedOut, { retCode: 'TIMEOUT', retMsg: zhErrors.timeout, item: {}, items: [] })
  t.same(armedTimeouts, [30], 'armed the configured 30 ms, not the default 20 s')
  const abortedWith = only(timeout.requests).signal.reason
  t.equal(abortedWith instanceof Error && abortedWith.name, 'TimeoutError', 'the request ended by that timer')
  AbortSignal.timeout = realTimeout

  const network = harness(() => Promise.reject(new TypeError('Failed to fetch')))
  const offline = await createApiClient(network.options).call(ENDPOINTS.getAllEnvDomain, { throws: false })
  t.same(offline, { retCode: 'NETWORK', retMsg: zhErrors.network, item: {}, items: [] })

  const abort = harness(hanging)
  const controller = new AbortController()
  const pending = createApiClient(abort.options).call(ENDPOINTS.getAllEnvDomain, {
    signal: controller.signal,
    throws: false,
  })
  setTimeout(() => controller.abort(), 5)
  t.same(await pending, { retCode: 'ABORTED', retMsg: zhErrors.aborted, item: {}, items: [] })

  const before = harness()
  const aborted = await createApiClient(before.options).call(ENDPOINTS.getAllEnvDomain, {
    signal: AbortSignal.abort(),
    throws: false,
  })
  t.equal(aborted.retCode, 'ABORTED')
  t.equal(before.requests.length, 0, 'an aborted signal sends nothing')

  const callerTimeout = harness(hanging)
  const own = await createApiClient(callerTimeout.options).call(ENDPOINTS.getAllEnvDomain, {
    signal: AbortSignal.timeout(10),
    throws: false,
  })
  t.equal(own.retCode, 'TIMEOUT', "the caller's own time-out counts as a time-out")

  const texts = new Set([timedOut.retMsg, offline.retMsg, (await pending).retMsg])
  t.equal(texts.size, 3, 'three distinct messages')
})

t.test('call › which signal fired decides, whatever error the fetch rejects with', async (t) => {
  const keepAlive = setInterval(() => {}, 1000)
  t.teardown(() => clearInterval(keepAlive))
  // Some fetch implementations reject an aborted request with a plain TypeError.
  const vague: Responder = (request) =>
    new Promise((_resolve, reject) => {
      request.signal.addEventListener('abort', () => reject(new TypeError('request failed')), { once: true })
    })
  const controller = new AbortController()
  const byCaller = harness(vague)
  const pending = createApiClient(byCaller.options).call(ENDPOINTS.getAllEnvDomain, {
    signal: controller.signal,
    throws: false,
  })
  setTimeout(() => controller.abort(), 5)
  t.equal((await pending).retCode, 'ABORTED')
  const byTimeout = harness(vague, { timeoutMs: 20 })
  t.equal(
    (await createApiClient(byTimeout.options).call(ENDPOINTS.getAllEnvDomain, { throws: false })).retCode,
    'TIMEOUT',
  )
  const callerTimeout = harness(vague)
  const own = await createApiClient(callerTimeout.options).call(ENDPOINTS.getAllEnvDomain, {
    signal: AbortSignal.timeout(10),
    throws: false,
  })
  t.equal(own.retCode, 'TIMEOUT')
})

t.test('call › the body read failing counts like the request failing', async (t) => {
  const h = harness(
    () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.error(new TypeError('connection reset'))
          },
        }),
      ),
  )
  t.equal(
    (await createApiClient(h.options).call(ENDPOINTS.getAllEnvDomain, { throws: false })).retCode,
    'NETWORK',
  )
})

t.test('call › local texts fall back to English when the translator has none', async (t) => {
  const fallbackTexts = { 'errors:network': enErrors.network, 'errors:generic': enErrors.generic }
  const h = harness(() => Promise.reject(new TypeError('offline')), {
    translate: () => undefined,
    fallbackTexts,
  })
  const answer = await createApiClient(h.options).call(ENDPOINTS.getAllEnvDomain, { throws: false })
  t.equal(answer.retMsg, enErrors.network)
  // Without fallback texts: one generic English sentence, never an empty message or a key.
  const bare = harness(() => Promise.reject(new TypeError('offline')), { translate: () => undefined })
  const plain = await createApiClient(bare.options).call(ENDPOINTS.getAllEnvDomain, { throws: false })
  t.equal(plain.retMsg, enErrors.generic)
})

t.test('call › notify: a toast of 3 s, a notification of 4.5 s, nothing on success or abort', async (t) => {
  const h = harness(() => json({ code: '700211', message: 'x' }))
  const api = createApiClient(h.options)
  await api.call(ENDPOINTS.serviceLoginNew, { notify: true, throws: false })
  await api.call(ENDPOINTS.serviceLoginNew, { notify: 'notification', throws: false })
  await api.call(ENDPOINTS.serviceLoginNew, { throws: false })
  t.same(h.toasts, [
    { kind: 'error', message: zhErrors.code['700211'], durationMs: TOAST_DURATION_MS },
    { kind: 'error', message: zhErrors.code['700211'], durationMs: NOTIFICATION_DURATION_MS },
  ])
  t.equal(TOAST_DURATION_MS, 3000)
  t.equal(NOTIFICATION_DURATION_MS, 4500)

  const success = harness()
  await createApiClient(success.options).call(ENDPOINTS.getAllEnvDomain, { notify: true })
  t.same(success.toasts, [])

  const aborted = harness(hanging)
  await createApiClient(aborted.options).call(ENDPOINTS.getAllEnvDomain, {
    notify: true,
    throws: false,
    signal: AbortSignal.abort(),
  })
  t.same(aborted.toasts, [])
})

t.test('call › a failure rejects with ApiError unless throws is false', async (t) => {
  const h = harness(() => json({ code: '700014', message: 'x' }))
  const api = createApiClient(h.options)
  const error = await api.call(ENDPOINTS.loginEmailCheck, { notify: true }).then(
    () => undefined,
    (reason: unknown) => reason,
  )
  t.ok(error instanceof ApiError)
  if (error instanceof ApiError) {
    t.equal(error.retCode, '700014')
    t.equal(error.endpoint, 'loginEmailCheck')
    t.equal(error.message, zhErrors.code['700014'])
    t.same(error.envelope, { retCode: '700014', retMsg: zhErrors.code['700014'], item: {}, items: [] })
  }
  t.equal(h.toasts.length, 1, 'the toast shows before the rejection')
  const resolved = await api.call(ENDPOINTS.loginEmailCheck, { throws: false })
  t.equal(resolved.retCode, '700014')
})

t.test('call › something that is not an endpoint is an invalid request, nothing is sent', async (t) => {
  const h = harness()
  const api = createApiClient(h.options)
  // What a plain-JavaScript caller could pass: a bare name, nothing at all, a route without a path.
  const notEndpoints = [
    'loginEmailCheck',
    undefined,
    { name: 'x', method: 'POST' },
  ] as unknown as EndpointRoute[]
  for (const value of notEndpoints) {
    const answer = await api.call(value, { throws: false })
    t.equal(answer.retCode, 'INVALID_REQUEST')
  }
  t.equal(h.requests.length, 0)
})

t.test('call › takes a flow table entry the same as the server table entry', async (t) => {
  const h = harness()
  await createApiClient(h.options).call(signInEndpoints.serviceLoginNew, { data: { email: 'a@b.co' } })
  t.equal(new URL(only(h.requests).url).pathname, '/api/basic-login/serviceLoginNew/4')
})

t.test(
  'call › a flow step is a route of the BFF itself: same headers, JSON body, localised codes',
  async (t) => {
    const h = harness(() => json({ retCode: '700125', retMsg: 'upstream text' }))
    const answer = await createApiClient(h.options).call(resetLinkSteps.newPassword, {
      data: { password: 'Fresh-Start42', confirmPassword: 'Fresh-Start42' },
      throws: false,
    })
    const request = only(h.requests)
    t.equal(request.url, 'http://app.test/auth/reset/flow/link/password', 'not under /api')
    t.equal(request.headers.get('language'), 'zh')
    t.equal(request.headers.get('x-requested-with'), 'XMLHttpRequest')
    t.same(await request.json(), { password: 'Fresh-Start42', confirmPassword: 'Fresh-Start42' })
    t.equal(answer.retMsg, i18nFor('zh').t('errors:code.700125'), "the page's own text for the code")
  },
)
