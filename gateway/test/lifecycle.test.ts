import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { checkGrpcHealth } from '@ballmatch/platform';
import {
  createTestDatabase,
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

async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

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
      env: { ...process.env, ...env, NODE_ENV: 'production', JWT_PUBLIC_KEY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    expect(await exitOf(child)).toBe(1);
    expect(output).toContain('Missing required secret in production: JWT_PUBLIC_KEY');
  });

  it('on SIGTERM the gateway finishes the request in flight, then both exit 0', async () => {
    const auth = launch('services/auth/dist/index.js', env);
    await until(async () => (await checkGrpcHealth(`127.0.0.1:${authPort}`)) === 'SERVING');
    const gateway = launch('gateway/dist/index.js', env);
    await until(async () => (await fetch(`http://127.0.0.1:${gatewayPort}/readyz`)).ok);

    // A request whose body is still arriving when the signal comes.
    const socket = net.connect(gatewayPort, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((r) => setTimeout(r, 100));
    const gatewayExit = exitOf(gateway);
    gateway.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    let response = '';
    socket.on('data', (d) => (response += d));
    socket.write(body.slice(5));
    expect(await gatewayExit).toBe(0);
    expect(response).toMatch(/^HTTP\/1.1 401 /);
    expect(response).toContain('Invalid email or password');
    socket.destroy();

    const authExit = exitOf(auth);
    auth.kill('SIGTERM');
    expect(await authExit).toBe(0);
    expect(await checkGrpcHealth(`127.0.0.1:${authPort}`)).toBe('UNREACHABLE');
  }, 60_000);
});
