// Builds every image (scripts/images/build.mjs) and runs the whole stack from them, one podman
// container per service on the host's network (podman's own networks are not used: every
// address stays on loopback), with the settings docker-compose.yml gives each service, its
// secrets made here, and ports that are free. The stores are this run's own: Redis and NATS on
// free ports (scripts/datastores.mjs' startStore), a database of its own on the machine's
// PostgreSQL. The compose file's service names become 127.0.0.1 and the ports those of
// @ballmatch/kit's list, as `npm start` gives them (scripts/stack.mjs' processes()).
//   IMAGES_NODE_IMAGE=<image>   build on that base (default: scripts/images/base.sh's)
//   IMAGES_SKIP_BUILD=1         run the images already built
//   IMAGES_CONTEXT=<dir>        build from that copy of the repository (e.g. a clean clone)
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import globalTeardown from './global-teardown';
import { podman, repoRoot, STACK_ENV, type ImagesStack } from './podman';

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string | number | null>;
}
type Ready = { http: string } | { grpc: string; service: string };
interface StackProc {
  name: string;
  env: Record<string, string>;
  ready: Ready | Ready[];
}
interface StoreHandle {
  stop(): Promise<void>;
}
interface BuiltImage {
  name: string;
  image: string;
  bytes: number;
  seconds: number;
}

export interface SetupState {
  containers: string[];
  stores: StoreHandle[];
  dropDatabase?: () => Promise<void>;
  dirs: string[];
  logDir: string;
}

declare global {
  var __BALLMATCH_IMAGES__: SetupState | undefined;
}

const script = (rel: string) => path.join(repoRoot, rel);

/** `${NAME}`, `${NAME:-default}`, `${NAME:?message}` as Compose fills them from `vars`. */
export function fill(text: string, vars: Record<string, string>): string {
  return text.replace(
    /\$\{(\w+)(?:(:?[-?])([^}]*))?\}/g,
    (_m, name: string, op?: string, rest?: string) => {
      const value = vars[name];
      const unset = op?.startsWith(':') ? !value : value === undefined;
      if (op?.endsWith('-')) return unset ? (rest ?? '') : value!;
      if (unset) throw new Error(`docker-compose.yml needs ${name}: ${rest ?? 'unset'}`);
      return value!;
    },
  );
}

/** An Ed25519 key pair as the services read them: base64 of each PEM. */
function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const b64 = (pem: string | Buffer) => Buffer.from(pem).toString('base64');
  return {
    private: b64(privateKey.export({ type: 'pkcs8', format: 'pem' })),
    public: b64(publicKey.export({ type: 'spki', format: 'pem' })),
  };
}

export default async function globalSetup(): Promise<void> {
  const { buildImages, localBase } = (await import(script('scripts/images/build.mjs'))) as {
    buildImages(o: {
      nodeImage?: string;
      dir?: string;
      log?: (t: string) => void;
    }): Promise<BuiltImage[]>;
    localBase(): string;
  };
  const { startStore } = (await import(script('scripts/datastores.mjs'))) as {
    startStore(
      name: string,
      o: { dataDir: string; port: number; log?: (line: string) => void },
    ): Promise<StoreHandle>;
  };
  const { processes } = (await import(script('scripts/stack.mjs'))) as {
    processes(ports: Record<string, number>): StackProc[];
  };
  const { waitReady } = (await import(script('scripts/supervisor.mjs'))) as {
    waitReady(check: Ready | Ready[], deadlineMs?: number): Promise<void>;
  };
  const { createTestDatabase, freePorts } = await import('@ballmatch/platform/testing');
  const { PORT_NAMES, portsFrom } = await import('@ballmatch/kit');

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ballmatch-images-'));
  const logDir = path.join(work, 'logs');
  fs.mkdirSync(logDir);
  const state: SetupState = { containers: [], stores: [], dirs: [work], logDir };
  globalThis.__BALLMATCH_IMAGES__ = state;
  const say = (line: string) => process.stdout.write(`images: ${line}\n`);

  try {
    // 1. Debian's podman, runc, mmdebstrap and registry when missing; then the images (their
    // build's output goes to a file: it is long).
    execFileSync('sh', [script('scripts/images/ensure-tools.sh')], { stdio: 'inherit' });
    const compose = parse(fs.readFileSync(script('docker-compose.yml'), 'utf8'), {
      merge: true,
    }) as { services: Record<string, ComposeService> };
    const built = Object.entries(compose.services).filter(([, s]) => s.build);
    const images = Object.fromEntries(built.map(([name, s]) => [name, s.image!]));
    if (process.env.IMAGES_SKIP_BUILD !== '1') {
      const nodeImage = process.env.IMAGES_NODE_IMAGE || localBase();
      say(`building ${built.length} images on ${nodeImage} (log: ${logDir}/build.log)`);
      const buildLog = fs.createWriteStream(path.join(logDir, 'build.log'));
      const started = Date.now();
      const results = await buildImages({
        nodeImage,
        dir: process.env.IMAGES_CONTEXT || undefined,
        log: (text) => buildLog.write(text),
      });
      buildLog.end();
      for (const r of results) {
        say(`${r.image} ${(r.bytes / 1e6).toFixed(0)} MB, built in ${r.seconds.toFixed(0)} s`);
      }
      say(`built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }

    // 2. The run's own stores.
    const [redisPort, natsPort, ...stackPorts] = await freePorts(2 + PORT_NAMES.length);
    const ports = portsFrom(stackPorts);
    for (const [name, port] of [
      ['redis', redisPort],
      ['nats', natsPort],
    ] as const) {
      state.stores.push(
        await startStore(name, { dataDir: path.join(work, name), port, log: () => {} }),
      );
    }
    const database = await createTestDatabase('images');
    state.dropDatabase = () => database.drop();

    // 3. What the host's .env would hold (docs/operations.md), made for this run.
    const url = `http://127.0.0.1:${ports.gatewayPort}`;
    const jwt = keyPair();
    const vars: Record<string, string> = {
      POSTGRES_PASSWORD: 'unused',
      JWT_PRIVATE_KEY: jwt.private,
      JWT_PUBLIC_KEY: jwt.public,
      AD_CLIENT_KEY_SECRET: randomBytes(32).toString('base64'),
      PUBLIC_ORIGIN: url,
    };
    for (const name of ['GATEWAY', 'SESSIONS', 'SCORES']) {
      const pair = keyPair();
      vars[`${name}_SERVICE_PRIVATE_KEY`] = pair.private;
      vars[`${name}_SERVICE_PUBLIC_KEY`] = pair.public;
    }
    const stores: Record<string, string> = {
      DATABASE_URL: database.url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      NATS_URL: `nats://127.0.0.1:${natsPort}`,
    };

    // 4. One container per service, in the list's order, each once the one before answers.
    const containers: Record<string, string> = {};
    const envDir = fs.mkdtempSync(path.join(work, 'env-'));
    for (const proc of processes(ports)) {
      const service = compose.services[proc.name];
      if (!service?.build) throw new Error(`docker-compose.yml builds no ${proc.name}`);
      const env: Record<string, string> = {};
      for (const [key, raw] of Object.entries(service.environment ?? {})) {
        const value = raw === null ? vars[key] : fill(String(raw), vars);
        if (value) env[key] = value;
      }
      Object.assign(env, proc.env, { HOST: '127.0.0.1' });
      if (!('HOST' in proc.env)) delete env.HOST;
      for (const key of Object.keys(stores)) if (key in env) env[key] = stores[key]!;

      const envFile = path.join(envDir, `${proc.name}.env`);
      fs.writeFileSync(
        envFile,
        Object.entries(env)
          .map(([k, v]) => `${k}=${v}`)
          .join('\n') + '\n',
        { mode: 0o600 },
      );
      const name = `ballmatch-images-${process.pid}-${proc.name}`;
      say(`starting ${name} from ${images[proc.name]}`);
      // As docker-compose.yml's x-node-service runs them: read-only, no capabilities, bounded.
      podman([
        'run',
        '--detach',
        '--name',
        name,
        '--network',
        'host',
        '--read-only',
        '--tmpfs',
        '/tmp',
        '--cap-drop',
        'ALL',
        '--security-opt',
        'no-new-privileges',
        '--memory',
        '512m',
        '--cpus',
        '1',
        '--stop-timeout',
        '30',
        '--pull',
        'never',
        '--env-file',
        envFile,
        images[proc.name]!,
      ]);
      state.containers.push(name);
      containers[proc.name] = name;
      await waitReady(proc.ready, 90_000);
    }
    fs.rmSync(envDir, { recursive: true, force: true });

    const info: ImagesStack = { url, containers, images, logDir };
    process.env[STACK_ENV] = JSON.stringify(info);
    say(`the stack answers on ${url}`);
  } catch (error) {
    const logs = state.containers
      .map((name) => {
        let text: string;
        try {
          text = podman(['logs', '--tail', '30', name]);
        } catch (e) {
          text = (e as Error).message;
        }
        return `--- ${name}\n${text}`;
      })
      .join('\n');
    await globalTeardown();
    throw new Error(
      `the stack did not start from the images: ${(error as Error).message}\n${logs}`,
      {
        cause: error,
      },
    );
  }
}
