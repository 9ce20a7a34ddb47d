import { expect, test } from '@playwright/test'
import { DEMO_ACCOUNT } from '../../sandbox/fixtures.ts'
import { SIGN_UP_LIMIT_EMAIL } from '../../sandbox/sign-up.ts'
import { hydrated, inLanguage, keepScreenshot, languagesInTurn, PHONE } from './frame-helpers.ts'
import { signUpInfo, uniqueEmail } from './sandbox.ts'
import {
  openLink,
  PASSWORD,
  screenshot,
  solveCaptcha,
  startSignUp,
  submitSetup,
  TEXT,
} from './sign-up-helpers.ts'

// The desktop's journey and the phone's one-page sign-up take a language each (ADR 0099).
for (const language of languagesInTurn(0)) {
  const T = TEXT[language]
  test(`the whole journey (${language}): sign up → link → setup → back → questionnaire → welcome → console`, async ({
    page,
  }) => {
    test.setTimeout(240_000)
    const email = uniqueEmail(`journey-${language}`)
    await page.goto(inLanguage(`/auth/sign_up`, language))
    await expect(page.getByRole('heading', { name: T.s.credentials.title })).toBeVisible()
    await screenshot(page, `sign-up-credentials-${language}-desktop`)

    // Validation keeps what was typed, and the checklist follows the password.
    await page.getByLabel(T.s.credentials.email).fill(email)
    await page.getByLabel(T.s.credentials.password, { exact: true }).fill('short')
    await expect(page.locator('.rule[data-met="true"]')).toHaveCount(1)
    await page.getByRole('button', { name: T.s.credentials.submit }).click()
    await expect(page.locator('#sign-up-password-error')).toHaveText(T.common.validation.passwordFormat)
    await expect(page.locator('#sign-up-privacy-error')).toHaveText(T.common.validation.privacy)
    await expect(page.getByLabel(T.s.credentials.email)).toHaveValue(email)

    await startSignUp(page, T, email)
    await expect(page.getByRole('button', { name: T.s.sent.resend })).toBeDisabled()
    await screenshot(page, `sign-up-sent-${language}-desktop`)
    await page.reload()
    await expect(page.getByRole('heading', { name: T.s.sent.title }), 'a reload keeps the flow').toBeVisible()

    const link = await openLink(page, email)
    await expect(page.getByRole('heading', { name: T.s.setup.title })).toBeVisible()
    await screenshot(page, `sign-up-setup-${language}-desktop`)
    await submitSetup(page, T, 'Analytical Engines 2', '12')
    await expect(page.locator('#setup-phone-error')).toHaveText(T.common.validation.phone)
    await expect(page.getByLabel(T.s.setup.company), 'nothing typed is lost').toHaveValue(
      'Analytical Engines 2',
    )
    await page.getByLabel(T.s.setup.phone).fill('81234567')
    await page.getByRole('button', { name: T.s.setup.submit }).click()

    await expect(page.getByRole('heading', { name: T.s.questionnaire.title })).toBeVisible()
    await page.getByRole('button', { name: T.s.questionnaire.back }).click()
    await expect(page.getByLabel(T.s.setup.firstName), 'going back keeps the data').toHaveValue('Ada')
    await page.getByRole('button', { name: T.s.setup.submit }).click()
    await expect(page.getByRole('heading', { name: T.s.questionnaire.title })).toBeVisible()
    await page.getByLabel(T.s.choices.products.chatbot, { exact: true }).check()
    await page.locator('#q-industry').selectOption('travel')
    await screenshot(page, `sign-up-questionnaire-${language}-desktop`)
    const info = await signUpInfo(email)
    expect(info?.hasDetails).toBe(true)
    await page.getByRole('button', { name: T.s.questionnaire.submit, exact: true }).click()

    await expect(page.getByTestId('welcome')).toBeVisible()
    await expect(page.getByText(/\d+/).first()).toBeVisible()
    // The countdown leads on by itself: a picture, not the slower checks, before it does.
    await keepScreenshot(page, { path: `.cache/screens/sign-up-welcome-${language}-desktop.png` })
    await page.waitForURL(/__sandbox\/console/)
    await expect(page.locator('[data-region="sg"]')).toBeVisible()
    // Signed in on the console, as after a password sign-in (issue 18 point 6).
    await expect(page.getByText('Signed in as')).toContainText(email)

    // The link worked once: opened again it is the link-expired page.
    await page.goto(link)
    await expect(page.getByRole('heading', { name: T.s.verify.expiredTitle })).toBeVisible()
    await screenshot(page, `sign-up-link-expired-${language}-desktop`)
  })
}

test.describe('on a phone', () => {
  test.use({ ...PHONE })
  for (const language of languagesInTurn(1)) {
    const T = TEXT[language]
    test(`one-page sign-up (registerSgH5) → link → finish → welcome (${language})`, async ({ page }) => {
      test.setTimeout(240_000)
      const email = uniqueEmail(`phone-${language}`)
      await page.goto(inLanguage('/auth/sign_up', language))
      await expect(page.getByRole('heading', { name: T.s.credentials.title })).toBeVisible()
      await page.getByLabel(T.s.credentials.email).fill(email)
      await page.getByLabel(T.s.credentials.password, { exact: true }).fill(PASSWORD)
      await page.getByLabel(T.s.credentials.fullName).fill(language === 'zh' ? '张 伟' : 'Grace Hopper')
      await page.getByLabel(T.s.credentials.company).fill(language === 'zh' ? '编译器公司' : 'Compilers Inc')
      await page.getByLabel(T.s.credentials.phone).fill('81234567')
      await page.locator('#sign-up-privacy').check()
      await solveCaptcha(page, T)
      await screenshot(page, `sign-up-credentials-${language}-phone`)
      await page.getByRole('button', { name: T.s.credentials.submit }).click()
      await expect(page.getByRole('heading', { name: T.s.sent.title })).toBeVisible()
      await screenshot(page, `sign-up-sent-${language}-phone`)
      await openLink(page, email)
      await expect(page.getByRole('heading', { name: T.s.finish.title })).toBeVisible()
      await screenshot(page, `sign-up-finish-${language}-phone`)
      expect(await signUpInfo(email), 'verified, with the details of the one page').toMatchObject({
        verified: true,
        hasDetails: true,
      })
      await page.getByRole('button', { name: T.s.finish.submit }).click()
      await expect(page.getByTestId('welcome')).toBeVisible()
      await keepScreenshot(page, { path: `.cache/screens/sign-up-welcome-${language}-phone.png` })
      await page.waitForURL(/__sandbox\/console/)
      await expect(page.getByText('Signed in as')).toContainText(email)
    })
  }
})

test('an existing e-mail: 700037 at the field, with a sign-in link that keeps it', async ({ page }) => {
  const T = TEXT.en
  await page.goto('/auth/sign_up?language=en_US&serviceEmail=demo%40sandbox.test')
  await expect(page.getByLabel(T.s.credentials.email), 'the footer banner e-mail is prefilled').toHaveValue(
    DEMO_ACCOUNT.email,
  )
  // The page came from the cache, rendered without the address (ADR 0101); the browser adds it back.
  await expect(
    page.getByTestId('language-switch').first(),
    'the language switch keeps the address',
  ).toHaveAttribute('href', '/auth/sign_up?serviceEmail=demo%40sandbox.test&language=zh')
  await page.getByLabel(T.s.credentials.password, { exact: true }).fill(PASSWORD)
  await page.locator('#sign-up-privacy').check()
  await solveCaptcha(page, T)
  await page.getByRole('button', { name: T.s.credentials.submit }).click()
  await expect(page.locator('#sign-up-email-error')).toHaveText(T.errors.code['700037'])
  const signIn = page.getByRole('link', { name: T.s.credentials.signInWithIt })
  expect(await signIn.getAttribute('href')).toContain(encodeURIComponent(DEMO_ACCOUNT.email))
})

test('a wrong captcha answer is refused and a new question comes', async ({ page }) => {
  const T = TEXT.en
  await page.goto('/auth/sign_up')
  const question = page.locator('.captcha-row label')
  const before = await question.textContent()
  await question.locator('xpath=..').getByRole('textbox').fill('999')
  await page.getByRole('button', { name: T.captcha.check }).click()
  await expect(page.locator('.captcha [role="alert"]')).toHaveText(T.errors.code['700169'])
  await expect(question).toBeVisible()
  expect(before).toBeTruthy()
})

test('the 24-hour verification e-mail limit has its own page saying when it frees up', async ({ page }) => {
  const T = TEXT.en
  await page.goto('/auth/sign_up')
  // startSignUp's steps up to the submit: it would then wait out the "check your inbox" step
  // that this address never reaches (10 s of nothing per run).
  await page.getByLabel(T.s.credentials.email).fill(SIGN_UP_LIMIT_EMAIL)
  await page.getByLabel(T.s.credentials.password, { exact: true }).fill(PASSWORD)
  await page.locator('#sign-up-privacy').check()
  await solveCaptcha(page, T)
  await page.getByRole('button', { name: T.s.credentials.submit }).click()
  await expect(page.getByTestId('sign-up-limit')).toBeVisible()
  await expect(page.getByText(/after/)).toBeVisible()
  await screenshot(page, 'sign-up-limit-en-desktop')
})

for (const [zone, region] of [
  ['America/Chicago', 'us'],
  ['America/Phoenix', 'us'],
  ['Pacific/Honolulu', 'us'],
  ['Asia/Singapore', 'sg'],
  ['Europe/Berlin', 'sg'],
] as const) {
  test.describe(`time zone ${zone}`, () => {
    test.use({ timezoneId: zone })
    test(`the account is created in ${region}`, async ({ page }) => {
      const email = uniqueEmail(`tz-${region}`)
      await page.goto('/auth/sign_up')
      await startSignUp(page, TEXT.en, email)
      expect((await signUpInfo(email))?.region).toBe(region)
    })
  })
}

test.describe('on a known regional host', () => {
  test.use({ timezoneId: 'Asia/Singapore' })
  test('us.localhost keeps the sign-up in us whatever the time zone', async ({ page, baseURL }) => {
    const email = uniqueEmail('host-us')
    await page.goto(new URL('/auth/sign_up', baseURL).href.replace('//localhost', '//us.localhost'))
    await startSignUp(page, TEXT.en, email)
    expect((await signUpInfo(email))?.region).toBe('us')
  })
})

// The form's checks load on first use (client/pages/auth/sign_up/schemas.ts): if they cannot be
// fetched, the visitor is told so and keeps what was typed; the next submit tries again.
test('the form’s checks cannot load: a network error, nothing lost, and a retry works', async ({ page }) => {
  const T = TEXT.en
  let blocked = 0
  await page.route('**/auth/_next/assets/chunks/*.js', async (route) => {
    const response = await route.fetch()
    const body = await response.text()
    if (body.includes('ZodError')) {
      blocked += 1
      return route.abort('internetdisconnected')
    }
    return route.fulfill({ response, body })
  })
  const email = uniqueEmail('offline-checks')
  await page.goto('/auth/sign_up')
  // The page's own checks are what fail here: a submit before the scripts ran is a plain post
  // the server answers instead (sign-up-no-script.spec.ts), so wait until they run.
  await hydrated(page)
  await page.getByLabel(T.s.credentials.email).fill(email)
  await page.getByLabel(T.s.credentials.password, { exact: true }).fill(PASSWORD)
  await page.locator('#sign-up-privacy').check()
  await page.getByRole('button', { name: T.s.credentials.submit }).click()
  await expect(page.getByText(T.errors.network)).toBeVisible()
  expect(blocked, 'the validator chunk was asked for').toBeGreaterThan(0)
  await expect(page.getByLabel(T.s.credentials.email)).toHaveValue(email)
  await expect(page.getByLabel(T.s.credentials.password, { exact: true })).toHaveValue(PASSWORD)

  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await solveCaptcha(page, T)
  await page.getByRole('button', { name: T.s.credentials.submit }).click()
  await expect(page.getByRole('heading', { name: T.s.sent.title })).toBeVisible()
})
