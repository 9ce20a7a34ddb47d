import t from 'tap'
import { build } from '../../helper.ts'

// Issue 21: the demo form posted without JavaScript is answered by the server with the page.

const SAME_SITE_FORM = {
  'content-type': 'application/x-www-form-urlencoded',
  'sec-fetch-site': 'same-origin',
}
const typed = {
  fullName: 'Grace Hopper',
  email: 'grace@example.com',
  company: 'Compilers Inc',
  jobTitle: 'Support Lead',
  areaCode: '65',
  phone: '91234567',
  notes: '',
}
const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one)
  return body.toString()
}
/** The question the answered page asks: its id and the right sum. */
function questionOf(html: string): { challengeId: string; sum: number } {
  const challengeId = /name="captchaChallengeId" value="([^"]+)"/.exec(html)?.[1] ?? ''
  const label = /<label for="[^"]*-answer">([^<]+)<\/label>/.exec(html)?.[1] ?? ''
  const [a, b] = (label.match(/\d+/g) ?? []).map(Number)
  return { challengeId, sum: (a ?? 0) + (b ?? 0) }
}

t.test('POST /auth/demo › asks the question with what was typed kept, then books', async (t) => {
  const { app, sandbox } = await build(t, { ssr: true })
  for (const language of ['en', 'zh'] as const) {
    const email = `form-${language}@example.com`
    const values = { ...typed, email, ...(language === 'zh' ? { areaCode: '86', phone: '13912345678' } : {}) }
    const first = await app.inject({
      method: 'POST',
      url: `/auth/demo${language === 'zh' ? '?language=zh' : ''}`,
      headers: SAME_SITE_FORM,
      payload: form({ ...values, products: ['chatbot', 'voice'] }),
    })
    t.equal(first.statusCode, 200, `${language}: the same form again`)
    // Attribute order is the renderer's (React DOM writes them in prop order): match either.
    t.match(
      first.body,
      /<p [^>]*(class="field-error"[^>]*role="alert"|role="alert"[^>]*class="field-error")[^>]*>[^<]+</,
      'with what is missing at its field',
    )
    t.equal(first.headers['cache-control'], 'no-store', 'one visitor’s answer: never kept by a cache')
    t.match(first.body, `value="${email}"`, 'the e-mail is still there')
    t.match(
      first.body,
      /value="voice" checked=""|checked="" value="voice"|value="voice"[^>]*checked/,
      'products too',
    )
    const question = questionOf(first.body)
    t.ok(question.challengeId, 'and a question to answer')
    const second = await app.inject({
      method: 'POST',
      url: `/auth/demo${language === 'zh' ? '?language=zh' : ''}`,
      headers: SAME_SITE_FORM,
      payload: form({
        ...values,
        products: 'voice',
        captchaChallengeId: question.challengeId,
        captchaAnswer: String(question.sum),
      }),
    })
    t.equal(
      second.statusCode,
      200,
      `${language}: booked (${/role="alert"[^>]*>([^<]+)/.exec(second.body)?.[1] ?? ''})`,
    )
    const booked = (await (
      await fetch(`${sandbox.regions.sg.url}/__sandbox/demo-reservations.json`)
    ).json()) as {
      reservations: Array<{ email: string; products: string[] }>
    }
    t.same(booked.reservations.find((item) => item.email === email)?.products, ['voice'])
  }
})

t.test('POST /auth/demo › what was typed is shown as text, never as markup', async (t) => {
  const { app } = await build(t, { ssr: true })
  const answered = await app.inject({
    method: 'POST',
    url: '/auth/demo',
    headers: SAME_SITE_FORM,
    payload: form({ ...typed, company: '"><script>alert(1)</script>' }),
  })
  t.equal(answered.statusCode, 200)
  t.notMatch(answered.body, '<script>alert(1)</script>', 'not markup')
  const attribute = /id="demo-company"[\s\S]*?value="([^"]*)"/.exec(answered.body)?.[1] ?? ''
  const shown = attribute
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&')
  t.equal(shown, '"><script>alert(1)</script>', 'the same characters, escaped in the attribute')
  const later = await app.inject({ method: 'GET', url: '/auth/demo' })
  t.notMatch(later.body, 'Grace Hopper', 'the next visitor’s page knows nothing of it')
})

t.test('POST /auth/demo › a cross-site form post is refused with our page', async (t) => {
  const { app, sandbox } = await build(t, { ssr: true })
  const forged = await app.inject({
    method: 'POST',
    url: '/auth/demo',
    headers: { ...SAME_SITE_FORM, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    payload: form(typed),
  })
  t.equal(forged.statusCode, 403)
  t.match(forged.headers['content-type'], /text\/html/)
  const calls = (await (await fetch(`${sandbox.regions.sg.url}/__sandbox/requests`)).json()) as {
    requests: Array<{ url: string }>
  }
  t.notOk(
    calls.requests.some((entry) => /initSgGeetestInfo|addSgReservationInfo/.test(entry.url)),
    'nothing reached the upstream',
  )
})
