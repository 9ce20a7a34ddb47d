import type { IncomingMessage } from 'node:http'
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify'
import { traceFieldsOf } from './log-trace-context.ts'

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'
type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>
type Bindings = Parameters<FastifyBaseLogger['child']>[0]
/** pino's loggers answer which levels they write; Fastify's type leaves it out. */
export type LevelAwareLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean }

/**
 * A request's logger that becomes pino's child (with the request id bound) only when something
 * logs at an enabled level. Fastify makes a child per request; pino's binds the request id through
 * the redaction (paths every line must lose, logger.ts) at once. At the level production runs
 * (`warn`), most requests log nothing, and that child was ≈ 4 % of an `/api` call's instructions for
 * a line never written (issue 19 point 5, `npm run bench:instructions`).
 */
class LazyRequestLogger {
  #parent: LevelAwareLogger
  #bindings: Bindings
  #traceparent: string | string[] | undefined
  #child: FastifyBaseLogger | undefined

  /** `traceparent`: the request's header, parsed only once a line is written (requestLoggerFactory). */
  constructor(parent: LevelAwareLogger, bindings: Bindings, traceparent?: string | string[]) {
    this.#parent = parent
    this.#bindings = bindings
    this.#traceparent = traceparent
  }

  get level(): string {
    return this.#parent.level
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(withTraceFields(this.#bindings, this.#traceparent))
    return this.#child
  }

  // Methods on the prototype, not closures per instance: one object per request, nothing more.
  // A line below the level is dropped before any child is made for it.
  #log(level: Level, args: unknown[]): void {
    if (!this.#parent.isLevelEnabled(level)) return
    const child = this.#real()
    Reflect.apply(child[level], child, args)
  }

  fatal(...args: unknown[]) {
    this.#log('fatal', args)
  }
  error(...args: unknown[]) {
    this.#log('error', args)
  }
  warn(...args: unknown[]) {
    this.#log('warn', args)
  }
  info(...args: unknown[]) {
    this.#log('info', args)
  }
  debug(...args: unknown[]) {
    this.#log('debug', args)
  }
  trace(...args: unknown[]) {
    this.#log('trace', args)
  }
  silent() {}

  child(bindings: Bindings, options?: Parameters<FastifyBaseLogger['child']>[1]): FastifyBaseLogger {
    return this.#real().child(bindings, options)
  }

  isLevelEnabled(level: string): boolean {
    return this.#parent.isLevelEnabled(level)
  }
}

/** The request's bindings, with the trace of its `traceparent` when that is a valid one. */
function withTraceFields(bindings: Bindings, traceparent: string | string[] | undefined): Bindings {
  const trace = traceparent === undefined ? undefined : traceFieldsOf(traceparent)
  return trace ? { ...bindings, ...trace } : bindings
}

/**
 * Fastify's `childLoggerFactory`: the lazy child above, unless the route asks for a level or
 * serializers of its own (none of ours do; pino's child then, as Fastify would).
 *
 * With `traceparentFields` (tracing off), every line of a request that came with a valid W3C
 * `traceparent` carries its `trace_id` and `span_id` (the ingress's span: the innermost one that
 * exists for the request), bound with the request id. With tracing on, pino's `mixin` writes the
 * BFF's own span instead (server/tracing.ts), so the fields are never bound twice.
 */
export function requestLoggerFactory({
  traceparentFields,
}: {
  traceparentFields: boolean
}): ChildLoggerFactory {
  return (logger, bindings, options, rawRequest) => {
    const traceparent = traceparentFields ? (rawRequest as IncomingMessage).headers?.traceparent : undefined
    // Fastify's silent logger (no `logger` option) has no levels to ask; its child is itself.
    const levelAware = logger as Partial<LevelAwareLogger>
    if (options.level || options.serializers || typeof levelAware.isLevelEnabled !== 'function')
      return logger.child(withTraceFields(bindings, traceparent), options)
    return new LazyRequestLogger(
      logger as LevelAwareLogger,
      bindings,
      traceparent,
    ) as unknown as FastifyBaseLogger
  }
}
