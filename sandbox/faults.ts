import { Readable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { z } from 'zod'

export const MAX_DELAY_MS = 120_000
export const MAX_OVERSIZED_BYTES = 512 * 1024 * 1024

/** Body of `PUT /__sandbox/faults`. At most one of status, reset, garbage, oversizedBytes. */
export const faultSchema = z
  .object({
    delayMs: z.number().int().min(0).max(MAX_DELAY_MS).optional(),
    status: z.number().int().min(400).max(599).optional(),
    reset: z.boolean().optional(),
    garbage: z.boolean().optional(),
    oversizedBytes: z.number().int().min(1).max(MAX_OVERSIZED_BYTES).optional(),
    remaining: z.number().int().min(1).optional(),
  })
  .strict()
  .refine(
    (fault) =>
      [
        fault.status !== undefined,
        fault.reset === true,
        fault.garbage === true,
        fault.oversizedBytes !== undefined,
      ].filter(Boolean).length <= 1,
    { message: 'choose at most one of status, reset, garbage, oversizedBytes' },
  )
  .refine(
    (fault) =>
      fault.delayMs !== undefined ||
      fault.status !== undefined ||
      fault.reset === true ||
      fault.garbage === true ||
      fault.oversizedBytes !== undefined,
    { message: 'nothing to inject: give delayMs, status, reset, garbage or oversizedBytes' },
  )

export type Fault = z.infer<typeof faultSchema>

/** What a faulted request gets once its delay (if any) is over. */
export type FaultAnswer =
  | { kind: 'none' }
  | { kind: 'reset' }
  | { kind: 'status'; status: number }
  | { kind: 'garbage' }
  | { kind: 'oversized'; bytes: number }

export interface TakenFault {
  delayMs: number
  answer: FaultAnswer
  /** Short description for the request log, e.g. `delay 300ms + status 503`. */
  label: string
}

/** The fault armed on one region server; each matching request takes one use of it. */
export class FaultState {
  private fault: Fault | null = null
  private remaining: number | null = null
  private readonly aborter = new AbortController()

  set(fault: Fault): void {
    this.fault = fault
    this.remaining = fault.remaining ?? null
  }

  clear(): void {
    this.fault = null
    this.remaining = null
  }

  current(): (Fault & { remaining?: number }) | null {
    if (!this.fault) return null
    const { remaining: _ignored, ...rest } = this.fault
    return this.remaining === null ? rest : { ...rest, remaining: this.remaining }
  }

  take(): TakenFault | null {
    const fault = this.fault
    if (!fault) return null
    if (this.remaining !== null) {
      this.remaining -= 1
      if (this.remaining <= 0) this.clear()
    }
    const answer: FaultAnswer = fault.reset
      ? { kind: 'reset' }
      : fault.status !== undefined
        ? { kind: 'status', status: fault.status }
        : fault.garbage
          ? { kind: 'garbage' }
          : fault.oversizedBytes !== undefined
            ? { kind: 'oversized', bytes: fault.oversizedBytes }
            : { kind: 'none' }
    const delayMs = fault.delayMs ?? 0
    const parts = [
      delayMs > 0 ? `delay ${delayMs}ms` : '',
      answer.kind === 'status' ? `status ${answer.status}` : '',
      answer.kind === 'oversized' ? `oversized ${answer.bytes}B` : '',
      answer.kind === 'reset' || answer.kind === 'garbage' ? answer.kind : '',
    ].filter(Boolean)
    return { delayMs, answer, label: parts.join(' + ') }
  }

  /** Waits out an injected delay; resolves early (false) when the server shuts down. */
  async delay(ms: number): Promise<boolean> {
    if (ms <= 0) return true
    try {
      await sleep(ms, undefined, { signal: this.aborter.signal })
      return true
    } catch {
      return false
    }
  }

  /** Called on server close so pending delays do not hold the process open. */
  shutdown(): void {
    this.clear()
    this.aborter.abort()
  }
}

export const GARBAGE_BODY = '<html><body><h1>502 Bad Gateway</h1>sandbox: this is not JSON</body></html>'

const OVERSIZED_PREFIX = '{"retCode":"000000","retMsg":"success","item":{"padding":"'
const OVERSIZED_SUFFIX = '"},"items":[]}'
/** The smallest oversized body: the envelope with empty padding. */
export const OVERSIZED_MIN_BYTES = OVERSIZED_PREFIX.length + OVERSIZED_SUFFIX.length

/** A valid JSON envelope of exactly `bytes` bytes (or the minimum envelope when smaller), streamed. */
export function oversizedBody(bytes: number): { length: number; stream: Readable } {
  const padding = Math.max(0, bytes - OVERSIZED_MIN_BYTES)
  const chunk = 64 * 1024
  function* generate(): Generator<string> {
    yield OVERSIZED_PREFIX
    let left = padding
    const block = 'x'.repeat(Math.min(chunk, padding))
    while (left > 0) {
      const size = Math.min(chunk, left)
      yield size === block.length ? block : block.slice(0, size)
      left -= size
    }
    yield OVERSIZED_SUFFIX
  }
  return { length: OVERSIZED_MIN_BYTES + padding, stream: Readable.from(generate()) }
}
