import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { type ApiEnvelope, envelope } from '../shared/envelope.ts'
import { i18nFor } from '../shared/i18n/index.ts'
import { issueMessage } from '../shared/schemas/messages.ts'

/**
 * The one answer to input an endpoint's or a step's schema refused, from `/api` and from every
 * flow's server step alike (send it with HTTP 400): retCode '400', the first problem's localised
 * message, and `item.field` naming that field so the page shows it there.
 */
export function refusedInput(request: FastifyRequest, issues: readonly z.core.$ZodIssue[]): ApiEnvelope {
  const { t } = i18nFor(request.language)
  const first = issues[0]
  const message = first ? issueMessage(first) : undefined
  return {
    ...envelope('400', message ? t(message.key, message.values) : t('errors:badRequest')),
    item: { field: first?.path.join('.') ?? '' },
  }
}
