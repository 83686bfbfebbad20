import {
  createGrpcClient,
  createKnex,
  type AsyncClient,
  type EventBus,
  type Knex,
} from '@ballmatch/platform';
import {
  clientList,
  connectTestBus,
  prepareTestService,
  TestClock,
  withClientAddress,
  type TestCredentials,
  type WithClientAddress,
} from '@ballmatch/platform/testing';
import { contentV1 } from '@ballmatch/proto';
import { SCHEMA, start, type RunningContent } from '../src';

type UpdatesClient = AsyncClient<contentV1.UpdatesServiceClient>;
type UpdatesAdminClient = AsyncClient<contentV1.UpdatesAdminServiceClient>;
type FeedbackClient = WithClientAddress<AsyncClient<contentV1.FeedbackServiceClient>>;
type FeedbackAdminClient = AsyncClient<contentV1.FeedbackAdminServiceClient>;

export interface ContentHarness {
  /**
   * UpdatesService as a guest, FeedbackService as the gateway calls it (its identity;
   * `clientAddress` the browser's).
   */
  updates: UpdatesClient;
  feedback: FeedbackClient;
  /** The admin services as an admin. */
  updatesAdmin: UpdatesAdminClient;
  feedbackAdmin: FeedbackAdminClient;
  /** Each service with this `authorization` (none: a guest). */
  updatesAdminAs(authorization?: string): UpdatesAdminClient;
  feedbackAdminAs(authorization?: string): FeedbackAdminClient;
  credentials: TestCredentials;
  /** Connected with the service's subject prefix, to hear `updates.published`. */
  bus: EventBus;
  clock: TestClock;
  running: RunningContent;
  /** The service's environment (another replica starts with it). */
  env: NodeJS.ProcessEnv;
  /** Its schema, to read what it stored (the outbox). */
  db: Knex;
  close(): Promise<void>;
}

/**
 * A real content service in-test: its own database, Redis prefix, NATS prefix and signing key.
 * The scheduler ticks every 100 ms, on the harness's clock.
 */
export async function startContent(
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<ContentHarness> {
  const { env, database, credentials, remove } = await prepareTestService('content', {
    UPDATES_ANNOUNCE_MS: '100',
    ...options.env,
  });
  const clock = new TestClock();
  const running = await start(env, { now: clock.now });
  const address = `127.0.0.1:${running.port}`;
  const { track, closeAll } = clientList();
  const settings = (authorization?: string) => ({
    serviceLabel: 'content',
    defaultTimeoutMs: 10_000,
    authorization,
  });
  const updatesAdminAs = (a?: string) =>
    track(
      createGrpcClient(
        contentV1.UpdatesAdminServiceClient,
        contentV1.UpdatesAdminServiceService,
        address,
        settings(a),
      ),
    );
  const feedbackAdminAs = (a?: string) =>
    track(
      createGrpcClient(
        contentV1.FeedbackAdminServiceClient,
        contentV1.FeedbackAdminServiceService,
        address,
        settings(a),
      ),
    );
  const admin = await credentials.issue('admin');
  const bus = await connectTestBus(env, 'content-test');
  const db = createKnex({ url: database.url, schema: SCHEMA });

  return {
    updates: track(
      createGrpcClient(
        contentV1.UpdatesServiceClient,
        contentV1.UpdatesServiceService,
        address,
        settings(),
      ),
    ),
    feedback: withClientAddress(
      track(
        createGrpcClient(
          contentV1.FeedbackServiceClient,
          contentV1.FeedbackServiceService,
          address,
          {
            ...settings(),
            credential: credentials.service('gateway'),
          },
        ),
      ),
    ),
    updatesAdmin: updatesAdminAs(admin.authorization),
    feedbackAdmin: feedbackAdminAs(admin.authorization),
    updatesAdminAs,
    feedbackAdminAs,
    credentials,
    bus,
    clock,
    running,
    env,
    db,
    async close() {
      closeAll();
      await db.destroy();
      await bus.close();
      await running.stop({ deleteStreams: true });
      await remove();
    },
  };
}

/** Resolves with the AppError a call fails with (fails the test if it succeeds). */
export async function failure(call: Promise<unknown>): Promise<{
  code: string;
  message: string;
  details: { field?: string; retryAfterSeconds?: number };
}> {
  try {
    await call;
  } catch (error) {
    return error as { code: string; message: string; details: { field?: string } };
  }
  throw new Error('the call succeeded');
}

/** A draft with this title (and a paragraph of content). */
export async function draft(
  harness: ContentHarness,
  title: string,
  contentHtml = `<p>About ${title}.</p>`,
): Promise<contentV1.Update> {
  return (await harness.updatesAdmin.createUpdate({ title, contentHtml })).update!;
}

/** A draft published now, or at `publishDate`. */
export async function published(
  harness: ContentHarness,
  title: string,
  publishDate = '',
): Promise<contentV1.Update> {
  const made = await draft(harness, title);
  return (await harness.updatesAdmin.publishUpdate({ id: made.id, publishDate })).update!;
}
