// The Node services that ship as images: every docker-compose service with a `build` is one.
// Their config modules (src/config.ts: envShape, secretNames) are the truth the manifests
// are checked against.
import path from 'node:path';
import { interpolate } from './compose';
import { parseDockerfile } from './dockerfile';
import { abs, exists, obj, readText, readYaml } from './repo';

/** The slice of a zod schema the checks use. */
export interface EnvSchema {
  safeParse(value: unknown): {
    success: boolean;
    data?: unknown;
    error?: { issues: { message: string }[] };
  };
}

export interface AppConfig {
  envShape: Record<string, EnvSchema>;
  secretNames: string[];
}

export interface App {
  /** Compose service name = Kubernetes Deployment, Service and container name. */
  name: string;
  /** The npm workspace folder, e.g. services/auth: the WORKSPACE build arg or its default. */
  workspace: string;
  dockerfile: string;
  /** compose `build.args`: what the shared services/Dockerfile is told. */
  buildArgs: Record<string, string>;
  configModule: string;
}

export interface ServerPort {
  variable: 'GRPC_PORT' | 'PORT';
  kind: 'grpc' | 'http';
  port: number;
}

export type ComposeService = Record<string, unknown>;

export function composeServices(): Record<string, ComposeService> {
  return obj(obj(readYaml('docker-compose.yml')).services) as Record<string, ComposeService>;
}

export function appsFromCompose(): App[] {
  return Object.entries(composeServices())
    .filter(([, service]) => service.build !== undefined)
    .map(([name, service]) => {
      const build = obj(service.build);
      const dockerfile = path.posix.join(
        String(build.context ?? '.'),
        String(build.dockerfile ?? 'Dockerfile'),
      );
      const buildArgs = buildArgsOf(build.args);
      const defaults = exists(dockerfile) ? parseDockerfile(readText(dockerfile)).globalArgs : {};
      const workspace = path.posix.normalize(
        buildArgs.WORKSPACE ??
          defaults.WORKSPACE ??
          path.posix.dirname(path.posix.normalize(dockerfile)),
      );
      return {
        name,
        workspace,
        dockerfile,
        buildArgs,
        configModule: `${workspace}/src/config.ts`,
      };
    });
}

/** `build.args` in either form Compose accepts (map, or a list of NAME=value). */
function buildArgsOf(args: unknown): Record<string, string> {
  const entries = Array.isArray(args)
    ? args.map((entry) => {
        const [name, ...value] = String(entry).split('=');
        return [name, value.join('=')];
      })
    : Object.entries(obj(args)).map(([name, value]) => [name, String(value ?? '')]);
  return Object.fromEntries(entries.map(([name, value]) => [name, interpolate(value).value ?? '']));
}

export async function loadAppConfig(app: App): Promise<AppConfig> {
  if (!exists(app.configModule)) {
    throw new Error(
      `${app.name}: ${app.configModule} is missing; every service exports envShape and ` +
        'secretNames from src/config.ts',
    );
  }
  const mod = (await import(abs(app.configModule))) as Partial<AppConfig>;
  if (!mod.envShape || typeof mod.envShape !== 'object') {
    throw new Error(`${app.configModule} does not export envShape (a zod raw shape)`);
  }
  if (!Array.isArray(mod.secretNames)) {
    throw new Error(`${app.configModule} does not export secretNames (string[])`);
  }
  return { envShape: mod.envShape, secretNames: mod.secretNames };
}

/** Which variable sets the listening port, and its default in the config module. */
export function serverPort(app: App, config: AppConfig): ServerPort {
  const variable = 'GRPC_PORT' in config.envShape ? 'GRPC_PORT' : 'PORT';
  const schema = config.envShape[variable];
  if (!schema) throw new Error(`${app.configModule}: envShape has neither GRPC_PORT nor PORT`);
  const parsed = schema.safeParse(undefined);
  if (!parsed.success || typeof parsed.data !== 'number') {
    throw new Error(`${app.configModule}: ${variable} has no numeric default`);
  }
  return { variable, kind: variable === 'GRPC_PORT' ? 'grpc' : 'http', port: parsed.data };
}

/** `*_PORT` variables that name a port a service connects to, not one it listens on. */
const OUTBOUND_PORTS = ['SMTP_PORT']; // auth's mail server (password reset)

/**
 * The ports a service listens on besides its main one and metrics: every other `*_PORT`
 * variable of its config with a numeric default (sessions' GAME_WS_PORT, the game socket).
 */
export function extraPorts(config: AppConfig): { variable: string; port: number }[] {
  return Object.entries(config.envShape)
    .filter(
      ([name]) =>
        /_PORT$/.test(name) &&
        !['GRPC_PORT', 'PORT', 'METRICS_PORT', ...OUTBOUND_PORTS].includes(name),
    )
    .map(([variable, schema]) => {
      const parsed = schema.safeParse(undefined);
      if (!parsed.success || typeof parsed.data !== 'number') {
        throw new Error(`${variable} has no numeric default`);
      }
      return { variable, port: parsed.data };
    });
}

/** Problems with `env` (name -> value, undefined when unknown here) against the app's config. */
export function envProblems(
  where: string,
  config: AppConfig,
  env: Record<string, string | undefined>,
): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    const schema = config.envShape[name];
    if (!schema) {
      problems.push(`${where}: ${name} is not a variable the service reads (not in envShape)`);
      continue;
    }
    if (value === undefined) continue;
    const result = schema.safeParse(value);
    if (!result.success) {
      const why = result.error?.issues.map((i) => i.message).join('; ');
      problems.push(`${where}: ${name}=${JSON.stringify(value)} is invalid: ${why}`);
    }
  }
  return problems;
}

/** host:port of an address variable such as AUTH_ADDR (`dns:///auth:50051`, `auth:50051`). */
export function parseAddress(value: string): { host: string; port: number; dns: boolean } {
  const dns = value.startsWith('dns:///');
  const [host, port] = value.replace(/^dns:\/\/\//, '').split(':');
  return { host, port: Number(port), dns };
}
