import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { connectEventBus, createGrpcClient, deleteStreams } from '@ballmatch/platform';
import {
  createTestCredentials,
  createTestDatabase,
  eventually,
  recordSpans,
  testNatsPrefix,
  testRedisPrefix,
  type TestDatabase,
} from '@ballmatch/platform/testing';
import { contentV1 } from '@ballmatch/proto';
import { CONTENT_STREAMS } from '../src/domain/events';

/**
 * The built service as operators run it (`node services/content/dist/index.js`), with metrics on
 * a port of its own and traces sent to an OTLP/HTTP collector (a tiny one here): a call carrying
 * this test's trace shows up on /metrics and as a span of that trace at the collector.
 */
const ENTRY = path.resolve(__dirname, '../dist/index.js');

interface Collected {
  path: string;
  body: string;
}

async function startCollector() {
  const received: Collected[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString() });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let database: TestDatabase;
let collector: Awaited<ReturnType<typeof startCollector>>;
let child: ChildProcess | undefined;
const credentials = createTestCredentials();
const natsPrefix = testNatsPrefix();
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  if (!fs.existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run \`npx tsc -b\` first`);
  database = await createTestDatabase('telemetry');
  collector = await startCollector();
  child = spawn(process.execPath, [ENTRY], {
    env: {
      PATH: process.env.PATH,
      ...credentials.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: '0',
      METRICS_HOST: '127.0.0.1',
      METRICS_PORT: '0',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      DATABASE_URL: database.url,
      REDIS_KEY_PREFIX: testRedisPrefix(),
      NATS_SUBJECT_PREFIX: natsPrefix,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    for (const line of parts) if (line.startsWith('{')) lines.push(JSON.parse(line));
  });
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  const bus = await connectEventBus({
    url: 'nats://127.0.0.1:4222',
    subjectPrefix: natsPrefix,
    name: 'test',
  });
  await deleteStreams(bus, CONTENT_STREAMS);
  await bus.close();
  await collector.close();
  await database.drop();
  credentials.remove();
});

const logged = (msg: string) =>
  eventually(() => lines.find((l) => l.msg === msg) ?? false, { timeoutMs: 30_000 });

it('serves /metrics on its own port and sends the spans of a traced call over OTLP', async () => {
  const metricsPort = (await logged('metrics at /metrics')).port as number;
  const grpcPort = (await logged('content listening')).port as number;

  const recording = recordSpans();
  const updates = createGrpcClient(
    contentV1.UpdatesServiceClient,
    contentV1.UpdatesServiceService,
    `127.0.0.1:${grpcPort}`,
    { serviceLabel: 'content', defaultTimeoutMs: 10_000 },
  );
  let traceId: string;
  try {
    await updates.listPublishedUpdates({ page: 0, limit: 0 });
    const [call] = recording.spans();
    traceId = call!.spanContext().traceId;
  } finally {
    updates.close();
    await recording.stop();
  }

  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  expect(text).toContain(
    'ballmatch_grpc_server_handled_total{grpc_service="content.v1.UpdatesService",grpc_method="ListPublishedUpdates",grpc_code="OK"} 1',
  );
  expect(text).toMatch(/^ballmatch_dependency_up\{dependency="postgres"\} 1$/m);
  expect(text).toMatch(/^ballmatch_outbox_pending_events\{outbox="content"\} 0$/m);

  // A clean stop sends the spans still batched.
  const exited = new Promise((resolve) => child!.once('exit', resolve));
  child!.kill('SIGTERM');
  expect(await exited).toBe(0);
  const traces = collector.received.filter((r) => r.path === '/v1/traces');
  const body = traces.map((r) => r.body).join('\n');
  expect(body).toContain(traceId);
  expect(body).toContain('"content"');
  expect(body).toContain('content.v1.UpdatesService/ListPublishedUpdates');
});
