/**
 * Login CSRF through the SSO start (issue 46 Medium, security.md #25), in Chromium: a page on
 * another site (a second server on 127.0.0.1, another host than the app's localhost) links to,
 * redirects to and auto-submits forms at our SSO and provider starts. No round trip starts: our own page
 * asks first, and its button goes on from our origin. A click on our own "Sign in with Microsoft"
 * starts exactly one round trip (the client router leaves such links to the browser).
 */
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import { expect, test } from '@playwright/test'
import { SANDBOX_SAML_CONFIG_ID, SSO_SAML_ACCOUNT } from '../../sandbox/fixtures.ts'
import { sandboxUrl } from './sandbox.ts'

let foreign: Server
let foreignOrigin = ''

test.beforeAll(async ({ baseURL }) => {
  const app = baseURL ?? ''
  const pages: Record<string, string> = {
    '/link': `<a id="go" href="${app}/auth/sso/saml?id=${SANDBOX_SAML_CONFIG_ID}">Claim your prize</a>`,
    '/redirect': `<script>location.href = ${JSON.stringify(`${app}/auth/sso/microsoft`)}</script>`,
    '/post': `<form id="f" method="get" action="${app}/auth/external/start/shopify"></form><script>document.getElementById('f').submit()</script>`,
  }
  foreign = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(`<!doctype html><title>Another site</title>${pages[request.url ?? ''] ?? ''}`)
  })
  // Any free port on 127.0.0.1: another host than the app's localhost, so another site.
  foreign.listen(0, '127.0.0.1')
  await once(foreign, 'listening')
  const address = foreign.address()
  foreignOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})

test.afterAll(async () => {
  foreign.close()
  await once(foreign, 'close')
})

/** Requests the sandbox's providers saw: an identity provider's page, a SAML authenticate call. */
async function providerHits(): Promise<number> {
  const log = (await (await fetch(`${sandboxUrl()}/__sandbox/requests`)).json()) as {
    requests: { url: string }[]
  }
  return log.requests.filter((entry) => /\/__sandbox\/(idp|providers)\/|\/authenticate\//.test(entry.url))
    .length
}

test('another site’s link, redirect and auto-submitted form start no round trip; our page asks first', async ({
  page,
}) => {
  const before = await providerHits()
  const leftToProvider: string[] = []
  page.on('request', (request) => {
    if (request.isNavigationRequest() && /__sandbox\/(idp|providers)/.test(request.url()))
      leftToProvider.push(request.url())
  })

  await page.goto(`${foreignOrigin}/link`)
  await page.locator('#go').click()
  await expect(page.getByRole('heading', { name: 'Continue to your company’s sign-in?' })).toBeVisible()
  expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL ?? '').host)

  await page.goto(`${foreignOrigin}/redirect`)
  await expect(page.getByRole('heading', { name: 'Continue to Microsoft sign-in?' })).toBeVisible()

  await page.goto(`${foreignOrigin}/post`)
  await expect(page.getByRole('heading', { name: 'Continue to Shopify?' })).toBeVisible()

  expect(leftToProvider, 'the browser never went to a provider').toEqual([])
  expect(await providerHits(), 'no provider and no SAML authenticate was reached').toBe(before)

  // The person who did mean to sign in goes on from our page: its button starts the round trip.
  await page.goto(`${foreignOrigin}/link`)
  await page.locator('#go').click()
  await page.getByRole('link', { name: 'Continue', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('(sandbox)')
  await page.locator('#identity').fill(SSO_SAML_ACCOUNT.email)
  await page.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByTestId('sso-picker-account')).toContainText(SSO_SAML_ACCOUNT.email)
})

test('the Chinese page asks in Chinese', async ({ page }) => {
  await page.goto(foreignOrigin)
  await page.goto(`/auth/sso/saml?id=${SANDBOX_SAML_CONFIG_ID}&language=zh`, { referer: `${foreignOrigin}/` })
  // Typed or opened from elsewhere (Sec-Fetch-Site: none or cross-site): the question, in Chinese.
  await expect(page.getByRole('heading', { name: '继续前往贵公司的登录页面？' })).toBeVisible()
  await expect(page.getByRole('link', { name: '继续', exact: true })).toBeVisible()
})

test('our own “Sign in with Microsoft” starts exactly one round trip', async ({ page }) => {
  await page.goto('/auth/sign_in')
  const fetched: string[] = []
  const atProvider: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/auth/sso/') && request.resourceType() !== 'document')
      fetched.push(request.url())
    if (request.url().includes('/__sandbox/idp/')) atProvider.push(request.resourceType())
  })
  await page.getByRole('link', { name: 'Sign in with Microsoft' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('(sandbox)')
  expect(fetched, 'the client router fetched no start').toEqual([])
  expect(atProvider, 'one state, one trip to the provider').toEqual(['document'])
})
