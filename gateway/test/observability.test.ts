import WebSocket from 'ws';
import { eventually, recordSpans, TestClock, type ReadableSpan } from '@ballmatch/platform/testing';
import type { RunningGateway } from '../src';
import { claimOf, playRankedGame } from './ranked-game';
import { client, startStack, type Stack } from './stack';

/**
 * What operators see of a real request: the whole stack in this process with tracing recorded
 * in memory, and a gateway serving /metrics on a port of its own (the registry is per process,
 * so it shows the services started here too).
 */
const sessionsClock = new TestClock();
sessionsClock.set(Date.now());

let stack: Stack;
let gateway: RunningGateway;
let recording: ReturnType<typeof recordSpans>;
let base: string;

beforeAll(async () => {
  recording = recordSpans();
  stack = await startStack(
    { RATE_LIMIT_API_PER_MINUTE: '100000' },
    { sessionsClock: sessionsClock.now },
  );
  gateway = await stack.startExtraGateway({ METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' });
  base = `http://127.0.0.1:${gateway.port}`;
});
afterAll(async () => {
  await stack.close();
  await recording.stop();
});

async function scrape(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${gateway.metricsPort}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of the series `name{labels}` (all of `labels` match; others may be there), or 0. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) total += Number(match[3]);
  }
  return total;
}

const seriesOf = (text: string, name: string) =>
  text.split('\n').filter((line) => line.startsWith(`${name}{`));

describe('metrics', () => {
  it('serves only GET /metrics on its port', async () => {
    const other = await fetch(`http://127.0.0.1:${gateway.metricsPort}/`);
    expect(other.status).toBe(404);
    const post = await fetch(`http://127.0.0.1:${gateway.metricsPort}/metrics`, { method: 'POST' });
    expect(post.status).toBe(405);
    // Not on the public port: /metrics there is the web app's, not the registry.
    expect(await (await fetch(`${base}/metrics`)).text()).not.toContain('ballmatch_');
  });

  it('counts HTTP requests by route pattern, not by URL', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/api/weekly-leaderboards/:id/top-scores' };
    const count = (text: string, status: string) =>
      sample(text, 'ballmatch_http_request_duration_seconds_count', { ...route, status });
    for (const id of ['1', '2', '3']) {
      const res = await fetch(`${base}/api/weekly-leaderboards/${id}/top-scores`);
      expect(res.status).toBe(404);
    }
    await fetch(`${base}/api/no/such/${Date.now()}`);
    const after = await scrape();
    expect(count(after, '404') - count(before, '404')).toBe(3);
    // Made-up paths share one series; no series names a raw id.
    expect(
      sample(after, 'ballmatch_http_request_duration_seconds_count', { route: '/api (no route)' }),
    ).toBeGreaterThanOrEqual(1);
    const routes = seriesOf(after, 'ballmatch_http_request_duration_seconds_count');
    expect(routes.some((line) => /route="[^"]*\/(1|2|3)\/top-scores"/.test(line))).toBe(false);
    expect(routes.some((line) => /route="\/api\/no\//.test(line))).toBe(false);
  });

  it('shows the stores up, the open sockets and the Node runtime', async () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, {
      headers: { origin: 'http://localhost:8080' },
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    try {
      await eventually(
        async () =>
          expect(sample(await scrape(), 'ballmatch_websocket_open_sockets')).toBeGreaterThanOrEqual(
            1,
          ),
        { timeoutMs: 10_000 },
      );
      const text = await scrape();
      for (const dependency of ['postgres', 'redis', 'nats']) {
        expect(sample(text, 'ballmatch_dependency_up', { dependency })).toBe(1);
      }
      expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(text).toContain('nodejs_eventloop_lag_seconds');
    } finally {
      ws.close();
    }
  });
});

describe('a submitted score, followed', () => {
  const spanNamed = (spans: ReadableSpan[], test: (s: ReadableSpan) => boolean) => spans.find(test);

  it('is one trace from the gateway through sessions and scores, and on over NATS', async () => {
    const before = await scrape();
    const game = await playRankedGame(base, sessionsClock, 'Traced Tom');
    const res = await client(base).post('/api/scores', claimOf(game), game.owner);
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id');

    // The edge span of this request: the root of its trace.
    const edge = await eventually(
      () =>
        spanNamed(
          recording.spans(),
          (s) => s.name === 'POST /api/scores' && s.attributes['http.response.status_code'] === 200,
        ) ?? false,
      { timeoutMs: 10_000 },
    );
    expect(edge.parentSpanContext).toBeUndefined();
    const traceId = edge.spanContext().traceId;
    const inTrace = () => recording.spans().filter((s) => s.spanContext().traceId === traceId);
    const server = (service: string) =>
      inTrace().filter((s) => s.attributes['rpc.service'] === service && s.kind === 1);

    await eventually(
      () => {
        const spans = inTrace();
        // Gateway → scores (SubmitScore) → sessions (the game's record): gRPC server spans.
        expect(server('scores.v1.ScoreService').map((s) => s.attributes['rpc.method'])).toContain(
          'SubmitScore',
        );
        expect(server('sessions.v1.SessionService').length).toBeGreaterThanOrEqual(1);
        // The outbox relay published scores.created in this trace, and consumers carried on.
        const published = spans.find((s) => s.name === 'scores.created publish');
        expect(published).toBeDefined();
        const consumed = spans.filter(
          (s) => s.name === 'scores.created process' && s.kind === 4 /* CONSUMER */,
        );
        // Realtime's plain subscription and auth's durable JetStream consumer (achievements).
        expect(consumed.map((s) => s.attributes['messaging.consumer.group.name'])).toEqual(
          expect.arrayContaining(['realtime', 'auth-achievements']),
        );
        // Each consumer span is a child of the publish span (the NATS hop continues the trace).
        for (const span of consumed) {
          expect(span.parentSpanContext?.spanId).toBe(published!.spanContext().spanId);
        }
      },
      { timeoutMs: 15_000 },
    );

    // Every span of the gRPC hops has a parent in the same trace.
    const ids = new Set(inTrace().map((s) => s.spanContext().spanId));
    for (const span of inTrace()) {
      if (span !== edge) expect(ids.has(span.parentSpanContext!.spanId)).toBe(true);
    }
    expect(requestId).toMatch(/^[A-Za-z0-9._-]+$/);

    // The same calls moved the counters.
    const after = await scrape();
    const submitScore = { grpc_service: 'scores.v1.ScoreService', grpc_method: 'SubmitScore' };
    for (const [name, labels] of [
      ['ballmatch_grpc_server_handled_total', { ...submitScore, grpc_code: 'OK' }],
      ['ballmatch_grpc_client_handled_total', submitScore],
      [
        'ballmatch_http_request_duration_seconds_count',
        { method: 'POST', route: '/api/scores', status: '200' },
      ],
    ] as const) {
      expect(sample(after, name, labels) - sample(before, name, labels)).toBe(1);
    }
    await eventually(
      async () => {
        const text = await scrape();
        expect(
          sample(text, 'ballmatch_outbox_published_total', { outbox: 'scores' }),
        ).toBeGreaterThan(sample(before, 'ballmatch_outbox_published_total', { outbox: 'scores' }));
        const lag = (t: string) =>
          sample(t, 'ballmatch_event_delivery_lag_seconds_count', { consumer: 'realtime' });
        expect(lag(text)).toBeGreaterThan(lag(before));
        // The backlog is read at each scrape: nothing waits once the relay has run.
        expect(seriesOf(text, 'ballmatch_outbox_pending_events')).toContainEqual(
          expect.stringMatching(/^ballmatch_outbox_pending_events\{outbox="scores"\} 0$/),
        );
      },
      { timeoutMs: 15_000 },
    );
  });
});
