import { AppError, createGrpcClient, type AsyncClient, type EventBus } from '@ballmatch/platform';
import {
  clientList,
  connectTestBus,
  createTestCredentials,
  createTestDatabase,
  TestClock,
  testServiceEnv,
  withClientAddress,
} from '@ballmatch/platform/testing';
import { sessionsV1 } from '@ballmatch/proto';
import { start, type RunningSessions } from '../src';
import { openGameSocket, type GameSocketClient } from './game-socket-client';
import { createOwnerClient, type SessionClient } from './owner-client';

/** A real sessions process-in-test: its own database and NATS subject prefix. */
type AdminClient = AsyncClient<sessionsV1.SessionAdminServiceClient>;

export interface SessionsHarness {
  /** The player-facing service, called as a guest who keeps each session's credential. */
  client: ReturnType<typeof createOwnerClient>;
  /** The same, called with this `authorization` value (through the gateway's identity). */
  clientAs(authorization: string): SessionClient;
  /** Player tracking, called by an admin (whose id is `adminId`). */
  admin: AdminClient;
  adminId: string;
  /** Player tracking called with this `authorization` value (none: a guest). */
  adminClientAs(authorization?: string): AdminClient;
  /** Tokens signed with the key this service trusts. */
  credentials: ReturnType<typeof createTestCredentials>;
  /** Connected with the same subject prefix as the service, to hear its events. */
  bus: EventBus;
  running: RunningSessions;
  /** The service's clock (it times the actions of ranked games). */
  clock: TestClock;
  /** The ads service's record of reward clicks, as this service asks it. */
  rewardClicks: RewardClickStandIn;
  env: NodeJS.ProcessEnv;
  /**
   * Stops the process (`crash`: as a killed one, its queued log rows lost) and starts a new
   * one on the same database and ports, with the same clock: `running` is then the new one.
   */
  restart(options?: { crash?: boolean }): Promise<void>;
  /** Another process of this service on the same database (stopped by `close`). */
  startAnother(extraEnv?: NodeJS.ProcessEnv): Promise<RunningSessions>;
  /** A game socket to `running` (closed by `close`, first). */
  openSocket(): Promise<GameSocketClient>;
  close(): Promise<void>;
}

/** Stands in for the ads service's GetRewardClick: clicks recorded here, or the service down. */
export interface RewardClickStandIn {
  /** The player of this game followed its reward ad. */
  click(sessionId: string): void;
  /** The ads service stops (true) or comes back (false). */
  down(isDown: boolean): void;
}

function rewardClickStandIn() {
  const clicked = new Set<string>();
  let isDown = false;
  return {
    click: (sessionId: string) => void clicked.add(sessionId),
    down: (value: boolean) => void (isDown = value),
    async rewardClicked(sessionId: string): Promise<boolean> {
      if (isDown) {
        throw new AppError(
          'UNAVAILABLE',
          'The ads service is unavailable. Please try again shortly.',
        );
      }
      return clicked.has(sessionId);
    },
  };
}

/** Start limits no test of whole games reaches (seed shopping is tested on its own). */
export const MANY_STARTS = {
  RANKED_STARTS_PER_HOUR_PER_ADDRESS: '1000',
  RANKED_STARTS_PER_HOUR_PER_PLAYER: '1000',
};

/**
 * A sessions process on a database of its own. `databasePort`: PostgreSQL reached through this
 * port (a relay a test can cut) instead of its own.
 */
export async function startSessions(
  extraEnv: NodeJS.ProcessEnv = {},
  { databasePort }: { databasePort?: number } = {},
): Promise<SessionsHarness> {
  const database = await createTestDatabase('sessions');
  const databaseUrl = new URL(database.url);
  if (databasePort) databaseUrl.port = String(databasePort);
  const credentials = createTestCredentials();
  const env = testServiceEnv(databaseUrl.toString(), credentials, {
    GAME_WS_PORT: '0',
    ...extraEnv,
  });
  const clock = new TestClock();
  const ads = rewardClickStandIn();
  const startOne = (more: NodeJS.ProcessEnv = {}) =>
    start({ ...env, ...more }, { now: clock.now, rewardClicks: ads.rewardClicked });
  const running = await startOne();
  const others: RunningSessions[] = [];
  const address = `127.0.0.1:${running.port}`;
  const options = { serviceLabel: 'sessions', defaultTimeoutMs: 5000 };
  const { track, closeAll } = clientList();
  const sockets: GameSocketClient[] = [];
  const clientAs = (authorization?: string, as: 'gateway' | 'scores' = 'gateway') =>
    withClientAddress(
      track(
        createGrpcClient(
          sessionsV1.SessionServiceClient,
          sessionsV1.SessionServiceService,
          address,
          { ...options, authorization, credential: credentials.service(as) },
        ),
      ),
    );
  const adminClientAs = (authorization?: string) =>
    track(
      createGrpcClient(
        sessionsV1.SessionAdminServiceClient,
        sessionsV1.SessionAdminServiceService,
        address,
        { ...options, authorization },
      ),
    );
  const admin = await credentials.issue('admin');
  const bus = await connectTestBus(env, 'sessions-test');
  const harness: SessionsHarness = {
    client: createOwnerClient(clientAs(), clientAs(undefined, 'scores')),
    clientAs,
    admin: adminClientAs(admin.authorization),
    adminId: admin.userId,
    adminClientAs,
    credentials,
    bus,
    running,
    clock,
    rewardClicks: { click: ads.click, down: ads.down },
    env,
    async restart({ crash = false } = {}) {
      const { port, gameWsPort } = harness.running;
      await harness.running.stop({ crash });
      harness.running = await startOne({
        GRPC_PORT: String(port),
        GAME_WS_PORT: String(gameWsPort),
      });
    },
    async startAnother(more = {}) {
      const another = await startOne(more);
      others.push(another);
      return another;
    },
    async openSocket() {
      const socket = await openGameSocket(`ws://127.0.0.1:${harness.running.gameWsPort}/ws/game`);
      sockets.push(socket);
      return socket;
    },
    async close() {
      sockets.forEach((socket) => socket.close());
      closeAll();
      await bus.close();
      await Promise.all(others.map((other) => other.stop()));
      await harness.running.stop({ deleteStreams: true });
      await database.drop();
      credentials.remove();
    },
  };
  return harness;
}
