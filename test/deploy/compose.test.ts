// docker-compose.yml agrees with the code: service names, ports, environment variables,
// secrets, health checks, start order.
import {
  appsFromCompose,
  composeServices,
  envProblems,
  loadAppConfig,
  parseAddress,
  serverPort,
} from './apps';
import { containerPorts, environmentOf, healthcheckCommand, interpolate, seconds } from './compose';
import { imageOf } from './image';
import { arr, obj } from './repo';

const services = composeServices();
const apps = appsFromCompose();
const APP_DRAIN_SECONDS = 15;

describe('docker-compose.yml', () => {
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
    expect({
      [variable]: listening,
      offered: containerPorts(service),
      imageExposes: imageOf(app).exposed,
    }).toEqual({ [variable]: port, offered: [port], imageExposes: [port] });
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
