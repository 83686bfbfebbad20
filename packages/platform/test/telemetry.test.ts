import { Writable } from 'node:stream';
import {
  context,
  createLogger,
  loadConfig,
  commonEnv,
  metricsRegistry,
  runWithRequestContext,
  startTelemetry,
  startTracing,
  trace,
  tracer,
  watchDependency,
  ConfigError,
  extractTraceContext,
} from '../src';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { recordSpans } from '../src/testing';

/** A logger whose lines land in an array (parsed). */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger('probe', 'info', sink), lines };
}

describe('traces', () => {
  // Export over OTLP/HTTP is tested on the built content service, a real process
  // (services/content/test/telemetry-process.test.ts): the exporter loads `http` with a dynamic
  // import(), which Jest's module sandbox does not run.
  it('are off without an endpoint: spans record nothing and carry no ids', () => {
    const tracing = startTracing({ service: 'probe' });
    const span = tracer().startSpan('unseen');
    expect(span.isRecording()).toBe(false);
    expect(span.spanContext().traceId).toBe('00000000000000000000000000000000');
    span.end();
    return tracing.stop();
  });
});

describe('sampling', () => {
  /** Whether a root span, and a child of a sampled caller, are recorded under `env`. */
  async function sampledUnder(env: NodeJS.ProcessEnv) {
    const config = loadConfig(commonEnv, { env });
    const tracing = startTracing({
      service: 'probe',
      processor: new SimpleSpanProcessor({ exporter: new InMemorySpanExporter() }),
      sampler: config,
    });
    try {
      const root = tracer().startSpan('root');
      const caller = extractTraceContext({
        traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      });
      const child = tracer().startSpan('child', {}, caller);
      const recorded = { root: root.isRecording(), child: child.isRecording() };
      root.end();
      child.end();
      return recorded;
    } finally {
      await tracing.stop();
    }
  }

  it('keeps every trace by default', async () => {
    expect(await sampledUnder({})).toEqual({ root: true, child: true });
  });

  it('follows OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG (the standard variables)', async () => {
    // A ratio of 0 keeps no new trace, yet a trace a caller sampled goes on.
    expect(
      await sampledUnder({
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0',
      }),
    ).toEqual({ root: false, child: true });
    expect(await sampledUnder({ OTEL_TRACES_SAMPLER: 'always_off' })).toEqual({
      root: false,
      child: false,
    });
    expect(
      await sampledUnder({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '1' }),
    ).toEqual({ root: true, child: true });
  });

  it('refuses a sampler it does not know and a ratio outside 0…1', () => {
    expect(() => loadConfig(commonEnv, { env: { OTEL_TRACES_SAMPLER: 'jaeger_remote' } })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig(commonEnv, { env: { OTEL_TRACES_SAMPLER_ARG: '1.5' } })).toThrow(
      ConfigError,
    );
  });
});

describe('log lines', () => {
  it('carry the request id and, while tracing, the trace and span ids of the work', async () => {
    const recording = recordSpans();
    try {
      const { logger, lines } = capturedLogger();
      const span = tracer().startSpan('work');
      context.with(trace.setSpan(context.active(), span), () =>
        runWithRequestContext({ requestId: 'req-1' }, () => logger.info('inside')),
      );
      span.end();
      logger.info('outside');
      expect(lines[0]).toMatchObject({
        msg: 'inside',
        requestId: 'req-1',
        traceId: span.spanContext().traceId,
        spanId: span.spanContext().spanId,
      });
      expect(lines[1]).not.toHaveProperty('traceId');
      expect(lines[1]).not.toHaveProperty('requestId');
    } finally {
      await recording.stop();
    }
  });
});

describe('metrics', () => {
  const upOf = async (dependency: string) => {
    const metric = await metricsRegistry.getSingleMetric('ballmatch_dependency_up')!.get();
    return metric.values.find((v) => v.labels.dependency === dependency)?.value;
  };

  it('report a store down while its check fails, and forget it once unwatched', async () => {
    let healthy = true;
    const unwatch = watchDependency('redis', () =>
      healthy ? Promise.resolve() : Promise.reject(new Error('down')),
    );
    expect(await upOf('redis')).toBe(1);
    healthy = false;
    expect(await upOf('redis')).toBe(0);
    unwatch();
    expect(await upOf('redis')).toBeUndefined();
  });

  it('METRICS_PORT: off in tests unless asked, 0 for any free port, `off`, or a port', async () => {
    const parse = (env: NodeJS.ProcessEnv) => loadConfig(commonEnv, { env });
    expect(parse({}).METRICS_PORT).toBeUndefined();
    expect(parse({ METRICS_PORT: 'off' }).METRICS_PORT).toBe('off');
    expect(parse({ METRICS_PORT: '9500' }).METRICS_PORT).toBe(9500);
    expect(() => parse({ METRICS_PORT: 'nine' })).toThrow(ConfigError);
    expect(() => parse({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => parse({ OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );

    const { logger } = capturedLogger();
    const quiet = await startTelemetry({
      service: 'scores',
      config: parse({ NODE_ENV: 'test' }),
      logger,
    });
    expect(quiet.metricsPort).toBeNull();
    await quiet.stop();

    const serving = await startTelemetry({
      service: 'scores',
      config: parse({ NODE_ENV: 'test', METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' }),
      logger,
    });
    try {
      // A second process asking for the same port serves without metrics (and says so).
      const { logger: second, lines } = capturedLogger();
      const clash = await startTelemetry({
        service: 'scores',
        config: parse({
          NODE_ENV: 'test',
          METRICS_PORT: String(serving.metricsPort),
          METRICS_HOST: '127.0.0.1',
        }),
        logger: second,
      });
      expect(clash.metricsPort).toBeNull();
      expect(lines).toContainEqual(
        expect.objectContaining({ msg: 'metrics port in use: this process serves no metrics' }),
      );
      await clash.stop();

      const res = await fetch(`http://127.0.0.1:${serving.metricsPort}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      // Every metric the platform records is declared, with its help text.
      for (const name of [
        'ballmatch_http_request_duration_seconds',
        'ballmatch_grpc_server_handled_total',
        'ballmatch_grpc_client_handling_seconds',
        'ballmatch_outbox_pending_events',
        'ballmatch_outbox_oldest_event_age_seconds',
        'ballmatch_event_delivery_lag_seconds',
        'ballmatch_websocket_open_sockets',
        'ballmatch_dependency_up',
        'process_resident_memory_bytes',
      ]) {
        expect(text).toContain(`# HELP ${name} `);
      }
    } finally {
      await serving.stop();
    }
  });
});
