import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { type AppConfig, loadConfig } from '../config/index.ts'
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../sandbox/index.ts'
import type { LoggedRequest } from '../sandbox/requestLog.ts'
import { buildApp } from '../server/app.ts'
import { SESSION_COOKIE } from '../server/plugins/app/session.server.ts'
import { sandboxTopology } from '../server/sandbox-topology.ts'
import { ENDPOINTS, type EndpointName } from '../shared/api/endpoints.ts'
import { atIdentityProvider, OWN_PAGE_LINK, ROOT, SAME_ORIGIN, sessionKey } from './support/root.ts'
import { watchUpstreamConformance } from './support/upstream-conformance.ts'

export { atIdentityProvider, OWN_PAGE_LINK, ROOT, SAME_ORIGIN, sessionKey }

interface Teardown {
  teardown(fn: () => unknown): void
}

export interface Harness {
  app: FastifyInstance
  sandbox: RunningSandbox
  config: AppConfig
}

/** The BFF (without page rendering unless asked) in front of a real, listening sandbox. */
export async function build(
  t: Teardown,
  options: {
    env?: Record<string, string>
    ssr?: boolean
    sandbox?: RunningSandbox
    /** The BFF's clock (session lifetimes); the sandbox keeps its own. */
    now?: () => number
    /** Extra routes a test needs (e.g. to mint a form token as a page would). */
    extraRoutes?: (app: FastifyInstance) => void
    /** Off only for a test that breaks the sandbox's answers on purpose. */
    upstreamConformance?: boolean
    /** Microsoft sign-in goes to the sandbox's own identity provider page (atIdentityProvider). */
    microsoftAtSandbox?: boolean
  } = {},
): Promise<Harness> {
  const sandbox = options.sandbox ?? (await startSandbox())
  if (!options.sandbox) t.teardown(() => sandbox.close())
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_KEYS: sessionKey(7),
    ...(options.microsoftAtSandbox ? { MICROSOFT_AUTHORIZE_URL: microsoftAuthorizeUrl(sandbox) } : {}),
    ...options.env,
  })
  const app = await buildApp({
    config,
    topology: sandboxTopology(sandbox),
    root: ROOT,
    ssr: options.ssr ?? false,
    now: options.now,
  })
  t.teardown(() => app.close())
  // Every exchange with the sandbox is held to the described contract (fails at teardown).
  if (options.upstreamConformance !== false) t.teardown(watchUpstreamConformance(app))
  options.extraRoutes?.(app)
  await app.ready()
  return { app, sandbox, config }
}

interface FileHooks extends Teardown {
  beforeEach(fn: () => unknown): void
}

/**
 * One client address plays every user in a file of many sign-ins, codes and resets: the per-IP
 * limits are out of its way (they have their own tests, tests/server/plugins/rate-limit.test.ts).
 */
export const ONE_CLIENT_MANY_USERS = {
  RATE_LIMIT_SIGN_IN: '10000/1m',
  RATE_LIMIT_SIGN_UP: '10000/1m',
  RATE_LIMIT_CODE: '10000/1m',
  RATE_LIMIT_RESET: '10000/1m',
  // The per-client share of an address's reset sends has its own test (reset-per-client.test.ts).
  RESET_SENDS_PER_CLIENT: '10000',
}

/** Puts the sandbox back to its fixtures: accounts, faults, codes and request logs of every region. */
export async function resetSandbox(regionUrl: string): Promise<void> {
  const response = await fetch(`${regionUrl}/__sandbox/reset`, { method: 'POST' })
  await response.body?.cancel()
}

/**
 * A sandbox for a whole test file, back to its fixtures before each test, closed after the file;
 * with the address of its sg region (which also hosts the forwarder and the controls).
 */
export async function fileSandbox(
  t: FileHooks,
  options: SandboxOptions = {},
): Promise<{ sandbox: RunningSandbox; sg: string }> {
  const sandbox = await startSandbox(options)
  t.teardown(() => sandbox.close())
  const sg = sandbox.regions.sg.url
  t.beforeEach(() => resetSandbox(sg))
  return { sandbox, sg }
}

/** The sandbox's Microsoft sign-in page (on its sg server), where MICROSOFT_AUTHORIZE_URL points. */
export const microsoftAuthorizeUrl = (sandbox: RunningSandbox) =>
  `${sandbox.regions.sg.url}/__sandbox/idp/microsoft/authorize`

/** `build` for a whole file of sign-ins from one client, on a file sandbox (fileSandbox). */
export async function buildForFile(
  t: FileHooks,
  options: Omit<Parameters<typeof build>[1] & {}, 'sandbox'> = {},
): Promise<Harness & { sg: string }> {
  const { sandbox, sg } = await fileSandbox(t)
  const harness = await build(t, { ...options, sandbox, env: { ...ONE_CLIENT_MANY_USERS, ...options.env } })
  return { ...harness, sg }
}

export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value
}

export function cookieHeader(value: string | undefined): Record<string, string> {
  return value ? { cookie: `${SESSION_COOKIE}=${encodeURIComponent(value)}` } : {}
}

export type SignInStepName = 'email' | 'environment' | 'password' | 'code' | 'resend' | 'back'

/**
 * One step of the sign-in flow as the page's fetch call makes it (`POST /auth/sign_in/flow/<step>`,
 * docs/flows/sign-in.md): the session cookie goes in, and the one the answer sets (else the same)
 * comes back. `query` is appended to the URL (e.g. `?language=zh`).
 */
export async function signInStep(
  app: FastifyInstance,
  step: SignInStepName,
  payload: Record<string, unknown> = {},
  options: { cookie?: string; headers?: Record<string, string>; query?: string } = {},
): Promise<{ response: LightMyRequestResponse; cookie: string | undefined }> {
  const response = await app.inject({
    method: 'POST',
    url: `/auth/sign_in/flow/${step}${options.query ?? ''}`,
    headers: { ...SAME_ORIGIN, ...options.headers, ...cookieHeader(options.cookie) },
    payload,
  })
  return { response, cookie: sessionCookieOf(response) ?? options.cookie }
}

/**
 * The sign-in flow's steps as the page takes them: e-mail, the environment when one is given,
 * password. Stops at the first step that does not answer 000000 and returns that step (else the
 * last); the cookie is the one the steps carried along.
 */
export async function signInSteps(
  app: FastifyInstance,
  email: string,
  password: string,
  options: { environment?: string; headers?: Record<string, string>; cookie?: string; query?: string } = {},
): Promise<{ response: LightMyRequestResponse; cookie: string | undefined; step: SignInStepName }> {
  const steps: [SignInStepName, Record<string, unknown>][] = [['email', { email }]]
  if (options.environment) steps.push(['environment', { environment: options.environment }])
  steps.push(['password', { password }])
  let cookie = options.cookie
  let last: { response: LightMyRequestResponse; cookie: string | undefined; step: SignInStepName } | undefined
  for (const [step, payload] of steps) {
    const next = await signInStep(app, step, payload, {
      cookie,
      headers: options.headers,
      query: options.query,
    })
    cookie = next.cookie
    last = { ...next, step }
    if (next.response.statusCode !== 200 || next.response.json().retCode !== '000000') break
  }
  if (!last) throw new Error('no sign-in step ran')
  return last
}

/**
 * Signs in through the sign-in flow's steps (signInSteps) and returns the sealed cookie value;
 * throws unless the last step signed in.
 */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  options: { environment?: string; headers?: Record<string, string>; cookie?: string } = {},
): Promise<string> {
  const { response, cookie, step } = await signInSteps(app, email, password, options)
  if (response.statusCode !== 200 || response.json().retCode !== '000000')
    throw new Error(`sign-in (${step}) failed: ${response.statusCode} ${response.body}`)
  if (!cookie) throw new Error('sign-in set no session cookie')
  return cookie
}

/** Whether the cookie is a signed-in session: getToken is a session endpoint (401 without one). */
export async function isSignedIn(app: FastifyInstance, cookie: string | undefined): Promise<boolean> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/tokens/getToken',
    headers: { ...SAME_ORIGIN, ...cookieHeader(cookie) },
  })
  return response.statusCode === 200 && response.json().retCode === '000000'
}

/** The request log of one sandbox server (docs/sandbox.md), oldest first. */
export async function sandboxRequests(baseUrl: string): Promise<LoggedRequest[]> {
  const response = await fetch(`${baseUrl}/__sandbox/requests`)
  return ((await response.json()) as { requests: LoggedRequest[] }).requests
}

/** How many calls of one upstream endpoint a sandbox server has logged (query strings aside). */
export async function upstreamCalls(regionUrl: string, name: EndpointName): Promise<number> {
  const path = ENDPOINTS[name].path
  return (await sandboxRequests(regionUrl)).filter((request) => request.url.split('?')[0]?.endsWith(path))
    .length
}
