import {
  context,
  propagation,
  trace,
  SpanKind,
  SpanStatusCode,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import type { TraceSampler } from './config';

export { context, propagation, trace, SpanKind, SpanStatusCode };
export type { Attributes, Context, Span };

/**
 * OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set: then this process
 * registers a tracer provider that batches spans to `<endpoint>/v1/traces` (OTLP/HTTP), the
 * W3C `traceparent` propagator and an AsyncLocalStorage context. Platform code makes its spans
 * through the global API either way; with nothing registered they are no-ops that cost nothing
 * and carry no context. The gateway starts each trace; gRPC metadata and NATS message headers
 * carry it on (see grpc/, outbox.ts, consumer.ts, nats.ts).
 */
export const TRACER_NAME = '@ballmatch/platform';

export function tracer() {
  return trace.getTracer(TRACER_NAME);
}

export interface Tracing {
  /** Sends the spans still buffered, then unregisters (when the last user of it stops). */
  stop(): Promise<void>;
}

let registered: { provider: TracerProvider; users: number } | null = null;

/** What OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG say (config.ts telemetryEnv). */
export interface TraceSamplerConfig {
  OTEL_TRACES_SAMPLER: TraceSampler;
  /** The ratio of the `*traceidratio` samplers (default 1), as the specification says. */
  OTEL_TRACES_SAMPLER_ARG?: number;
}

/** The sampler OTEL_TRACES_SAMPLER names, as OpenTelemetry's SDKs read that variable. */
export function samplerOf(config: TraceSamplerConfig): Sampler {
  const name = config.OTEL_TRACES_SAMPLER;
  const base = name.replace(/^parentbased_/, '');
  const root =
    base === 'always_off'
      ? new AlwaysOffSampler()
      : base === 'traceidratio'
        ? new TraceIdRatioBasedSampler(config.OTEL_TRACES_SAMPLER_ARG ?? 1)
        : new AlwaysOnSampler();
  return name.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}

/**
 * Registers tracing for the process. `exporter` replaces OTLP (tests); with neither an endpoint
 * nor an exporter nothing is registered. Services started in one process (tests) share the first
 * registration.
 */
export function startTracing(options: {
  service: string;
  endpoint?: string;
  /** Which traces are recorded (samplerOf); default: every one (parentbased_always_on). */
  sampler?: TraceSamplerConfig;
  exporter?: SpanExporter;
  /** A processor instead of batching (tests: a SimpleSpanProcessor exports each span at once). */
  processor?: SpanProcessor;
}): Tracing {
  const noop: Tracing = { stop: async () => undefined };
  if (!options.endpoint && !options.exporter && !options.processor) return noop;
  if (registered) {
    const shared = registered;
    shared.users += 1;
    return { stop: () => release(shared) };
  }
  const processor =
    options.processor ??
    new BatchSpanProcessor({
      exporter:
        options.exporter ??
        new OTLPTraceExporter({ url: `${options.endpoint!.replace(/\/+$/, '')}/v1/traces` }),
    });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.service }),
    sampler: samplerOf(options.sampler ?? { OTEL_TRACES_SAMPLER: 'parentbased_always_on' }),
    spanProcessors: [processor],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const mine = { provider, users: 1 };
  registered = mine;
  return { stop: () => release(mine) };
}

async function release(entry: { provider: TracerProvider; users: number }): Promise<void> {
  entry.users -= 1;
  if (entry.users > 0 || registered !== entry) return;
  registered = null;
  await entry.provider.shutdown().catch(() => undefined);
  trace.disable();
  propagation.disable();
  context.disable();
}

/** Writes the active trace context into `carrier` (`traceparent`, `tracestate`). */
export function injectTraceContext(carrier: Record<string, string>, ctx = context.active()) {
  propagation.inject(ctx, carrier);
  return carrier;
}

/** The context a caller's `traceparent` describes (the active one when there is none). */
export function extractTraceContext(
  carrier: Record<string, string | undefined>,
  base: Context = context.active(),
): Context {
  return propagation.extract(base, carrier, {
    keys: (c) => Object.keys(c),
    get: (c, key) => c[key],
  });
}

/** The active span's trace and span ids, for log lines (none while tracing is off). */
export function activeTraceIds(): { traceId: string; spanId: string } | undefined {
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId, traceFlags } = span.spanContext();
  // A span that is not recorded (tracing off, or not sampled) has nothing to look up.
  if (!span.isRecording() && (traceFlags & 1) === 0) return undefined;
  return { traceId, spanId };
}

/** Ends `span` as failed with `error`'s message (never its stack or data: spans leave the process). */
export function failSpan(span: Span, error: unknown): void {
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message.slice(0, 200) : 'failed',
  });
}
