import type { Sampler } from '@opentelemetry/sdk-trace'
import type { FastifyPluginCallback } from 'fastify'
import type { AppConfig } from '../config/index.ts'

/** What the server needs from tracing once it is on (OTEL_EXPORTER_OTLP_ENDPOINT set). */
export interface Tracing {
  /** Registered first on the app: a span per request, the ingress's `traceparent` continued. */
  plugin: FastifyPluginCallback
  /** pino's `mixin`: `trace_id` and `span_id` on every line logged inside a request's span. */
  logFields(): Record<string, string>
  /** Sends the spans still buffered, then stops (the graceful shutdown awaits it). */
  shutdown(): Promise<void>
}

export type TracingConfig = NonNullable<AppConfig['tracing']>

/** Paths never traced: the kubelet's probes, every few seconds from every node. */
const UNTRACED = new Set(['/healthz', '/readyz'])

/**
 * OpenTelemetry, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set (issue 47 point 6): a process
 * without it imports none of the SDK and pays nothing. With it:
 * - @fastify/otel starts a span per request, continuing the W3C `traceparent` the ingress sent;
 * - @opentelemetry/instrumentation-undici makes a client span per upstream call and sends
 *   `traceparent` on it (the upstream client's pools are undici's), so the regions join the trace;
 * - spans leave in batches over OTLP/HTTP (JSON) to `<endpoint>/v1/traces`;
 * - the sampler follows OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG (default: the parent's
 *   decision, else every trace).
 */
export async function startTracing(config: TracingConfig, serviceName: string): Promise<Tracing> {
  const [
    api,
    { AsyncLocalStorageContextManager },
    core,
    sdk,
    { resourceFromAttributes },
    exporter,
    undici,
    otel,
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-undici'),
    import('@fastify/otel'),
  ])
  const { registerInstrumentations } = await import('@opentelemetry/instrumentation')
  const ratio = new sdk.TraceIdRatioBasedSampler(config.samplerArg ?? 1)
  const samplers: Record<TracingConfig['sampler'], () => Sampler> = {
    always_on: () => new sdk.AlwaysOnSampler(),
    always_off: () => new sdk.AlwaysOffSampler(),
    traceidratio: () => ratio,
    parentbased_always_on: () => new sdk.ParentBasedSampler({ root: new sdk.AlwaysOnSampler() }),
    parentbased_always_off: () => new sdk.ParentBasedSampler({ root: new sdk.AlwaysOffSampler() }),
    parentbased_traceidratio: () => new sdk.ParentBasedSampler({ root: ratio }),
  }
  const provider = new sdk.TracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    sampler: samplers[config.sampler](),
    spanProcessors: [
      new sdk.BatchSpanProcessor({
        exporter: new exporter.OTLPTraceExporter({ url: `${config.endpoint.replace(/\/+$/, '')}/v1/traces` }),
        // Half a second between exports (default 5 s): a trace reaches the collector while people look.
        scheduledDelayMillis: 500,
      }),
    ],
  })
  api.trace.setGlobalTracerProvider(provider)
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  api.propagation.setGlobalPropagator(new core.W3CTraceContextPropagator())

  const fastifyOtel = new otel.FastifyOtelInstrumentation({
    // One span per request and one for its handler: a span per hook (a dozen per request) is noise.
    instrumentHooks: false,
    ignorePaths: ({ url }) => UNTRACED.has(url),
  })
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [new undici.UndiciInstrumentation(), fastifyOtel],
  })

  return {
    plugin: fastifyOtel.plugin(),
    logFields(): Record<string, string> {
      const span = api.trace.getActiveSpan()
      if (!span) return {}
      const { traceId, spanId } = span.spanContext()
      return { trace_id: traceId, span_id: spanId }
    },
    async shutdown() {
      unregister()
      await provider.shutdown()
    },
  }
}
