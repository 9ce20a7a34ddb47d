import { randomInt } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { RET_CODES } from '../../shared/api/ret-codes.ts'
import { envelope, isSuccess } from '../../shared/envelope.ts'
import { i18nFor } from '../../shared/i18n/index.ts'
import { consumeConnectState, issueConnectState } from '../connect-state.server.ts'
import { route } from '../plugins/app/own-pages.ts'
import { sessionSlot } from '../session-slot.server.ts'
import type { SsoKit } from './sso-kit.server.ts'

/** The QR code a browser is showing: its ticket, what it encodes and when it stops working. */
interface WeComScan {
  ticket: string
  url: string
  expiresAt: number
  /** The number this browser shows and the phone asks for (number matching, review L6). */
  matchCode: string
}

declare module '@fastify/secure-session' {
  interface SessionData {
    /** The WeCom QR sign-in this browser shows (the ticket never reaches page JavaScript). */
    wecomScan: WeComScan
  }
}

/**
 * The QR encoder, loaded when a browser first asks for a code: only WeCom sign-ins use it, and
 * loading it with the rest was ≈ 20 ms of every start.
 */
let qrCode: Promise<typeof import('qrcode')> | undefined
const loadQrCode = () => {
  qrCode ??= import('qrcode').then((module) => module.default)
  return qrCode
}

/**
 * The scan this browser shows. Kept a minute past the code's own end: the upstream, whose clock
 * decides, is asked once more, and an expired code is answered "expired" rather than "no scan".
 */
const wecomScanSlot = sessionSlot('wecomScan', { expiresAt: (scan) => scan.expiresAt + 60_000 })

/** The page polls every two seconds; anything faster is answered without the upstream. */
const POLL_INTERVAL_MS = 1000

export const WECOM_QR_PATH = '/auth/sso/wecom/qr.svg'
/** The address a QR code encodes is the upstream's; anything longer is not a QR we will draw. */
const MAX_QR_URL = 1024

/**
 * WeCom scan sign-in (issue 10 point 3, ADR 0050): `POST /auth/sso/wecom` asks the upstream for a
 * QR ticket bound to a single-use state, `GET /auth/sso/wecom/qr.svg` draws the code (same origin,
 * so the page's CSP stays `img-src 'self'`), `POST /auth/sso/wecom/poll` asks how the scan stands
 * and, once the phone confirmed, consumes the state and signs in like the other providers.
 */
export async function wecomRoutes(
  app: FastifyInstance,
  options: { kit: SsoKit; publicOrigin: string | undefined },
) {
  const { kit } = options

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/auth/sso/wecom')) reply.header('Cache-Control', 'no-store')
  })

  function secondsLeft(expiresAt: number): number {
    return Math.max(0, Math.ceil((expiresAt - Date.now()) / 1000))
  }

  function failed(request: FastifyRequest, reply: FastifyReply) {
    wecomScanSlot.clear(request)
    return reply.send(
      envelope(RET_CODES.success, 'success', {
        status: 'failed',
        redirect: kit.locationOf(request, { kind: 'failed' }),
      }),
    )
  }

  app.post('/auth/sso/wecom', route({ ownPages: 'fetch', spends: 'signIn' }), async (request, reply) => {
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
      string,
      unknown
    >
    kit.rememberReturn(request, body)
    const state = issueConnectState(request, 'wecom')
    // Number matching (review L6): the phone confirms only after its user picks the number this
    // browser shows, so a code passed to someone else (a phishing page showing our QR) cannot be
    // confirmed by a person who does not see this screen. Two digits, as Microsoft's and Okta's.
    const matchCode = String(randomInt(10, 100))
    const result = await kit.upstream(request, 'memberQrCodeLoginUrl', { state, matchCode })
    const item = result?.answer.item ?? {}
    const { ticket, qrCodeUrl, expiresIn } = item as Record<string, unknown>
    if (
      !result ||
      !isSuccess(result.answer) ||
      typeof ticket !== 'string' ||
      typeof qrCodeUrl !== 'string' ||
      qrCodeUrl.length > MAX_QR_URL ||
      !/^https?:\/\//i.test(qrCodeUrl) ||
      typeof expiresIn !== 'number'
    ) {
      if (result && !isSuccess(result.answer)) {
        const refused = await kit.outcomeOf(request, result)
        if (refused.kind === 'refused')
          return reply.send(envelope(RET_CODES.success, 'success', { status: 'refused', code: refused.code }))
      }
      return failed(request, reply)
    }
    const expiresAt = Date.now() + expiresIn * 1000
    wecomScanSlot.set(request, { ticket, url: qrCodeUrl, expiresAt, matchCode })
    // The address goes to this browser only (its own code), so a phone can open it directly.
    return reply.send(
      envelope(RET_CODES.success, 'success', { status: 'waiting', expiresIn, url: qrCodeUrl, matchCode }),
    )
  })

  /** Drawn QR codes by ticket: a reload or a second tab redraws nothing (finding L3). */
  const drawn = new Map<string, string>()
  app.get(WECOM_QR_PATH, async (request, reply) => {
    const scan = wecomScanSlot.get(request)
    // An expired code is not drawn again: the page offers a fresh one instead.
    if (!scan || scan.expiresAt <= Date.now())
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(i18nFor(request.language).t('sso:wecom.expired'))
    let svg = drawn.get(scan.ticket)
    if (svg === undefined) {
      svg = await (await loadQrCode()).toString(scan.url, {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 2,
      })
      if (drawn.size >= 256) drawn.delete(drawn.keys().next().value as string) // oldest first
      drawn.set(scan.ticket, svg)
    }
    // An image of our own origin: nothing scriptable in it, and nothing to sniff.
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('Content-Security-Policy', "default-src 'none'")
      .send(svg)
  })

  /** When each ticket was last asked upstream: a ticket is asked at most once a second (L3). */
  const polledAt = new Map<string, number>()
  app.post('/auth/sso/wecom/poll', route({ ownPages: 'fetch' }), async (request, reply) => {
    const scan = wecomScanSlot.get(request)
    if (!scan) return reply.send(envelope(RET_CODES.success, 'success', { status: 'expired', expiresIn: 0 }))
    const now = Date.now()
    const last = polledAt.get(scan.ticket)
    if (last !== undefined && now - last < POLL_INTERVAL_MS) {
      // Asked a moment ago (another tab, a replayed cookie, a loop): still waiting, as far as we know.
      return reply.send(
        envelope(RET_CODES.success, 'success', { status: 'waiting', expiresIn: secondsLeft(scan.expiresAt) }),
      )
    }
    if (polledAt.size >= 10_000) polledAt.clear() // bounded: forgetting only allows one more call
    polledAt.set(scan.ticket, now)
    const result = await kit.upstream(request, 'memberQrCodeLoginUrl', { ticket: scan.ticket })
    if (!result) return failed(request, reply)
    const item = result.answer.item as Record<string, unknown>
    if (
      isSuccess(result.answer) &&
      (item.status === 'waiting' || item.status === undefined) &&
      !('token' in item)
    ) {
      // The upstream's clock decides when the code dies; our own estimate only when it does not say.
      const expiresIn = typeof item.expiresIn === 'number' ? item.expiresIn : secondsLeft(scan.expiresAt)
      return reply.send(envelope(RET_CODES.success, 'success', { status: 'waiting', expiresIn }))
    }
    if (isSuccess(result.answer) && (item.status === 'expired' || item.status === 'cancelled')) {
      wecomScanSlot.clear(request)
      return reply.send(envelope(RET_CODES.success, 'success', { status: item.status, expiresIn: 0 }))
    }
    wecomScanSlot.clear(request)
    // Confirmed (or refused) on the phone: only the browser holding the state of this scan goes on.
    if (isSuccess(result.answer) && !(await consumeConnectState(request, 'wecom', item.state))) {
      request.log.warn('wecom scan confirmed with an unknown, used or foreign state')
      return failed(request, reply)
    }
    const outcome = await kit.outcomeOf(request, result)
    if (outcome.kind === 'refused')
      return reply.send(envelope(RET_CODES.success, 'success', { status: 'refused', code: outcome.code }))
    const status = outcome.kind === 'signedIn' ? 'signedIn' : outcome.kind === 'pick' ? 'pick' : 'failed'
    return reply.send(
      envelope(RET_CODES.success, 'success', { status, redirect: kit.locationOf(request, outcome) }),
    )
  })
}
