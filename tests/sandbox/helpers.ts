import type { Test } from 'tap'
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../sandbox/index.ts'
import type { ApiEnvelope } from '../../shared/envelope.ts'

/** Starts a sandbox for one test (or file) and closes it when that test ends. */
export async function sandboxFor(t: Test, options: SandboxOptions = {}): Promise<RunningSandbox> {
  const sandbox = await startSandbox(options)
  t.teardown(() => sandbox.close())
  return sandbox
}

/** A clock the test moves by hand. */
export function manualClock(start = Date.UTC(2025, 0, 15, 9, 0, 0)) {
  let current = start
  return {
    now: () => current,
    advance(ms: number) {
      current += ms
    },
  }
}

export interface CallOptions {
  headers?: Record<string, string>
  /** Send the body as JSON instead of x-www-form-urlencoded. */
  json?: boolean
  method?: string
}

export async function call(
  baseUrl: string,
  path: string,
  body?: Record<string, string>,
  options: CallOptions = {},
): Promise<Response> {
  const method = options.method ?? 'POST'
  const headers: Record<string, string> = { ...options.headers }
  let payload: string | undefined
  if (body && method !== 'GET') {
    headers['content-type'] = options.json ? 'application/json' : 'application/x-www-form-urlencoded'
    payload = options.json ? JSON.stringify(body) : new URLSearchParams(body).toString()
  }
  return fetch(`${baseUrl}${path}`, { method, headers, body: payload })
}

/**
 * POSTs an upstream call and reads the envelope. Anything but HTTP 200 fails the test with the
 * path, status and body (a thrown error, not an assertion per call: the count of assertions stays
 * the count of things a test checks).
 */
export async function upstream(
  _t: Test,
  baseUrl: string,
  path: string,
  body?: Record<string, string>,
  options: CallOptions = {},
): Promise<ApiEnvelope<Record<string, unknown>>> {
  const response = await call(baseUrl, path, body, options)
  const text = await response.text()
  if (response.status !== 200) throw new Error(`${path} answered HTTP ${response.status}, not 200: ${text}`)
  return JSON.parse(text) as ApiEnvelope<Record<string, unknown>>
}

export async function admin(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${baseUrl}/__sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

/** Signs in and answers the token (fails the test, naming the answer, when sign-in does not succeed). */
export async function signIn(
  t: Test,
  baseUrl: string,
  account: { email: string; password: string },
): Promise<string> {
  const answer = await upstream(t, baseUrl, '/basic-login/serviceLoginNew/4', {
    email: account.email,
    password: account.password,
  })
  if (answer.retCode !== '000000')
    throw new Error(`${account.email} did not sign in: ${answer.retCode} ${answer.retMsg}`)
  return String(answer.item.token)
}
