import { expect, type Page, test } from '@playwright/test'
import { hydrated, inLanguage, keepScreenshot, LANGUAGES, PHONE, takesTurn } from './frame-helpers.ts'
import { holdChunkWith } from './hold-chunk.ts'
import { outbox, uniqueEmail } from './sandbox.ts'
import { PASSWORD, solveCaptcha, startSignUp, submitSetup, TEXT } from './sign-up-helpers.ts'

// Issue 21: the sign-up works with JavaScript off (or before the scripts ran). Every step is a
// plain form the server answers with the page: the next step, or the same one with the errors
// and what was typed — never the password.

type Texts = (typeof TEXT)[keyof typeof TEXT]
const shot = (page: Page, name: string) => keepScreenshot(page, { path: `.cache/screens/${name}.png` })
/** "You can ask for a new link at {{time}}." with any time of day. */
const resendAtPattern = (T: Texts) =>
  new RegExp(
    T.s.sent.resendAt
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('\\{\\{time\\}\\}', '(\\d\\d:\\d\\d UTC|UTC \\d\\d:\\d\\d)'),
  )

/** The sum the server's question asks for, typed into its field. */
async function answerQuestion(page: Page) {
  const question = await page.locator('label[for$="-answer"]').innerText()
  const [a, b] = (question.match(/\d+/g) ?? []).map(Number)
  await page.locator('input[name="captchaAnswer"]').fill(String((a ?? 0) + (b ?? 0)))
}

/**
 * The e-mailed link copied whole and pasted into the "check your inbox" step (ADR 0090): the
 * server checks it from the POST body, as the verify page checks its fragment with JavaScript.
 */
async function pasteLink(page: Page, T: Texts, link: string) {
  const field = page.getByLabel(T.s.sent.linkLabel)
  await field.fill(new URL(link, page.url()).href)
  await page.getByRole('button', { name: T.s.sent.linkSubmit }).click()
}

/** Credentials posted twice: first the server asks its question, then the sign-up starts. */
async function credentials(page: Page, T: Texts, email: string, extra: (page: Page) => Promise<void>) {
  await page.getByLabel(T.s.credentials.email).fill(email)
  await page.getByLabel(T.s.credentials.password, { exact: true }).fill(PASSWORD)
  await extra(page)
  await page.locator('#sign-up-privacy').check()
  await page.getByRole('button', { name: T.s.credentials.submit }).click()

  // The server's page: its question, the address still there, the password asked for again.
  await expect(page.getByText(T.captcha.answerBelow)).toBeVisible()
  await expect(page.getByLabel(T.s.credentials.email)).toHaveValue(email)
  await expect(page.locator('#sign-up-privacy')).toBeChecked()
  await expect(page.getByLabel(T.s.credentials.password, { exact: true })).toHaveValue('')
  await expect(page.locator('#sign-up-password-error')).toHaveText(T.s.credentials.passwordAgain)
  expect(await page.content()).not.toContain(PASSWORD)
  await page.getByLabel(T.s.credentials.password, { exact: true }).fill(PASSWORD)
  await answerQuestion(page)
  await page.getByRole('button', { name: T.s.credentials.submit }).click()
  await expect(page.getByRole('heading', { name: T.s.sent.title })).toBeVisible()
  await expect(page.getByTestId('sent-to')).toContainText(email)
}

// The desktop and the phone take a language each, turn about (ADR 0099).
for (const language of LANGUAGES) {
  const T = TEXT[language]

  if (takesTurn(0, language))
    test.describe(`sign-up without JavaScript · ${language}`, () => {
      test.use({ javaScriptEnabled: false })

      test('a new address signs up through the e-mailed link to the welcome page and the console', async ({
        page,
      }) => {
        test.setTimeout(240_000)
        const email = uniqueEmail(`noscript-${language}`)
        await page.goto(inLanguage('/auth/sign_up', language))
        await credentials(page, T, email, async () => {})
        // The wait is plain text with its time; the button is refused until then, saying so.
        await expect(page.locator('.sign-up .form-notice')).toHaveText(resendAtPattern(T))
        await shot(page, `sign-up-noscript-sent-${language}-desktop`)
        await page.getByRole('button', { name: T.s.sent.resend }).click()
        await expect(page.locator('.sign-up [role="alert"]')).toHaveText(resendAtPattern(T))

        // Opened here, the link cannot work: its id rides in the fragment, which only a script reads.
        const [message] = (await outbox(email, 'register-verify')).slice(-1)
        const verify = await page.goto(message?.link ?? '')
        expect(await verify?.text()).toContain(
          `<noscript><p class="form-error">${T.s.verify.needsScript}</p></noscript>`,
        )
        await page.goto(inLanguage('/auth/sign_up', language))
        await expect(page.getByRole('heading', { name: T.s.sent.title })).toBeVisible()
        // So the link is pasted here instead: a link of another kind is said at the field …
        await pasteLink(
          page,
          T,
          new URL(message?.link ?? '', page.url()).href.replace(/\/auth\/sign_up\/verify/, '/auth/reset'),
        )
        await expect(page.getByRole('heading', { name: T.s.sent.title })).toBeVisible()
        await expect(page.locator('#sign-up-link-error')).toHaveText(T.s.sent.linkOtherKind)
        await expect(page.getByLabel(T.s.sent.linkLabel)).toHaveAttribute('aria-invalid', 'true')
        await expect(
          page.getByLabel(T.s.sent.linkLabel),
          'the pasted link is not filled back in',
        ).toHaveValue('')
        await shot(page, `sign-up-noscript-link-error-${language}-desktop`)
        // … and the e-mailed one moves the sign-up on.
        await pasteLink(page, T, message?.link ?? '')
        await expect(page.getByRole('heading', { name: T.s.setup.title })).toBeVisible()
        await submitSetup(page, T, 'Analytical Engines', '12')
        await expect(page.locator('#setup-phone-error')).toHaveText(T.common.validation.phone)
        await expect(page.getByLabel(T.s.setup.company), 'nothing typed is lost').toHaveValue(
          'Analytical Engines',
        )
        await shot(page, `sign-up-noscript-setup-error-${language}-desktop`)
        await page.getByLabel(T.s.setup.phone).fill('81234567')
        await page.getByRole('button', { name: T.s.setup.submit }).click()

        await expect(page.getByRole('heading', { name: T.s.questionnaire.title })).toBeVisible()
        await page.getByLabel(T.s.choices.products.chatbot, { exact: true }).check()
        await page.locator('#q-industry').selectOption('travel')
        await page.getByRole('button', { name: T.s.questionnaire.submit, exact: true }).click()
        await expect(page.getByRole('heading', { name: T.s.welcome.title })).toBeVisible()
        await shot(page, `sign-up-noscript-welcome-${language}-desktop`)
        await page.getByRole('button', { name: T.s.welcome.go }).click()
        await expect(page).toHaveURL(/\/__sandbox\/console\?ticket=/)
      })
    })

  if (takesTurn(1, language))
    test.describe(`sign-up without JavaScript on a phone · ${language}`, () => {
      test.use({ ...PHONE, javaScriptEnabled: false })

      test('the one-page sign-up → pasted link → finish → welcome', async ({ page }) => {
        test.setTimeout(240_000)
        const email = uniqueEmail(`noscript-phone-${language}`)
        await page.goto(inLanguage('/auth/sign_up', language))
        await credentials(page, T, email, async (page) => {
          await page.getByLabel(T.s.credentials.fullName).fill(language === 'zh' ? '张 伟' : 'Grace Hopper')
          await page.getByLabel(T.s.credentials.company).fill('Compilers Inc')
          await page.getByLabel(T.s.credentials.phone).fill('81234567')
        })
        await shot(page, `sign-up-noscript-sent-${language}-phone`)
        const [message] = (await outbox(email, 'register-verify')).slice(-1)
        await pasteLink(page, T, message?.link ?? '')
        await expect(page.getByRole('heading', { name: T.s.finish.title })).toBeVisible()
        await page.getByRole('button', { name: T.s.finish.submit }).click()
        await expect(page.getByRole('heading', { name: T.s.welcome.title })).toBeVisible()
        await shot(page, `sign-up-noscript-welcome-${language}-phone`)
      })
    })
}

// A slow phone: the credentials are sent before the scripts ran. The server answers the plain
// post with the same form — the address and the tick still there — and its question; once the
// scripts run, the page goes on from there with JavaScript.
test('credentials sent before hydration: nothing typed is lost, the sign-up goes on', async ({ page }) => {
  const T = TEXT.en
  const chunk = await holdChunkWith(page, T.s.credentials.title)
  await page.goto('/auth/sign_up', { waitUntil: 'commit' })
  await expect.poll(chunk.held, { message: 'the sign-up translations were requested' }).toBe(true)
  const email = uniqueEmail('before-hydration')
  await page.getByLabel(T.s.credentials.email).fill(email)
  await page.getByLabel(T.s.credentials.password, { exact: true }).fill(PASSWORD)
  await page.locator('#sign-up-privacy').check()
  await page.getByRole('button', { name: T.s.credentials.submit }).click()
  chunk.release()

  await expect(page.getByText(T.captcha.answerBelow)).toBeVisible()
  await hydrated(page)
  await expect(page.getByLabel(T.s.credentials.email)).toHaveValue(email)
  await expect(page.locator('#sign-up-privacy')).toBeChecked()
  await expect(page.locator('#sign-up-password-error')).toHaveText(T.s.credentials.passwordAgain)
  await page.getByLabel(T.s.credentials.password, { exact: true }).fill(PASSWORD)
  await solveCaptcha(page, T)
  await page.getByRole('button', { name: T.s.credentials.submit }).click()
  await expect(page.getByRole('heading', { name: T.s.sent.title })).toBeVisible()
  await expect(page.getByTestId('sent-to')).toContainText(email)
})

// With JavaScript the field works too (ADR 0090): the page checks the pasted link with the verify
// page's own call, no reload (a plain post would lack the form token the cached first page has not).
test('with JavaScript, a pasted link moves the sign-up on as well', async ({ page }) => {
  const T = TEXT.en
  const email = uniqueEmail('paste-with-script')
  await page.goto('/auth/sign_up')
  await hydrated(page)
  await startSignUp(page, T, email)
  await pasteLink(page, T, 'https://trial.example/auth/sign_up/verify#id=not-a-real-one')
  await expect(page.locator('#sign-up-link-error')).toHaveText(T.s.sent.linkExpired)
  await hydrated(page)
  const [message] = (await outbox(email, 'register-verify')).slice(-1)
  await pasteLink(page, T, message?.link ?? '')
  await expect(page.getByRole('heading', { name: T.s.setup.title })).toBeVisible()
  await hydrated(page)
  await page.getByLabel(T.s.setup.firstName).fill('Ada')
  await expect(page.getByLabel(T.s.setup.firstName), 'the setup runs with its scripts').toHaveValue('Ada')
})
