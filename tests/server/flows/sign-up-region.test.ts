/**
 * The sign-up's region is decided once, when it starts (spec §4 host rule with the browser's time
 * zone), and stays with the registration: the e-mailed link opened from another time zone is
 * checked in that region and the account is created there (issue 18 point 7, ADR 0074). The
 * sandbox refuses a registration continued in another region, so a slip shows here.
 */
import t from 'tap'
import { ENDPOINTS } from '../../../shared/api/endpoints.ts'
import { build, sandboxRequests } from '../../helper.ts'
import { lastLink } from '../../support/outbox.ts'
import { freshSignUpEmail, SIGN_UP_DETAILS, SignUpBrowser } from '../../support/sign-up.ts'

const NO_LIMITS = { RATE_LIMIT_SIGN_UP: '10000/1m', RATE_LIMIT_CODE: '10000/1m' }
const { app, sandbox } = await build(t, { env: NO_LIMITS })
const sg = sandbox.regions.sg.url
const us = sandbox.regions.us?.url ?? ''
const CHICAGO = { 'x-time-zone': 'America/Chicago' }
const BERLIN = { 'x-time-zone': 'Europe/Berlin' }

function browserIn(timeZone: Record<string, string>): SignUpBrowser {
  const browser = new SignUpBrowser(app, sg)
  browser.extraHeaders = timeZone
  return browser
}

async function registration(email: string) {
  return (await (await fetch(`${sg}/__sandbox/signups/${encodeURIComponent(email)}`)).json()) as {
    region?: string
  }
}

const verifyLink = (email: string) => lastLink(sg, email, 'register-verify')

const linkChecks = async (url: string) =>
  (await sandboxRequests(url)).filter((entry) => entry.url.endsWith(ENDPOINTS.checkVerifyEmailLink.path))
    .length

t.test(
  'started in Chicago, link opened in Berlin › checked in us, the account is created in us',
  async (t) => {
    const owner = browserIn(CHICAGO)
    const email = await owner.started(freshSignUpEmail('region'))
    t.equal((await registration(email)).region, 'us', 'the host rule chose us at the start')
    t.match(await verifyLink(email), /[#&]region=us(&|$)/, 'the link names its region')

    const elsewhere = browserIn(BERLIN)
    const usChecksBefore = await linkChecks(us)
    const sgChecksBefore = await linkChecks(sg)
    const opened = await elsewhere.openLink(email)
    t.equal(opened.body.retCode, '000000', opened.body.retMsg)
    t.equal(opened.body.item.continuesElsewhere, true, 'the sign-up goes on in the browser that started it')
    t.equal((await linkChecks(us)) - usChecksBefore, 1, 'the link was checked in us')
    t.equal((await linkChecks(sg)) - sgChecksBefore, 0, 'not in the opener’s region')

    // The owner travels meanwhile: the flow keeps its region whatever the time zone says now.
    owner.extraHeaders = BERLIN
    t.equal((await owner.view()).step, 'setup')
    const setup = await owner.call('registerSgPartInfo', { email, ...SIGN_UP_DETAILS })
    t.equal(setup.body.retCode, '000000', setup.body.retMsg)
    t.equal((await owner.call('registerChoseProduct', { email })).body.retCode, '000000')
    const finish = await owner.post('/auth/sign_up/flow/finish')
    t.equal(finish.body.retCode, '000000', finish.body.retMsg)
    const account = (await (await fetch(`${sg}/__sandbox/accounts/${encodeURIComponent(email)}`)).json()) as {
      environments: string[]
    }
    t.same(account.environments, ['us-k8s'], 'a us account')
  },
)

t.test('the sandbox refuses a registration continued in another region', async (t) => {
  const owner = browserIn(CHICAGO)
  const email = await owner.started(freshSignUpEmail('region'))
  const id = new URLSearchParams((await verifyLink(email)).split('#')[1]).get('id') ?? ''
  const post = async (base: string, path: string, body: Record<string, unknown>) =>
    (await (
      await fetch(`${base}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as { retCode: string }
  t.equal(
    (await post(sg, ENDPOINTS.checkVerifyEmailLink.path, { id })).retCode,
    '700125',
    'sg does not know a us link',
  )
  t.equal(
    (await post(sg, ENDPOINTS.sendRegisterVerifyEmail.path, { email })).retCode,
    '700203',
    'nor send its e-mails',
  )
  t.equal((await post(us, ENDPOINTS.checkVerifyEmailLink.path, { id })).retCode, '000000', 'us does')
  t.equal(
    (await post(sg, ENDPOINTS.registerSgPartInfo.path, { email, ...SIGN_UP_DETAILS })).retCode,
    '700203',
    'sg cannot set up a us registration',
  )
})
