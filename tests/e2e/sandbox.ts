import { test } from '@playwright/test'
import type { OutboxMessage } from '../../sandbox/outbox.ts'
import { type OutboxKind, outbox as outboxOf } from '../support/outbox.ts'

/**
 * The sg server of the sandbox behind the running test's server (its port + 1): the clock specs
 * have a server and sandbox of their own (playwright.config.ts).
 */
export function sandboxUrl(): string {
  const port = Number(new URL(test.info().project.use.baseURL ?? 'http://localhost:3107').port)
  return `http://127.0.0.1:${port + 1}`
}

/** A fresh account for one test: flows that change passwords never disturb the fixtures or each other. */
export async function createAccount(
  prefix: string,
  password: string,
  phone?: { areaCode: string; number: string },
  passwordAgeDays?: number,
): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@sandbox.test`
  const response = await fetch(`${sandboxUrl()}/__sandbox/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password,
      ...(phone ? { phone } : {}),
      ...(passwordAgeDays !== undefined ? { passwordAgeDays } : {}),
    }),
  })
  if (response.status !== 201) throw new Error(`account not created: ${await response.text()}`)
  return email
}

/** A unique mainland China mobile number for a throwaway account. */
export function uniquePhone(): string {
  return `139${String(Date.now() % 100_000_000).padStart(8, '0')}`
}

/** The messages the sandbox "sent" to an address or number, oldest first. */
export const outbox = (to: string, kind: OutboxKind): Promise<OutboxMessage[]> =>
  outboxOf(sandboxUrl(), to, kind)

export async function accountInfo(
  email: string,
): Promise<{ agentLanguage: string | null; liveTokens: number }> {
  const response = await fetch(`${sandboxUrl()}/__sandbox/accounts/${encodeURIComponent(email)}`)
  return (await response.json()) as { agentLanguage: string | null; liveTokens: number }
}

/** Where a registration in progress stands in the sandbox (region chosen by the host rule, …). */
export async function signUpInfo(
  email: string,
): Promise<{ region: string; verified: boolean; hasDetails: boolean; questionnaire: unknown } | undefined> {
  const response = await fetch(`${sandboxUrl()}/__sandbox/signups/${encodeURIComponent(email)}`)
  return response.status === 200 ? ((await response.json()) as never) : undefined
}

/** A fresh address nobody has used: each test signs up its own. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@trial.example`
}

/** Moves the sandbox clock forward (links, codes, limits and lockouts all read it). */
export async function advanceClock(ms: number): Promise<void> {
  const response = await fetch(`${sandboxUrl()}/__sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: ms }),
  })
  if (!response.ok) throw new Error(`clock not moved: ${await response.text()}`)
}

/** The demo booking the sandbox recorded for this address (its products and notes), if any. */
export async function demoReservation(
  email: string,
): Promise<{ email: string; products: string[]; notes: string } | undefined> {
  const booked = (await (await fetch(`${sandboxUrl()}/__sandbox/demo-reservations.json`)).json()) as {
    reservations: Array<{ email: string; products: string[]; notes: string }>
  }
  return booked.reservations.find((item) => item.email === email)
}
