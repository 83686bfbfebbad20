// The stack scaled out on one machine, as Kubernetes runs it (k8s/): two replicas each of the
// gateway, sessions, scores, realtime and ads, one of auth and content, all sharing one
// PostgreSQL, Redis and NATS.
//
//   browser ──> front balancer ──> gateway-1 | gateway-2      (HTTP and /ws, round robin)
//   gateways ──> realtime balancer ──> realtime-1 | realtime-2 (/ws, round robin)
//   game clients ──> game ingress ──> sessions-1 | sessions-2   (/ws/game, hash of ?session=)
//   gateways (/ws/game relayed) ──┘
//   gRPC clients ──> ipv4:link(scores-1),link(scores-2)       (grpc-js round_robin per call)
//
// Each gRPC replica (sessions, scores, ads) sits behind a link (a one-backend balancer) whose
// cut(), like a balancer's, is the fault suite's network cut of that replica. The game ingress
// (game-ingress.mjs) is the Kubernetes Ingress of /ws/game: every socket of a game reaches one
// sessions replica. Every process serves /metrics on a port of its own, so tests can see which
// replica did what.
import { startBalancer } from './balancer.mjs';
import { startGameIngress } from './game-ingress.mjs';
import { freePorts } from '@ballmatch/platform/testing';
import { createSupervisor } from '../supervisor.mjs';
import { stackProcess, STACK } from '@ballmatch/kit';

const LOCAL = '127.0.0.1';
const SCALED = ['gateway', 'sessions', 'scores', 'realtime', 'ads'];
const grpcTarget = (links) => `ipv4:${links.map((l) => l.address).join(',')}`;

/**
 * Starts it all; `frontPort` is the site's port (0: any free one), `env` goes to every process
 * (stores, prefixes, keys, payments...).
 */
export async function startScaledStack({ frontPort = 0, env = {}, log }) {
  // Every process of the list (@ballmatch/kit's STACK), the scaled ones twice.
  const names = STACK.flatMap(({ name }) =>
    SCALED.includes(name) ? [`${name}-1`, `${name}-2`] : [name],
  );
  const [grpcPorts, metricsPorts] = [await freePorts(names.length), await freePorts(names.length)];
  const port = Object.fromEntries(names.map((n, i) => [n, grpcPorts[i]]));
  const metrics = Object.fromEntries(names.map((n, i) => [n, metricsPorts[i]]));

  // Links in front of the gRPC replicas, balancers in front of realtime and the gateways.
  const links = {};
  for (const name of ['sessions-1', 'sessions-2', 'scores-1', 'scores-2', 'ads-1', 'ads-2']) {
    links[name] = await startBalancer({ name, backends: [{ name, port: port[name] }] });
  }
  const realtimeBalancer = await startBalancer({
    name: 'realtime',
    backends: ['realtime-1', 'realtime-2'].map((name) => ({ name, port: port[name] })),
  });
  const front = await startBalancer({
    name: 'front',
    port: frontPort,
    backends: ['gateway-1', 'gateway-2'].map((name) => ({ name, port: port[name] })),
  });
  const url = `http://localhost:${front.port}`;
  const sessionsWsPorts = await freePorts(2);
  const wsPort = { 'sessions-1': sessionsWsPorts[0], 'sessions-2': sessionsWsPorts[1] };
  const gameIngress = await startGameIngress({
    backends: ['sessions-1', 'sessions-2'].map((name) => ({ name, port: wsPort[name] })),
  });

  const authAddr = `${LOCAL}:${port.auth}`;
  const sessionsAddr = grpcTarget([links['sessions-1'], links['sessions-2']]);
  const scoresAddr = grpcTarget([links['scores-1'], links['scores-2']]);
  const adsAddr = grpcTarget([links['ads-1'], links['ads-2']]);
  /** A process of the list by its name (a replica's without its number). */
  const listed = (name) => stackProcess(name.replace(/-\d$/, ''));
  const grpc = (name) => ({
    name,
    entry: listed(name).entry,
    env: { GRPC_HOST: LOCAL, GRPC_PORT: String(port[name]) },
    ready: { grpc: `${LOCAL}:${port[name]}`, service: listed(name).grpcService },
  });
  const replicas = (service, make) => [1, 2].map((i) => make(`${service}-${i}`));

  const procs = [
    grpc('auth'),
    grpc('content'),
    ...replicas('ads', (name) => {
      const p = grpc(name);
      return {
        ...p,
        env: { ...p.env, AUTH_ADDR: authAddr, PUBLIC_URL: url },
      };
    }),
  ];
  const publicOrigin = `${url},http://${LOCAL}:${front.port}`;
  for (const name of ['sessions-1', 'sessions-2']) {
    const p = grpc(name);
    procs.push({
      ...p,
      env: {
        ...p.env,
        ADS_ADDR: adsAddr,
        GAME_WS_PORT: String(wsPort[name]),
        // The game socket's one trusted hop: the gateway's relay (which sets X-Forwarded-For)
        // or, on the direct path through the game ingress, the client's own header.
        TRUST_PROXY: '1',
        PUBLIC_ORIGIN: publicOrigin,
      },
      // Ready once both entry points answer: gRPC, and the game socket (426 to plain HTTP).
      ready: [p.ready, { http: `http://${LOCAL}:${wsPort[name]}/ws/game`, status: 426 }],
    });
  }
  for (const name of ['scores-1', 'scores-2']) {
    const p = grpc(name);
    procs.push({
      ...p,
      env: { ...p.env, SESSIONS_ADDR: sessionsAddr, AUTH_ADDR: authAddr },
    });
  }
  for (const name of ['realtime-1', 'realtime-2']) {
    procs.push({
      name,
      entry: listed(name).entry,
      env: { HOST: LOCAL, PORT: String(port[name]), TRUST_PROXY: '1' },
      ready: { http: `http://${LOCAL}:${port[name]}/readyz` },
    });
  }
  for (const name of ['gateway-1', 'gateway-2']) {
    procs.push({
      name,
      entry: listed(name).entry,
      env: {
        HOST: LOCAL,
        PORT: String(port[name]),
        AUTH_ADDR: authAddr,
        SESSIONS_ADDR: sessionsAddr,
        SCORES_ADDR: scoresAddr,
        ADS_ADDR: adsAddr,
        CONTENT_ADDR: `${LOCAL}:${port.content}`,
        REALTIME_URL: `http://${LOCAL}:${realtimeBalancer.port}`,
        // The gateway's relay of /ws/game goes through the game ingress too, so a page on the
        // site's address reaches the replica that holds its game, as through the Ingress.
        SESSIONS_WS_URL: gameIngress.url,
        // As in k8s/: one proxy hop in front (here the front balancer, which is L4 and adds no
        // X-Forwarded-For, so the address seen is the client's own).
        TRUST_PROXY: '1',
        PUBLIC_ORIGIN: publicOrigin,
      },
      ready: { http: `http://${LOCAL}:${port[name]}/readyz` },
    });
  }
  for (const proc of procs) {
    proc.env.METRICS_PORT = String(metrics[proc.name]);
    proc.env.METRICS_HOST = LOCAL;
  }

  const supervisor = createSupervisor({ procs, env, log });
  const balancers = [front, realtimeBalancer, gameIngress, ...Object.values(links)];
  try {
    // Start order as in scripts/stack.mjs; replicas of one service start together (migrations
    // take an advisory lock, so the two racing is safe, and that is exercised here).
    await supervisor.start(['auth']);
    await supervisor.start(['content', 'ads-1', 'ads-2']);
    await supervisor.start(['sessions-1', 'sessions-2']);
    await supervisor.start(['scores-1', 'scores-2', 'realtime-1', 'realtime-2']);
    await supervisor.start(['gateway-1', 'gateway-2']);
  } catch (error) {
    await supervisor.stop();
    for (const b of balancers) await b.stop();
    throw error;
  }

  /**
   * Which balancers route to a replica (the front, the realtime one, its own link; a sessions
   * replica's link and the game ingress).
   */
  const balancersOf = (name) => {
    if (name.startsWith('gateway-')) return [front];
    if (name.startsWith('realtime-')) return [realtimeBalancer];
    const link = links[name];
    if (!link) throw new Error(`${name} has no replica link to cut (one replica only)`);
    return name.startsWith('sessions-') ? [link, gameIngress] : [link];
  };

  return {
    url,
    /** Each gateway's own address (to reach one replica, past the balancer). */
    gateways: {
      'gateway-1': `http://${LOCAL}:${port['gateway-1']}`,
      'gateway-2': `http://${LOCAL}:${port['gateway-2']}`,
    },
    /** `http://127.0.0.1:<port>/metrics` of each process. */
    metrics: Object.fromEntries(names.map((n) => [n, `http://${LOCAL}:${metrics[n]}/metrics`])),
    processNames: names,
    /** The game ingress: where a client opens /ws/game?session=<id> straight to sessions. */
    gameSocketUrl: gameIngress.url.replace(/^http/, 'ws'),
    kill: (name, signal) => supervisor.kill(name, signal),
    /**
     * A graceful restart, as a rollout does it: the replica leaves its balancers (open
     * connections stay), gets SIGTERM and drains, its replacement starts and, once ready, is
     * routed to again. Resolves then.
     */
    async restart(name) {
      // A replica of a scaled service has balancers; auth and content have none.
      const balancers = /-\d$/.test(name) ? balancersOf(name) : [];
      for (const b of balancers) b.drain(name);
      try {
        await supervisor.kill(name, 'SIGTERM');
      } finally {
        for (const b of balancers) b.heal(name);
      }
    },
    cut: (name) => balancersOf(name).forEach((b) => b.cut(name)),
    heal: (name) => balancersOf(name).forEach((b) => b.heal(name)),
    /** The sessions replica a game's next socket reaches now, and its home (all up). */
    route: (session) => ({ now: gameIngress.route(session), home: gameIngress.home(session) }),
    status: () => ({
      pids: supervisor.pids(),
      down: supervisor.down(),
      restarts: supervisor.restarts(),
      balancers: Object.fromEntries(balancers.map((b) => [b.name, b.stats()])),
    }),
    async stop() {
      await supervisor.stop();
      for (const b of balancers) await b.stop();
    },
  };
}
