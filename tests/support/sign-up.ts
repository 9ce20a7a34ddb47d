/** A browser going through the sign-up against the BFF and its sandbox (tap tests of the flow). */
import type { FastifyInstance } from 'fastify'
import { ENDPOINTS, type EndpointName } from '../../shared/api/endpoints.ts'
import { cookieHeader, SAME_ORIGIN, sessionCookieOf } from '../helper.ts'
import { solvedCaptchaPass } from './captcha.ts'
import { lastLink } from './outbox.ts'

export const SIGN_UP_PASSWORD = 'Trial-Start42'
export const SIGN_UP_DETAILS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Engines Ltd',
  jobTitle: 'Analyst',
  areaCode: '65',
  phone: '81234567',
}

let counter = 0
/** A new address each call: a sign-up of the same address would find the earlier one. */
export const freshSignUpEmail = (prefix = 'flow') => `${prefix}-${Date.now()}-${++counter}@trial.example`

export interface Envelope {
  retCode: string
  retMsg: string
  item: Record<string, unknown>
}

/** One browser: its session cookie carries the flow from call to call. */
export class SignUpBrowser {
  cookie: string | undefined
  readonly app: FastifyInstance
  /** The sandbox server whose outbox holds the verification e-mails. */
  readonly sandboxUrl: string
  /** Sent with every call, e.g. the browser's `x-time-zone`. */
  extraHeaders: Record<string, string> = {}
  constructor(app: FastifyInstance, sandboxUrl: string, cookie?: string) {
    this.app = app
    this.sandboxUrl = sandboxUrl
    this.cookie = cookie
  }

  async request(method: 'GET' | 'POST', url: string, payload?: object, headers = SAME_ORIGIN) {
    const response = await this.app.inject({
      method,
      url,
      headers: { ...headers, ...this.extraHeaders, ...cookieHeader(this.cookie) },
      ...(method === 'POST' ? { payload: payload ?? {} } : {}),
    })
    this.cookie = sessionCookieOf(response) ?? this.cookie
    // Refusals of a navigation (no X-Requested-With) are a small HTML page, not the envelope.
    const json = String(response.headers['content-type']).startsWith('application/json')
    return {
      status: response.statusCode,
      body: (json ? response.json() : { retCode: '', retMsg: response.body, item: {} }) as Envelope,
    }
  }

  post(url: string, payload: Record<string, unknown> = {}) {
    return this.request('POST', url, payload)
  }

  call(name: EndpointName, payload: Record<string, unknown>) {
    return this.request('POST', `/api/${ENDPOINTS[name].path}`, payload)
  }

  /** Where the sign-up stands, as the page asks on every load. */
  async view() {
    return (await this.request('GET', '/auth/sign_up/flow')).body.item
  }

  /** Credentials and captcha sent, the verification e-mail out: the flow is at `sent`. */
  async started(email = freshSignUpEmail(), password = SIGN_UP_PASSWORD): Promise<string> {
    const started = await this.call('registerSgNew', {
      email,
      password,
      captchaPass: await solvedCaptchaPass((name, payload) => this.call(name, payload)),
    })
    if (started.body.retCode !== '000000') throw new Error(`registerSgNew: ${started.body.retMsg}`)
    await this.call('sendRegisterVerifyEmail', { email })
    return email
  }

  /** A sign-up started and its link opened here: the flow is at `setup`. */
  async atSetup(email = freshSignUpEmail()): Promise<string> {
    await this.started(email)
    await this.verified(email)
    return email
  }

  /** Opens the last e-mailed link of `email` in this browser. */
  async openLink(email: string) {
    const link = await lastLink(this.sandboxUrl, email, 'register-verify')
    const fragment = new URLSearchParams(link.split('#')[1] ?? '')
    const region = fragment.get('region')
    return this.call('checkVerifyEmailLink', { id: fragment.get('id') ?? '', ...(region ? { region } : {}) })
  }

  /** Opens the link and insists it worked: the flow is at `setup`. */
  async verified(email: string) {
    const answer = await this.openLink(email)
    if (answer.body.retCode !== '000000') throw new Error(`checkVerifyEmailLink: ${answer.body.retMsg}`)
  }
}
