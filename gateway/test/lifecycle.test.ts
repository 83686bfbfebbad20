import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { checkGrpcHealth } from '@ballmatch/platform';
import {
  createTestDatabase,
  eventually,
  testRedisPrefix,
  type TestDatabase,
} from '@ballmatch/platform/testing';

// The built processes, as `npm start` and the containers run them: SIGTERM drains and exits 0.
const root = path.resolve(__dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function launch(entry: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [path.join(root, entry)], {
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

/** Resolves once nothing listens on `port` any more (a new connection is refused). */
const refusesConnections = (port: number) =>
  new Promise<void>((resolve, reject) => {
    const probe = net.connect(port, '127.0.0.1');
    probe.once('connect', () => {
      probe.destroy();
      reject(new Error(`port ${port} still takes connections`));
    });
    probe.once('error', () => resolve());
  });

describe('process lifecycle', () => {
  let database: TestDatabase;
  let keyDir: string;
  let env: NodeJS.ProcessEnv;
  let authPort: number;
  let gatewayPort: number;

  beforeAll(async () => {
    execFileSync(path.join(root, 'node_modules/.bin/tsc'), ['-b', 'gateway', 'services/auth'], {
      cwd: root,
    });
    database = await createTestDatabase('lifecycle');
    keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-keys-'));
    [authPort, gatewayPort] = [await freePort(), await freePort()];
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      REDIS_KEY_PREFIX: testRedisPrefix(),
      JWT_DEV_KEY_DIR: keyDir,
      AD_CLIENT_KEY_SECRET: randomBytes(32).toString('base64url'),
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: String(authPort),
      HOST: '127.0.0.1',
      PORT: String(gatewayPort),
      AUTH_ADDR: `127.0.0.1:${authPort}`,
    };
  }, 120_000);

  afterAll(async () => {
    await database.drop();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  it('production refuses to start without its secrets, naming them', async () => {
    const child = spawn(process.execPath, [path.join(root, 'gateway/dist/index.js')], {
      env: {
        ...process.env,
        ...env,
        NODE_ENV: 'production',
        JWT_PUBLIC_KEY: '',
        AD_CLIENT_KEY_SECRET: undefined, // spawn leaves it out
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    expect(await exitOf(child)).toBe(1);
    expect(output).toContain(
      'Missing required secrets in production: JWT_PUBLIC_KEY, AD_CLIENT_KEY_SECRET',
    );
  });

  it('on SIGTERM the gateway finishes the request in flight, then both exit 0', async () => {
    const auth = launch('services/auth/dist/index.js', env);
    const startUp = { timeoutMs: 20_000, intervalMs: 100 };
    await eventually(
      async () => (await checkGrpcHealth(`127.0.0.1:${authPort}`)) === 'SERVING',
      startUp,
    );
    const gateway = launch('gateway/dist/index.js', env);
    await eventually(
      async () => (await fetch(`http://127.0.0.1:${gatewayPort}/readyz`)).ok,
      startUp,
    );

    // A request whose body is still arriving when the signal comes. Its headers ask for a
    // 100 Continue, so the gateway's answer says it has the request in hand.
    const socket = net.connect(gatewayPort, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let response = '';
    socket.on('data', (d) => (response += d));
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await eventually(() => expect(response).toBe('HTTP/1.1 100 Continue\r\n\r\n'), {
      timeoutMs: 10_000,
    });
    const gatewayExit = exitOf(gateway);
    gateway.kill('SIGTERM');
    // Draining: it takes no new connections, and still answers the request it has.
    await eventually(() => refusesConnections(gatewayPort), { timeoutMs: 10_000 });
    socket.write(body);
    expect(await gatewayExit).toBe(0);
    expect(response).toMatch(/^HTTP\/1.1 100 Continue\r\n\r\nHTTP\/1.1 401 /);
    expect(response).toContain('Invalid email or password');
    socket.destroy();

    const authExit = exitOf(auth);
    auth.kill('SIGTERM');
    expect(await authExit).toBe(0);
    expect(await checkGrpcHealth(`127.0.0.1:${authPort}`)).toBe('UNREACHABLE');
  }, 60_000);
});
