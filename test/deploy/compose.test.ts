// docker-compose.yml is a valid Compose file (the compose-spec JSON schema and the linter's
// rules, through dclint) and agrees with the code: service names, ports, environment
// variables, secrets, health checks, start order; .env.example names what it reads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as Dclint from 'dclint' with { 'resolution-mode': 'import' };
import {
  appsFromCompose,
  composeServices,
  envProblems,
  loadAppConfig,
  parseAddress,
  extraPorts,
  serverPort,
} from './apps';
import { containerPorts, environmentOf, healthcheckCommand, interpolate, seconds } from './compose';
import { imageOf } from './image';
import { abs, arr, exists, obj, readText } from './repo';

// dclint ships CommonJS too (its "require" export), but declares its types for ES modules only.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { DCLinter } = require('dclint') as typeof Dclint;

const services = composeServices();
const apps = appsFromCompose();
const APP_DRAIN_SECONDS = 15;

interface LintMessage {
  line: number;
  rule: string;
  message: string;
}

/** dclint with the project's settings (style-order rules off: the file is grouped by role). */
function lint(file: string): string[] {
  const config = JSON.parse(readText('test/deploy/dclintrc.json')) as ConstructorParameters<
    typeof DCLinter
  >[0];
  return new DCLinter(config)
    .lintFiles([file], false)
    .flatMap((result: { messages: LintMessage[] }) => result.messages)
    .map((m: LintMessage) => `${m.line}: ${m.rule}: ${m.message}`);
}

/** Variables Compose reads from the host: `${NAME...}` anywhere, and bare `NAME:` entries. */
function hostVariables(): string[] {
  const names = new Set(
    [...readText('docker-compose.yml').matchAll(/\$\{(\w+)/g)].map((m) => m[1]),
  );
  for (const service of Object.values(services)) {
    for (const [name, value] of Object.entries(environmentOf(service))) {
      if (value === null || value === undefined) names.add(name);
    }
  }
  return [...names].sort();
}

describe('docker-compose.yml', () => {
  it('validates against the Compose schema and passes dclint', () => {
    expect(lint(abs('docker-compose.yml'))).toEqual([]);
  });

  it('(the schema check can fail: an unknown key is refused)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ballmatch-compose-'));
    const file = path.join(dir, 'docker-compose.yml');
    try {
      fs.writeFileSync(
        file,
        readText('docker-compose.yml').replace('read_only: true', 'readonly: true'),
      );
      expect(lint(file).join('\n')).toMatch(/invalid-schema/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('.env.example names every variable Compose reads from the host, and holds no secret', () => {
    expect(exists('.env.example')).toBe(true);
    const example = readText('.env.example');
    const named = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)];
    expect(named.map((m) => m[1]).sort()).toEqual(hostVariables());
    expect(named.filter((m) => m[2] !== '').map((m) => m[1])).toEqual([]);
  });

  it('runs the data stores and the Node services', () => {
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining(['postgres', 'redis', 'nats', 'gateway', 'auth']),
    );
  });

  it('gives every service a health check', () => {
    const without = Object.keys(services).filter((name) => !healthcheckCommand(services[name]));
    expect({ withoutHealthcheck: without }).toEqual({ withoutHealthcheck: [] });
  });

  it('runs NATS with JetStream', () => {
    expect(arr(services.nats.command).map(String)).toContain('-js');
  });

  it('starts services only after what they depend on exists', () => {
    const problems = Object.entries(services).flatMap(([name, service]) => {
      const deps = Array.isArray(service.depends_on)
        ? service.depends_on.map(String)
        : Object.keys(obj(service.depends_on));
      return deps.filter((d) => !(d in services)).map((d) => `${name} depends on unknown ${d}`);
    });
    expect(problems).toEqual([]);
  });

  it('publishes only the gateway to the host', () => {
    const published = Object.keys(services).filter((name) => arr(services[name].ports).length);
    expect(published).toEqual(['gateway']);
  });
});

describe.each(apps)('compose service $name', (app) => {
  const service = services[app.name];
  const env = environmentOf(service);

  it('listens on the port its image exposes and its config reads', async () => {
    const config = await loadAppConfig(app);
    const { variable, port } = serverPort(app, config);
    const set = interpolate(env[variable]).value;
    const listening = set === undefined ? port : Number(set);
    // The image exposes the main port; other listeners (the game socket) are offered here.
    const extra = extraPorts(config).map((e) => e.port);
    expect({
      [variable]: listening,
      offered: containerPorts(service),
      imageExposes: imageOf(app).exposed,
    }).toEqual({ [variable]: port, offered: [port, ...extra], imageExposes: [port] });
    expect(healthcheckCommand(service)).toContain(String(port));
  });

  it('sets only variables the service reads, with valid values', async () => {
    const config = await loadAppConfig(app);
    const resolved = Object.fromEntries(
      Object.entries(env).map(([name, raw]) => [name, interpolate(raw).value]),
    );
    expect(envProblems(`docker-compose.yml ${app.name}`, config, resolved)).toEqual([]);
  });

  it('takes every secret from the host, never from the file, and requires it', async () => {
    const config = await loadAppConfig(app);
    const problems = config.secretNames.flatMap((name) => {
      if (!(name in env)) return [`${name} is not provided`];
      const value = interpolate(env[name]);
      if (!value.fromHost || value.value !== undefined) return [`${name} is written in the file`];
      if (!value.required) return [`${name} should be \${${name}:?message}`];
      return [];
    });
    expect({ service: app.name, problems }).toEqual({ service: app.name, problems: [] });
  });

  it('points addresses and URLs at services that exist, on their ports', async () => {
    const config = await loadAppConfig(app);
    const problems: string[] = [];
    for (const [name, raw] of Object.entries(env)) {
      const value = interpolate(raw).value;
      if (!value || !config.envShape[name]) continue;
      let host: string;
      let port: number;
      if (name.endsWith('_ADDR')) ({ host, port } = parseAddress(value));
      else if (/^\w+:\/\//.test(value) && name.endsWith('_URL')) {
        const url = new URL(value);
        host = url.hostname;
        port = Number(url.port);
      } else continue;
      const target = services[host];
      if (!target) problems.push(`${name}=${value}: no compose service ${host}`);
      else if (port && !containerPorts(target).includes(port)) {
        problems.push(`${name}=${value}: ${host} does not offer port ${port}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('starts after every service it calls is healthy', async () => {
    const config = await loadAppConfig(app);
    const dependsOn = obj(service.depends_on);
    const problems: string[] = [];
    for (const [name, raw] of Object.entries(env)) {
      const value = interpolate(raw).value;
      if (!value || !config.envShape[name]) continue;
      const host = name.endsWith('_ADDR')
        ? parseAddress(value).host
        : /^\w+:\/\//.test(value) && name.endsWith('_URL')
          ? new URL(value).hostname
          : undefined;
      if (!host || !(host in services)) continue;
      if (obj(dependsOn[host]).condition !== 'service_healthy') {
        problems.push(`${name} -> ${host}: needs depends_on ${host}: service_healthy`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('checks health the way the image can (gRPC health service or /healthz)', async () => {
    const config = await loadAppConfig(app);
    const { kind } = serverPort(app, config);
    const command = healthcheckCommand(service);
    expect(command).toMatch(/^CMD node /);
    if (kind === 'http') expect(command).toContain('/healthz');
    else {
      expect(command).toContain("require('@ballmatch/platform').checkGrpcHealth");
      const platform = (await import('@ballmatch/platform')) as Record<string, unknown>;
      expect(typeof platform.checkGrpcHealth).toBe('function');
    }
  });

  it('runs hardened and stops gracefully', () => {
    expect(service.read_only).toBe(true);
    expect(arr(service.cap_drop)).toContain('ALL');
    expect(seconds(service.stop_grace_period)).toBeGreaterThan(APP_DRAIN_SECONDS);
    const limits = obj(obj(obj(service.deploy).resources).limits);
    expect(limits.memory).toBeDefined();
  });
});
