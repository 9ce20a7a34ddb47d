import type { FastifyInstance } from 'fastify'
import type { ExternalReturnResult } from '../../shared/external-login/app.ts'
import { PROVIDER_MODE } from '../../shared/external-login/app.ts'
import { isProvider } from '../../shared/external-login/query.ts'
import { cookieHeader, OWN_PAGE_LINK, SAME_ORIGIN, sessionCookieOf } from '../helper.ts'

/**
 * A provider sends the browser back to the external app (spec §4, issue 21 point 5): the page is
 * requested with the return's query, the server reads it then and sends the browser on to the
 * clean address (303); the result is the session's, read here as the page would be told it
 * (`GET {base}/api/flow`, which shows it once). Answers in the envelope's shape.
 */
export async function giveBack(
  app: FastifyInstance,
  query: Record<string, string>,
  cookie?: string,
  base = '/auth/external',
) {
  const provider = query.provider ?? 'microsoft'
  const page = isProvider(provider) && PROVIDER_MODE[provider] === 'signIn' ? base : `${base}/connect`
  const redirect = await app.inject({
    method: 'GET',
    url: `${page}?${new URLSearchParams(query)}`,
    headers: cookieHeader(cookie),
  })
  if (redirect.statusCode !== 303)
    throw new Error(`expected 303, got ${redirect.statusCode}: ${redirect.body}`)
  const afterReturn = sessionCookieOf(redirect) ?? cookie
  const flow = await app.inject({
    url: `${base}/api/flow`,
    headers: { ...SAME_ORIGIN, ...cookieHeader(afterReturn) },
  })
  const returned = flow.json().item.returned as ExternalReturnResult
  return {
    redirect,
    status: returned.status,
    body: {
      retCode: returned.retCode,
      retMsg: returned.message,
      item: {
        reason: returned.reason,
        missing: returned.missing,
        next: returned.next,
        email: returned.email,
      } as Record<string, unknown>,
    },
    cookie: sessionCookieOf(flow) ?? afterReturn,
  }
}

/**
 * The visitor presses a provider's button on our page (`GET {base}/start/{provider}`, a link of
 * our own): the cookie that now holds the round trip, and the `state` the provider will send back.
 */
export async function startAt(
  app: FastifyInstance,
  provider: string,
  cookie?: string,
  base = '/auth/external',
) {
  const response = await app.inject({
    url: `${base}/start/${provider}`,
    headers: { ...OWN_PAGE_LINK, ...cookieHeader(cookie) },
  })
  return {
    cookie: sessionCookieOf(response) ?? cookie,
    state: new URL(String(response.headers.location)).searchParams.get('state') ?? '',
  }
}

/** A whole round trip: started with `cookie`, back from `provider` with `query`; the cookie after it. */
export async function backFrom(
  app: FastifyInstance,
  provider: string,
  query: Record<string, string>,
  cookie?: string,
  base = '/auth/external',
): Promise<string | undefined> {
  const started = await startAt(app, provider, cookie, base)
  return (await giveBack(app, { provider, ...query, state: started.state }, started.cookie, base)).cookie
}
