// docker-compose.yml specifics: `${VAR...}` interpolation and the shapes of its fields.
import { arr, obj } from './repo';
import type { ComposeService } from './apps';

export interface ComposeValue {
  /** The value with defaults applied; undefined when it comes wholly from the host. */
  value: string | undefined;
  /** Some part comes from the host's shell or .env file. */
  fromHost: boolean;
  /** Compose stops with an error when the host does not set it (`${VAR:?message}`). */
  required: boolean;
}

const pattern = /\$\{(\w+)(?:(:?[-?])([^}]*))?\}/g;

/** Resolves what Compose would without the host's variables (unknown parts become `x`). */
export function interpolate(raw: unknown): ComposeValue {
  if (raw === null || raw === undefined)
    return { value: undefined, fromHost: true, required: false };
  const text = String(raw);
  let fromHost = false;
  let required = false;
  const whole = text.replace(pattern, (_m, _name: string, op?: string, rest?: string) => {
    if (op === '-' || op === ':-') return rest ?? '';
    fromHost = true;
    if (op === '?' || op === ':?') required = true;
    return '\u0000';
  });
  if (whole === '\u0000') return { value: undefined, fromHost, required };
  return { value: whole.replaceAll('\u0000', 'x'), fromHost, required };
}

/** `environment` as a map, whichever of its two forms the file uses. */
export function environmentOf(service: ComposeService): Record<string, unknown> {
  const env = service.environment;
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const [name, ...value] = String(entry).split('=');
        return [name, value.length ? value.join('=') : null];
      }),
    );
  }
  return obj(env);
}

/** Container-side ports the service offers (`expose` and the right side of `ports`). */
export function containerPorts(service: ComposeService): number[] {
  const exposed = arr(service.expose).map((p) => Number(String(p).split('/')[0]));
  const published = arr(service.ports).map((p) => {
    if (typeof p === 'object' && p !== null) return Number(obj(p).target);
    const parts = interpolate(String(p)).value!.split('/')[0].split(':');
    return Number(parts[parts.length - 1]);
  });
  return [...new Set([...exposed, ...published])];
}

export function healthcheckCommand(service: ComposeService): string {
  const test = obj(service.healthcheck).test;
  return Array.isArray(test) ? test.join(' ') : String(test ?? '');
}

/** Compose durations such as 30s, 1m30s, in seconds. */
export function seconds(duration: unknown): number {
  let total = 0;
  for (const m of String(duration ?? '').matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)) {
    const n = Number(m[1]);
    total += m[2] === 'h' ? n * 3600 : m[2] === 'm' ? n * 60 : m[2] === 'ms' ? n / 1000 : n;
  }
  return total;
}
