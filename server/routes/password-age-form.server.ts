import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Topology } from '../../config/index.ts'
import { isSuccess } from '../../shared/envelope.ts'
import { signedInTarget } from '../../shared/forms/sign-in/after-sign-in.ts'
import { changePasswordErrorField } from '../../shared/forms/sign-in/change-password-errors.ts'
import { sendRetryLater } from '../busy.ts'
import { environmentFor } from './api/environment.ts'
import { consoleHandOver } from './console-hand-over.server.ts'
import { changeKnownPassword } from './sign-in-password-change.server.ts'

/**
 * The password age reminder without JavaScript (issue 21, issue 18 point 5): after a plain-form
 * sign-in whose `consoleLogin` said `passwordChangeDue`, the page shows the reminder instead of
 * going on (PasswordAgeNotice.tsx). Its buttons post these steps to `POST /auth/sign_in`, with the
 * session's form token (the sign-in form's preHandler), for the signed-in session only:
 * - `later`: on to where the sign-in was going — the `return` path, else the console opened for
 *   this session (`consoleHandOver`, as "Go to the console" does: a fresh ticket, however long
 *   the reminder was open), else the signed-in card;
 * - `changeNow`: the change-password form (PlainChangePassword.tsx);
 * - `changePassword`: `changeKnownPassword`, the step the page's scripts call too; on success on
 *   as `later`, else the form again with the errors at their fields (never a password).
 */
export type ReminderStep = 'later' | 'changeNow' | 'changePassword'
const REMINDER_STEPS = new Set<string>(['later', 'changeNow', 'changePassword'])

/** The reminder step a plain post is for, if it is one. */
export function reminderStepOf(body: unknown): ReminderStep | undefined {
  const value = (body as { step?: unknown } | null | undefined)?.step
  const step = Array.isArray(value) ? value.at(-1) : value
  return typeof step === 'string' && REMINDER_STEPS.has(step) ? (step as ReminderStep) : undefined
}

export function passwordAgeSteps(app: FastifyInstance, options: { topology: Topology; https: boolean }) {
  const signInPage = (query: string) => `/auth/sign_in${query}`

  async function onward(request: FastifyRequest, reply: FastifyReply, query: string) {
    const target = signedInTarget(query, undefined)
    if (target) return reply.redirect(target, 303)
    const token = request.session.get('token')
    const consoleUrl = token
      ? await consoleHandOver(request, options.topology, environmentFor(request, options.topology), token)
      : undefined
    // The console refused or is unreachable: the signed-in card, whose "Go to the console" retries.
    return reply.redirect(consoleUrl ?? signInPage(query), 303)
  }

  const changeForm = (request: FastifyRequest, reply: FastifyReply, errors: Record<string, string> = {}) =>
    app.renderFormPage(request, reply, { form: 'signIn', values: {}, errors, notice: 'changePassword' })

  return async function run(request: FastifyRequest, reply: FastifyReply, step: ReminderStep, query: string) {
    // Signed out meanwhile (or never signed in): the sign-in page, as the session now stands.
    if (request.sessionArrival !== 'signedIn') return reply.redirect(signInPage(query), 303)
    if (step === 'later') return onward(request, reply, query)
    if (step === 'changeNow') return changeForm(request, reply)
    // The bucket of the `/api` row it stands for (`account/resetNewPwd`: `reset`).
    const wait = await app.spendRateLimit(request, 'reset')
    if (wait > 0) return sendRetryLater(request, reply, 'pagesRateLimited', wait, { https: options.https })
    const { answer, status } = await changeKnownPassword(request, options.topology, request.body)
    if (isSuccess(answer)) return onward(request, reply, query)
    if (status === 401) return reply.redirect(signInPage(query), 303)
    return changeForm(request, reply, { [changePasswordErrorField(answer)]: answer.retMsg })
  }
}
