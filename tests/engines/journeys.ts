import { DEMO_ACCOUNT, FIXTURE_PASSWORD } from '../../sandbox/fixtures.ts'
import type { OutboxMessage } from '../../sandbox/outbox.ts'
import enCaptcha from '../../shared/i18n/locales/en/captcha.ts'
import enCommon from '../../shared/i18n/locales/en/common.ts'
import enDemo from '../../shared/i18n/locales/en/demo.ts'
import enErrors from '../../shared/i18n/locales/en/errors.ts'
import enFrame from '../../shared/i18n/locales/en/frame.ts'
import enHome from '../../shared/i18n/locales/en/home.ts'
import enReset from '../../shared/i18n/locales/en/reset.ts'
import enSignUp from '../../shared/i18n/locales/en/signUp.ts'
import zhCaptcha from '../../shared/i18n/locales/zh/captcha.ts'
import zhCommon from '../../shared/i18n/locales/zh/common.ts'
import zhDemo from '../../shared/i18n/locales/zh/demo.ts'
import zhErrors from '../../shared/i18n/locales/zh/errors.ts'
import zhFrame from '../../shared/i18n/locales/zh/frame.ts'
import zhHome from '../../shared/i18n/locales/zh/home.ts'
import zhReset from '../../shared/i18n/locales/zh/reset.ts'
import zhSignUp from '../../shared/i18n/locales/zh/signUp.ts'
import type { Language } from '../../shared/language.ts'
import { outbox } from '../support/outbox.ts'
import { DESKTOP, type Device, type OpenBrowser, PHONE } from './driver.ts'
import { button, css, field, link, Ui } from './ui.ts'

const TEXT = {
  en: {
    captcha: enCaptcha,
    common: enCommon,
    demo: enDemo,
    errors: enErrors,
    frame: enFrame,
    home: enHome,
    reset: enReset,
    signUp: enSignUp,
  },
  zh: {
    captcha: zhCaptcha,
    common: zhCommon,
    demo: zhDemo,
    errors: zhErrors,
    frame: zhFrame,
    home: zhHome,
    reset: zhReset,
    signUp: zhSignUp,
  },
} as const

/** The account whose company wants an e-mailed code after the password (sandbox/fixtures.ts). */
const CODE_ACCOUNT = 'code@sandbox.test'
const NEW_PASSWORD = 'Engine-Reset42'

export interface JourneyContext {
  /** The site as a new user opens it: http on localhost. */
  baseUrl: string
  /** The sandbox's sg server: its outbox and accounts. */
  sandboxUrl: string
  language: Language
  open: OpenBrowser
}

/** `?language=zh` for Chinese (the browsers ask for English), nothing for English. */
function inLanguage(pathname: string, language: Language): string {
  return language === 'en' ? pathname : `${pathname}${pathname.includes('?') ? '&' : '?'}language=${language}`
}

/** The newest message of a kind, once there are more than `before` of them. */
async function newestMessage(sandboxUrl: string, to: string, kind: string, before = 0) {
  for (let tries = 0; tries < 300; tries++) {
    const messages = await outbox(sandboxUrl, to, kind)
    if (messages.length > before) return messages.at(-1) as OutboxMessage
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no ${kind} message for ${to}`)
}

async function createAccount(sandboxUrl: string, prefix: string): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@sandbox.test`
  const response = await fetch(`${sandboxUrl}/__sandbox/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: FIXTURE_PASSWORD }),
  })
  if (response.status !== 201) throw new Error(`account not created: ${await response.text()}`)
  return email
}

/** The sign-in form's one submit button (its text changes from step to step). */
const SIGN_IN_SUBMIT = 'form:has(#sign-in-email) button[type=submit]:not([form])'

async function signInWithPassword(ui: Ui, language: Language, email: string, password: string, query = '') {
  const T = TEXT[language]
  await ui.open(inLanguage(`/auth/sign_in${query}`, language))
  await ui.fill(T.common.signIn.email, email)
  await ui.click('the sign-in button', css(SIGN_IN_SUBMIT))
  await ui.typeInto('the password field', css('#sign-in-password'), password)
  await ui.click('the sign-in button', css(SIGN_IN_SUBMIT))
}

/** Answers the sandbox's arithmetic challenge as a person does: reads it, types the sum. */
async function solveCaptcha(ui: Ui, language: Language) {
  const T = TEXT[language]
  const question = await ui.waitFor<string>(
    'the captcha question',
    `document.querySelector('.captcha-row label')?.innerText ?? ''`,
  )
  const [a = 0, b = 0] = question.match(/\d+/g)?.map(Number) ?? []
  await ui.typeInto('the captcha answer', css('.captcha-row input:not([type=hidden])'), String(a + b))
  await ui.click('the captcha check', button(T.captcha.check))
  await ui.see(T.captcha.solved)
}

type Journey = (ui: Ui, context: JourneyContext) => Promise<void>

/** The journeys of issue 48 point 4, in the order a new user meets them. */
const JOURNEYS: Array<{ name: string; device?: Device; run: Journey }> = [
  {
    name: 'sign-in with a password, signed in after a reload',
    run: async (ui, { language }) => {
      // A return path keeps the user on this site (without one the environment's console opens).
      const back = `?return=${encodeURIComponent('/auth/sign_in')}`
      await signInWithPassword(ui, language, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password, back)
      await ui.see(DEMO_ACCOUNT.email, '[data-testid="signed-in"]')
      // The session cookie came back: the server still knows who this is on a fresh page load.
      await ui.open(inLanguage('/auth/sign_in', language))
      await ui.see(DEMO_ACCOUNT.email, '[data-testid="signed-in"]')
    },
  },
  {
    name: 'a wrong password is told so, and nobody is signed in',
    run: async (ui, { language, sandboxUrl }) => {
      const email = await createAccount(sandboxUrl, `engine-wrong-${language}`)
      await signInWithPassword(ui, language, email, 'Wrong-Password9')
      await ui.see(TEXT[language].errors.code['700211'], '[role="alert"]')
      const signedIn = await ui.driver.evaluate<boolean>(
        `document.querySelector('[data-testid="signed-in"]') !== null`,
      )
      if (signedIn) throw new Error('signed in with a wrong password')
    },
  },
  {
    name: 'sign-in with the e-mailed code after the password',
    run: async (ui, { language, sandboxUrl }) => {
      const before = (await outbox(sandboxUrl, CODE_ACCOUNT, 'login-code')).length
      await signInWithPassword(ui, language, CODE_ACCOUNT, FIXTURE_PASSWORD)
      const { code } = await newestMessage(sandboxUrl, CODE_ACCOUNT, 'login-code', before)
      await ui.typeInto('the code field', css('#sign-in-code'), code ?? '')
      await ui.click('the sign-in button', css(SIGN_IN_SUBMIT))
      // The sandbox's stand-in console, signed in as this account.
      await ui.see(`${CODE_ACCOUNT} in sg-k8s`)
    },
  },
  {
    name: 'sign-up to the e-mailed link',
    run: async (ui, { language, sandboxUrl }) => {
      const T = TEXT[language].signUp
      const email = `engine-${language}-${Date.now()}@trial.example`
      await ui.open(inLanguage('/auth/sign_up', language))
      await ui.fill(T.credentials.email, email)
      await ui.fill(T.credentials.password, 'Trial-Start42')
      await ui.click('the privacy checkbox', css('#sign-up-privacy'))
      await solveCaptcha(ui, language)
      await ui.click('the sign-up button', button(T.credentials.submit))
      await ui.see(T.sent.title)
      const { link: verify } = await newestMessage(sandboxUrl, email, 'register-verify')
      await ui.openEmailedLink(verify ?? '')
      await ui.see(T.setup.title)
    },
  },
  {
    name: 'reset the password by the e-mailed link',
    run: async (ui, { language, sandboxUrl }) => {
      const T = TEXT[language].reset
      const email = await createAccount(sandboxUrl, `engine-reset-${language}`)
      await ui.open(inLanguage('/auth/reset', language))
      await ui.fill(T.email, email)
      await ui.click('the send-link button', button(T.sendLink))
      await ui.see(T.sentTitle)
      const { link: resetLink } = await newestMessage(sandboxUrl, email, 'reset-link')
      await ui.openEmailedLink(resetLink ?? '')
      await ui.fill(T.newPassword, NEW_PASSWORD)
      await ui.fill(T.confirmPassword, NEW_PASSWORD)
      await ui.click('the save button', button(T.save))
      await ui.see(T.doneTitle)
      await ui.at('/auth/reset/done')
    },
  },
  {
    name: 'book a demo',
    run: async (ui, { language }) => {
      const T = TEXT[language].demo
      const email = `engine-demo-${language}-${Date.now()}@example.com`
      await ui.open(inLanguage('/auth/demo', language))
      const values = {
        fullName: 'Ada Lovelace',
        email,
        company: 'Analytical Engines',
        jobTitle: 'Head of Support',
        // The country code starts as +86 in Chinese: a mainland mobile there.
        phone: language === 'zh' ? '13912345678' : '91234567',
      }
      for (const [name, value] of Object.entries(values))
        await ui.typeInto(`the ${name} field`, css(`#demo-${name}`), value)
      await ui.click('the chatbot checkbox', field(T.product.chatbot))
      await solveCaptcha(ui, language)
      await ui.click('the booking button', button(T.submit))
      await ui.see(T.doneTitle, 'h1')
    },
  },
  {
    name: 'client-side navigation, then back and forward',
    run: async (ui, { language }) => {
      const T = TEXT[language].frame
      await ui.open(inLanguage('/', language))
      await ui.markWindow()
      await ui.click('the Customers link', link(T.nav.customers, '[data-testid="site-header"]'))
      await ui.at('/customers')
      await ui.see(T.items.customers.title, 'h1')
      // Each step waits for its page, as a person reads it before pressing the next button.
      await ui.driver.back()
      await ui.at('/')
      await ui.see(TEXT[language].home.title, 'h1')
      await ui.driver.forward()
      await ui.at('/customers')
      await ui.see(T.items.customers.title, 'h1')
      if (!(await ui.windowIsMarked()))
        throw new Error('a full page load where the site navigates client-side')
    },
  },
  {
    name: 'the phone header and its side menu',
    device: PHONE,
    run: async (ui, { language }) => {
      const T = TEXT[language].frame
      await ui.open(inLanguage('/', language))
      await ui.waitFor(
        'the phone header',
        `document.querySelector('[data-testid="site-header"]')?.classList.contains('fr-header--phone')`,
      )
      await ui.click('the menu button', css('#fr-toggle'))
      await ui.waitFor(
        'the open side menu',
        `document.querySelector('#fr-toggle')?.getAttribute('aria-expanded') === 'true' && document.querySelector('#fr-side-menu')?.getClientRects().length > 0`,
      )
      await ui.click('the Customers link of the side menu', link(T.nav.customers, '#fr-side-menu'))
      await ui.at('/customers')
      await ui.see(T.items.customers.title, 'h1')
      await ui.waitFor(
        'the side menu to close',
        `document.querySelector('#fr-toggle')?.getAttribute('aria-expanded') === 'false' && !(document.querySelector('#fr-side-menu')?.getClientRects().length > 0)`,
      )
    },
  },
]

/** Each journey as a named test of `node:test`, in a browser of its own. */
export function journeys(context: () => JourneyContext) {
  return JOURNEYS.map(({ name, device, run }) => ({
    name,
    run: async () => {
      const current = context()
      const driver = await current.open(device ?? DESKTOP)
      try {
        await run(new Ui(driver, current.baseUrl), current)
      } finally {
        await driver.close()
      }
    },
  }))
}
