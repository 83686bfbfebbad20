/**
 * The one list of the stack's processes: their built entries, their ports as docker-compose.yml
 * and k8s/ run them (a test holds those two to this list), their health checks, and whom each
 * calls. scripts/stack.mjs, the load stack, the e2e stacks and the scaled stack read it; a
 * stack on free ports takes `PORT_NAMES.length` of them and names them with `portsFrom`.
 */
export interface StackProcess {
  readonly name: string;
  /** The built entry, from the repository's root. */
  readonly entry: string;
  /** Where it listens by default (gRPC, or HTTP for realtime and the gateway). */
  readonly port: number;
  /** The gRPC service its health check asks about (none: it answers HTTP /readyz). */
  readonly grpcService?: string;
  /** The variable through which its callers are given its address (`AUTH_ADDR`, ...). */
  readonly addressVariable?: string;
  /** The sessions service's game socket (/ws/game behind the gateway). */
  readonly gameSocket?: { readonly port: number; readonly urlVariable: string };
  /** The processes it calls (their address variables are in its settings). */
  readonly calls: readonly string[];
}

/**
 * In start order (each once the one before answers; sessions copes with ads not answering yet),
 * the gateway last.
 */
export const STACK: readonly StackProcess[] = [
  {
    name: 'auth',
    entry: 'services/auth/dist/index.js',
    port: 50051,
    grpcService: 'auth.v1.AuthService',
    addressVariable: 'AUTH_ADDR',
    calls: [],
  },
  {
    name: 'sessions',
    entry: 'services/sessions/dist/index.js',
    port: 50053,
    grpcService: 'sessions.v1.SessionService',
    addressVariable: 'SESSIONS_ADDR',
    gameSocket: { port: 8091, urlVariable: 'SESSIONS_WS_URL' },
    // Extra moves are earned: the ads service knows whether the reward ad was followed.
    calls: ['ads'],
  },
  {
    name: 'scores',
    entry: 'services/scores/dist/index.js',
    port: 50052,
    grpcService: 'scores.v1.ScoreService',
    addressVariable: 'SCORES_ADDR',
    calls: ['sessions', 'auth'],
  },
  {
    name: 'ads',
    entry: 'services/ads/dist/index.js',
    port: 50054,
    grpcService: 'ads.v1.AdsService',
    addressVariable: 'ADS_ADDR',
    calls: ['auth'],
  },
  {
    name: 'content',
    entry: 'services/content/dist/index.js',
    port: 50055,
    grpcService: 'content.v1.UpdatesService',
    addressVariable: 'CONTENT_ADDR',
    calls: [],
  },
  {
    name: 'realtime',
    entry: 'services/realtime/dist/index.js',
    port: 8090,
    addressVariable: 'REALTIME_URL',
    calls: [],
  },
  {
    name: 'gateway',
    entry: 'gateway/dist/index.js',
    port: 8080,
    calls: ['auth', 'sessions', 'scores', 'ads', 'content', 'realtime'],
  },
];

/** One port of the stack: `<name>Port` for each process, `sessionsWsPort` for the game socket. */
export type PortName = `${string}Port`;
export type StackPorts = Record<PortName, number>;

/** Every port's name, in a fixed order (the list's, each process's game socket after it). */
export const PORT_NAMES: readonly PortName[] = STACK.flatMap((p) =>
  p.gameSocket ? [`${p.name}Port`, `${p.name}WsPort`] : [`${p.name}Port`],
) as PortName[];

/** The ports docker-compose.yml and k8s/ use (and `npm start`). */
export const DEFAULT_PORTS: StackPorts = Object.fromEntries(
  STACK.flatMap((p) =>
    p.gameSocket
      ? [
          [`${p.name}Port`, p.port],
          [`${p.name}WsPort`, p.gameSocket.port],
        ]
      : [[`${p.name}Port`, p.port]],
  ),
);

/** Names `numbers` (as many as PORT_NAMES, e.g. from freePorts) in PORT_NAMES' order. */
export function portsFrom(numbers: readonly number[]): StackPorts {
  if (numbers.length < PORT_NAMES.length) {
    throw new Error(`the stack needs ${PORT_NAMES.length} ports, got ${numbers.length}`);
  }
  return Object.fromEntries(PORT_NAMES.map((name, i) => [name, numbers[i]!]));
}

export function stackProcess(name: string): StackProcess {
  const found = STACK.find((p) => p.name === name);
  if (!found) throw new Error(`no process named ${name} in the stack`);
  return found;
}

/**
 * The address of `name` as its callers are given it: host:port for gRPC, a URL for HTTP.
 * `host` may be a function of the process's name (docker-compose's service names).
 */
export function addressOf(name: string, ports: StackPorts, host = '127.0.0.1'): string {
  const p = stackProcess(name);
  const port = ports[`${name}Port`];
  return p.grpcService ? `${host}:${port}` : `http://${host}:${port}`;
}

/**
 * The settings through which `name` finds those it calls: `AUTH_ADDR`, ..., and for a caller
 * of sessions that serves pages (the gateway) the game socket's URL.
 */
export function callEnv(
  name: string,
  ports: StackPorts,
  host: (callee: string) => string = () => '127.0.0.1',
): Record<string, string> {
  const env: Record<string, string> = {};
  const caller = stackProcess(name);
  for (const callee of caller.calls.map(stackProcess)) {
    if (callee.addressVariable) {
      env[callee.addressVariable] = addressOf(callee.name, ports, host(callee.name));
    }
    if (callee.gameSocket && caller.name === 'gateway') {
      env[callee.gameSocket.urlVariable] =
        `http://${host(callee.name)}:${ports[`${callee.name}WsPort`]}`;
    }
  }
  return env;
}

/** A process's health check: gRPC health of its service, or HTTP /readyz. */
export function readyCheck(
  name: string,
  ports: StackPorts,
): { grpc: string; service: string } | { http: string } {
  const p = stackProcess(name);
  const port = ports[`${name}Port`];
  return p.grpcService
    ? { grpc: `127.0.0.1:${port}`, service: p.grpcService }
    : { http: `http://127.0.0.1:${port}/readyz` };
}
