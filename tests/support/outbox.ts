import type { OutboxMessage } from '../../sandbox/outbox.ts'

/** What the sandbox sends (sandbox/messages.ts): one kind a message template. */
export type OutboxKind = 'login-code' | 'register-verify' | 'reset-link' | 'reset-code' | (string & {})

/**
 * The messages a sandbox region "sent" to an address or number, oldest first (its
 * `/__sandbox/outbox.json`). `regionUrl` is the region's own address, as
 * `sandbox.regions.sg.url` or, in Playwright, `sandboxUrl()`.
 */
export async function outbox(regionUrl: string, to: string, kind: OutboxKind): Promise<OutboxMessage[]> {
  const query = new URLSearchParams({ to, kind })
  const response = await fetch(`${regionUrl}/__sandbox/outbox.json?${query}`)
  if (response.status !== 200) throw new Error(`outbox.json answered HTTP ${response.status}`)
  return ((await response.json()) as { messages: OutboxMessage[] }).messages
}

/** The newest message of that kind to `to`, if any. */
export async function lastMessage(
  regionUrl: string,
  to: string,
  kind: OutboxKind,
): Promise<OutboxMessage | undefined> {
  return (await outbox(regionUrl, to, kind)).at(-1)
}

/** The link of the newest such message ('' when none was sent). */
export const lastLink = async (regionUrl: string, to: string, kind: OutboxKind): Promise<string> =>
  (await lastMessage(regionUrl, to, kind))?.link ?? ''

/** The code of the newest such message ('' when none was sent). */
export const lastCode = async (regionUrl: string, to: string, kind: OutboxKind): Promise<string> =>
  (await lastMessage(regionUrl, to, kind))?.code ?? ''

/** The `id` in a link's fragment (`…#id=…`), as the pages read it ('' when there is none). */
export const linkFragmentId = (link: string): string =>
  new URLSearchParams(new URL(link || 'http://x/', 'http://x').hash.slice(1)).get('id') ?? ''
