import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { DEMO_ACCOUNT, FIXTURE_PASSWORD } from '../../sandbox/fixtures.ts'
import enDemo from '../../shared/i18n/locales/en/demo.ts'
import enReset from '../../shared/i18n/locales/en/reset.ts'
import { type ServerProcess, startServerProcess } from '../support/server-process.ts'
import { HANG_GUARD_MS } from './driver.ts'

/**
 * A text browser without scripts (issue 48 point 6): lynx signs in, asks for a reset link and books
 * a demo on the embedded default's plain http. Lynx does the HTTP, keeps the cookies in its own
 * jar (it drops a Secure cookie on http, as WebKit does) and renders each answer (`-dump`); the test
 * reads the forms lynx fetched (`-source`) and posts them back through lynx (`-post_data`), as a
 * person filling them in would.
 */

const LYNX = process.env.LYNX_PATH ?? 'lynx'

let server: ServerProcess | undefined
let baseUrl = ''
let sandboxUrl = ''
const jars = mkdtempSync(path.join(tmpdir(), 'lynx-'))

before(async () => {
  server = await startServerProcess()
  baseUrl = server.baseUrl.replace('//127.0.0.1:', '//localhost:')
  sandboxUrl = server.sandboxRegions.sg ?? ''
})
after(() => {
  server?.child.kill('SIGTERM')
  rmSync(jars, { recursive: true, force: true })
})

/** One person's lynx: its own cookie jar, kept between runs as a browser keeps it between pages. */
function lynxFor(name: string) {
  const config = path.join(jars, `${name}.cfg`)
  const jar = path.join(jars, `${name}.cookies`)
  writeFileSync(
    config,
    `INCLUDE:/etc/lynx/lynx.cfg\nPERSISTENT_COOKIES:TRUE\nACCEPT_ALL_COOKIES:TRUE\nCOOKIE_FILE:${jar}\nCOOKIE_SAVE_FILE:${jar}\n`,
  )
  const run = (args: string[], input?: string) =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(LYNX, [`-cfg=${config}`, '-width=200', '-display_charset=utf-8', ...args])
      let out = ''
      let err = ''
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk
      })
      child.stderr.on('data', (chunk: Buffer) => {
        err += chunk
      })
      const guard = setTimeout(() => child.kill('SIGKILL'), HANG_GUARD_MS)
      child.on('error', reject)
      child.on('close', (code) => {
        clearTimeout(guard)
        if (code === 0) resolve(out)
        else reject(new Error(`lynx ${args.join(' ')} exited ${code}: ${err}`))
      })
      // Lynx reads post data up to a line of three dashes.
      child.stdin.end(input === undefined ? '' : `${input}\n---\n`)
    })
  return {
    source: (url: string) => run(['-source', url]),
    dump: (url: string) => run(['-dump', url]),
    post: (url: string, fields: URLSearchParams, as: '-source' | '-dump') =>
      run([as, '-post_data', url], fields.toString()),
  }
}

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
const attribute = (tag: string, name: string) => {
  const match = tag.match(new RegExp(`\\s${name}="([^"]*)"`))
  return match ? decode(match[1] ?? '') : undefined
}

/**
 * The form of `html` holding a field named `field`: where it posts and what it sends as it stands
 * (hidden fields, checked choices, the first option of a list), as a browser submits it.
 */
function formWith(html: string, field: string, pageUrl: string) {
  const forms = html.match(/<form[^>]*>[\s\S]*?<\/form>/g) ?? []
  const form = forms.find((candidate) => candidate.includes(`name="${field}"`))
  assert.ok(form, `a form with the field ${field}`)
  const action = new URL(attribute(form.slice(0, form.indexOf('>') + 1), 'action') ?? pageUrl, pageUrl).href
  const fields = new URLSearchParams()
  for (const tag of form.match(/<input[^>]*>/g) ?? []) {
    const name = attribute(tag, 'name')
    const type = attribute(tag, 'type') ?? 'text'
    if (!name || ((type === 'radio' || type === 'checkbox') && !/\schecked=/.test(tag))) continue
    fields.append(name, attribute(tag, 'value') ?? '')
  }
  for (const select of form.match(/<select[^>]*>[\s\S]*?<\/select>/g) ?? []) {
    const name = attribute(select, 'name')
    const options = select.match(/<option[^>]*>/g) ?? []
    const chosen = options.find((option) => /\sselected=/.test(option)) ?? options[0]
    if (name && chosen) fields.append(name, attribute(chosen, 'value') ?? '')
  }
  return { action, fields }
}

/** Sets what a person types (replacing what the form had); `add` for one more checked box. */
function typed(fields: URLSearchParams, values: Record<string, string>, add: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(values)) fields.set(name, value)
  for (const [name, value] of Object.entries(add)) fields.append(name, value)
  return fields
}

async function signIn() {
  const lynx = lynxFor('sign-in')
  const signIn = `${baseUrl}/auth/sign_in`
  const emailStep = formWith(await lynx.source(signIn), 'email', signIn)
  const answered = await lynx.post(
    emailStep.action,
    typed(emailStep.fields, { email: DEMO_ACCOUNT.email }),
    '-source',
  )
  const passwordStep = formWith(answered, 'password', signIn)
  const page = await lynx.post(
    passwordStep.action,
    typed(passwordStep.fields, { password: DEMO_ACCOUNT.password }),
    '-dump',
  )
  assert.doesNotMatch(
    page,
    /expired|did not come from this site/i,
    'the form token held: lynx kept the session',
  )
  assert.match(page, new RegExp(`Signed in as ${DEMO_ACCOUNT.email} in sg-k8s`))
}

async function askForResetLink() {
  const lynx = lynxFor('reset')
  const email = `lynx-reset-${Date.now()}@sandbox.test`
  const created = await fetch(`${sandboxUrl}/__sandbox/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: FIXTURE_PASSWORD }),
  })
  assert.equal(created.status, 201)
  const reset = `${baseUrl}/auth/reset`
  const request = formWith(await lynx.source(reset), 'email', reset)
  const page = await lynx.post(request.action, typed(request.fields, { email }), '-dump')
  assert.match(page, new RegExp(enReset.sentTitle))
  const outbox = await fetch(
    `${sandboxUrl}/__sandbox/outbox.json?to=${encodeURIComponent(email)}&kind=reset-link`,
  )
  const { messages } = (await outbox.json()) as { messages: unknown[] }
  assert.equal(messages.length, 1, 'one reset link e-mailed')
}

async function bookDemo() {
  const lynx = lynxFor('demo')
  const email = `lynx-demo-${Date.now()}@example.com`
  const demo = `${baseUrl}/auth/demo`
  const person = {
    fullName: 'Ada Lovelace',
    email,
    company: 'Analytical Engines',
    jobTitle: 'Head of Support',
    phone: '91234567',
  }
  const empty = formWith(await lynx.source(demo), 'fullName', demo)
  // Without scripts the challenge comes with the first answer, the typed values kept.
  const withChallenge = await lynx.post(
    empty.action,
    typed(empty.fields, person, { products: 'chatbot' }),
    '-source',
  )
  const question = withChallenge.match(/class="captcha-row"[\s\S]*?<label[^>]*>([^<]*)</)?.[1] ?? ''
  const [a = 0, b = 0] = question.match(/\d+/g)?.map(Number) ?? []
  const again = formWith(withChallenge, 'captchaAnswer', demo)
  assert.equal(again.fields.get('email'), email, 'what was typed is still in the form')
  const page = await lynx.post(again.action, typed(again.fields, { captchaAnswer: String(a + b) }), '-dump')
  assert.match(page, new RegExp(enDemo.doneTitle))
  const booked = await fetch(`${sandboxUrl}/__sandbox/demo-reservations.json`)
  const { reservations } = (await booked.json()) as {
    reservations: Array<{ email: string; products: string[] }>
  }
  assert.deepEqual(reservations.find((item) => item.email === email)?.products, ['chatbot'])
}

test('lynx, without scripts, over plain http: signs in, asks for a reset link, books a demo', async () => {
  await signIn()
  await askForResetLink()
  await bookDemo()
})
