import type { FastifyReply, FastifyRequest } from 'fastify'
import { envelope } from '../shared/envelope.ts'
import { i18nFor } from '../shared/i18n/index.ts'

/** "Try again in 14 minutes", in the request's language: every 429 says when (issue 17 §7). */
export function rateLimitedMessage(language: string | undefined, retryAfterSeconds: number): string {
  const t = i18nFor(language === 'zh' ? 'zh' : 'en').t
  if (retryAfterSeconds <= 1) return t('errors:rateLimited')
  if (retryAfterSeconds < 90) return t('errors:rateLimitedSeconds', { seconds: retryAfterSeconds })
  return t('errors:rateLimitedMinutes', { minutes: Math.ceil(retryAfterSeconds / 60) })
}

/** A 429 in the envelope with `Retry-After`, the wait in words and as `item.retryAfterSeconds`. */
export function sendRateLimited(request: FastifyRequest, reply: FastifyReply, retryAfterSeconds: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
  return reply
    .code(429)
    .header('retry-after', String(seconds))
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({
      ...envelope('429', rateLimitedMessage(request.language, seconds)),
      item: { retryAfterSeconds: seconds },
    })
}
