import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { RegionId } from '../shared/regions.ts'
import { isValidPassword } from '../shared/schemas/fields.ts'
import { answer, bearerOf, fieldsOf, rawText, requestLanguage, text } from './http.ts'
import { LOGIN_PREFIX } from './login.ts'
import type { MessageId } from './messages.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { RESET_CODE, RESET_LINK_TTL_MS, resetStateOf } from './reset-state.ts'
import { type AccountRecord, isValidEmail, normaliseEmail, type SandboxWorld } from './world.ts'

interface ResetRouteOptions {
  region: RegionId
  world: SandboxWorld
}

const PHONE = /^\d{5,15}$/
const AREA_CODE = /^\d{1,4}$/
const minutesOf = (ms: number) => Math.round(ms / 60_000)

/**
 * Where an e-mailed reset link leads: the BFF's reset page, in the language it was asked in. The
 * id rides in the fragment, which browsers never send to a server (ADR 0036).
 */
export function resetLinkPath(id: string, language: 'en' | 'zh'): string {
  return `/auth/reset${language === 'zh' ? '?language=zh' : ''}#id=${encodeURIComponent(id)}`
}

/**
 * The password reset and change slice of the login service (spec §4 "Password reset", §5, §8):
 * request by e-mail link or texted code, check, set the new password; change a known password;
 * the agent's language. Known and unknown addresses get the same answers (security.md #15).
 */
export async function resetRoutes(app: FastifyInstance, options: ResetRouteOptions): Promise<void> {
  const { world } = options
  const state = resetStateOf(world)

  function admit(request: FastifyRequest, requester: string): ReturnType<typeof answer> | undefined {
    const verdict = state.admitSend(requester, world.now())
    if (verdict === 'tooSoon') return answer(request, 'tooSoon')
    if (verdict === 'limit') return answer(request, 'resetLimit')
    return undefined
  }

  /** 700009 empty, 700054 format, 700001 confirmation differs (only when one is sent). */
  function newPasswordProblem(fields: Record<string, unknown>): MessageId | undefined {
    const password = rawText(fields, 'password')
    if (!password) return 'passwordEmpty'
    if (!isValidPassword(password)) return 'passwordFormat'
    const confirm = fields.confirmPassword
    if (confirm !== undefined && rawText(fields, 'confirmPassword') !== password) return 'passwordMismatch'
    return undefined
  }

  /** 700490 when the new password is the current one; otherwise sets it and ends the sessions. */
  async function setPassword(
    request: FastifyRequest,
    account: AccountRecord,
    password: string,
    keepToken?: string,
  ) {
    if (await verifyPassword(password, account.passwordHash)) return answer(request, 'samePassword')
    account.passwordHash = await hashPassword(password)
    account.passwordChangedAt = world.now()
    // Someone who had the password (or stole a session) is out now; a reset also lifts a lock.
    world.revokeTokensOf(account.email, keepToken)
    world.recordSuccessfulLogin(account)
    state.forgetAccount(account.email)
    return answer(request, 'success', { item: { email: account.email } })
  }

  /** `{ areaCode?, phone }` → the key of that number, or an error answer. */
  function phoneOf(
    request: FastifyRequest,
  ): { key: string; number: string; areaCode: string } | { error: ReturnType<typeof answer> } {
    const fields = fieldsOf(request)
    const number = text(fields, 'phone')
    const areaCode = text(fields, 'areaCode').replace(/^\+/, '')
    if (!PHONE.test(number) || (areaCode && !AREA_CODE.test(areaCode))) {
      return { error: answer(request, 'phoneInvalid') }
    }
    return { key: `phone:${number}`, number, areaCode }
  }

  app.post(`${LOGIN_PREFIX}/account/sendResetEmail`, async (request) => {
    const email = normaliseEmail(text(fieldsOf(request), 'email'))
    if (!email) return answer(request, 'emailEmpty')
    if (!isValidEmail(email)) return answer(request, 'emailInvalid')
    const refused = admit(request, `email:${email}`)
    if (refused) return refused
    const account = world.findAccount(email)
    if (account) {
      const language = requestLanguage(request)
      const link = resetLinkPath(state.issueLink(account.email, world.now()), language)
      const minutes = minutesOf(RESET_LINK_TTL_MS)
      world.outbox.send({
        to: account.email,
        kind: 'reset-link',
        subject: language === 'zh' ? '重置密码' : 'Reset your password',
        text:
          language === 'zh'
            ? `点击链接重置密码（${minutes} 分钟内有效）：${link}`
            : `Open this link to set a new password (valid for ${minutes} minutes): ${link}`,
        link,
      })
    }
    return answer(request, 'success')
  })

  app.post(`${LOGIN_PREFIX}/sendSmsRandomCode/4`, async (request) => {
    const phone = phoneOf(request)
    if ('error' in phone) return phone.error
    const account = world.findAccountByPhone(phone.number, phone.areaCode || undefined)
    // Counted per number asked for, never per account: a number's answers must not tell whose it
    // is (700631 only after an e-mail to its owner did), and asking by text does not use up the
    // e-mail budget of an account a stranger guessed the number of (finding L4).
    const refused = admit(request, phone.key)
    if (refused) return refused
    // An unknown number gets a code too, that nobody receives: checkFindPwd then answers alike.
    const code = state.issueCode(phone.key, account?.email ?? null, world.now())
    if (account) {
      const language = requestLanguage(request)
      const minutes = minutesOf(RESET_CODE.ttlMs)
      world.outbox.send({
        to: phone.number,
        kind: 'reset-code',
        subject: language === 'zh' ? '短信验证码' : 'Text message',
        text:
          language === 'zh'
            ? `您的重置密码验证码为 ${code}，${minutes} 分钟内有效。`
            : `Your password reset code is ${code}. It is valid for ${minutes} minutes.`,
        code,
      })
    }
    return answer(request, 'success')
  })

  app.post(`${LOGIN_PREFIX}/account/checkFindPwd`, async (request) => {
    const fields = fieldsOf(request)
    const account = text(fields, 'account')
    const code = text(fields, 'code')
    if (!account) return answer(request, 'accountEmpty')
    if (!PHONE.test(account)) return answer(request, 'accountFormat')
    const pending = state.liveCode(`phone:${account}`, world.now())
    if (!pending) return answer(request, 'resetCodeExpired')
    if (pending.code !== code) {
      pending.wrongTries++
      return answer(request, 'resetCodeWrong')
    }
    pending.verified = true
    return answer(request, 'success')
  })

  app.post(`${LOGIN_PREFIX}/setServiceNewPwd/4`, async (request) => {
    const fields = fieldsOf(request)
    const key = `phone:${text(fields, 'account')}`
    const pending = state.liveCode(key, world.now())
    const account = pending?.email ? world.findAccount(pending.email) : undefined
    if (!pending?.verified || pending.code !== text(fields, 'code') || !account) {
      return answer(request, 'resetCodeExpired')
    }
    const problem = newPasswordProblem(fields)
    if (problem) return answer(request, problem)
    return setPassword(request, account, rawText(fields, 'password'))
  })

  app.post(`${LOGIN_PREFIX}/account/checkResetPwdLink/:id`, async (request) => {
    const { id } = request.params as { id: string }
    const link = state.liveLink(id, world.now())
    if (!link) return answer(request, 'resetCodeExpired')
    return answer(request, 'success', {
      item: { email: link.email, expiresAt: new Date(link.expiresAt).toISOString() },
    })
  })

  app.post(`${LOGIN_PREFIX}/account/resetServiceNewPwd/:id`, async (request) => {
    const { id } = request.params as { id: string }
    const link = state.liveLink(id, world.now())
    const account = link && !link.inUse && world.findAccount(link.email)
    if (!link || !account) return answer(request, 'resetCodeExpired')
    const fields = fieldsOf(request)
    const problem = newPasswordProblem(fields)
    if (problem) return answer(request, problem)
    // Claimed before the first await: of concurrent changes with one link, one runs (M1).
    link.inUse = true
    const result = await setPassword(request, account, rawText(fields, 'password'))
    link.inUse = false
    return result
  })

  /** Change a known password (signed in): the old one must be right; other sessions end. */
  app.post(`${LOGIN_PREFIX}/account/resetNewPwd`, async (request) => {
    const token = world.resolveToken(bearerOf(request), options.region)
    const account = token && world.findAccount(token.email)
    if (!token || !account) return answer(request, 'tokenInvalid')
    const fields = fieldsOf(request)
    const oldPassword = rawText(fields, 'oldPassword')
    if (!oldPassword) return answer(request, 'passwordEmpty')
    const problem = newPasswordProblem(fields)
    if (problem) return answer(request, problem)
    if (!(await verifyPassword(oldPassword, account.passwordHash))) return answer(request, 'wrongPassword')
    return setPassword(request, account, rawText(fields, 'password'), token.token)
  })

  app.post('/basic-public/agent/updateAgentLanguage', async (request) => {
    const token = world.resolveToken(bearerOf(request), options.region)
    const account = token && world.findAccount(token.email)
    if (!token || !account) return answer(request, 'tokenInvalid')
    const language = text(fieldsOf(request), 'language')
    if (language !== 'en' && language !== 'zh') return answer(request, 'resetCodeWrong')
    account.agentLanguage = language
    return answer(request, 'success', { item: { language } })
  })
}
