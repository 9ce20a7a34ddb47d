import { randomUUID } from 'node:crypto'

/** What a sandbox upstream "sends": e-mails and texts, kept for people and tests to read. */
export interface OutgoingMessage {
  /** E-mail address, or phone number for a text. */
  to: string
  kind: string
  subject: string
  text: string
  link?: string
  code?: string
}

export interface OutboxMessage extends OutgoingMessage {
  id: string
  /** ISO time on the sandbox clock. */
  sentAt: string
}

/** Keeps the most recent messages; older ones fall off so a long-running sandbox stays small. */
const MAX_MESSAGES = 500

/** The sandbox's outbox (interface agreed in BRIEF.md; built out by the sign-up work). */
export class Outbox {
  readonly #messages: OutboxMessage[] = []
  readonly #now: () => number

  constructor(now: () => number) {
    this.#now = now
  }

  send(message: OutgoingMessage): OutboxMessage {
    const stored: OutboxMessage = {
      ...message,
      id: randomUUID(),
      sentAt: new Date(this.#now()).toISOString(),
    }
    this.#messages.push(stored)
    if (this.#messages.length > MAX_MESSAGES) this.#messages.shift()
    return stored
  }

  list(filter: { to?: string; kind?: string } = {}): OutboxMessage[] {
    const to = filter.to?.trim().toLowerCase()
    return this.#messages.filter(
      (message) =>
        (to === undefined || message.to.toLowerCase() === to) &&
        (filter.kind === undefined || message.kind === filter.kind),
    )
  }

  latest(to: string, kind?: string): OutboxMessage | undefined {
    return this.list({ to, kind }).at(-1)
  }

  clear(): void {
    this.#messages.length = 0
  }
}
