import {
  createServiceServer,
  openServiceConnections,
  runProcess,
  serveService,
  type RunningService,
} from '@ballmatch/platform';
import { contentV1 } from '@ballmatch/proto';
import { loadContentConfig, SERVICE_CALLERS } from './config';
import { startAnnouncer } from './domain/announcer';
import { CONTENT_STREAMS } from './domain/events';
import { createFeedback } from './domain/feedback';
import { createFeedbackLimit } from './domain/feedback-limit';
import { createUpdates } from './domain/updates';
import {
  createFeedbackAdminHandlers,
  createFeedbackHandlers,
  createUpdatesAdminHandlers,
  createUpdatesHandlers,
  type ContentDomain,
} from './grpc/handlers';
import { migrations } from './migrations';
import { createFeedbackStore } from './store/feedback';
import { createUpdateStore } from './store/updates';

export const SCHEMA = 'content';

export interface RunningContent extends RunningService {
  /** The scheduler's step now (tests announce without waiting for its tick). */
  announceDue(): Promise<number>;
}

export interface ContentOptions {
  /** "Now" for what is public, scheduling and feedback times (tests move it). */
  now?: () => Date;
}

/** Its PostgreSQL schema and migrations, and the JetStream streams it publishes to. */
const STORAGE = { schema: SCHEMA, migrations, streams: CONTENT_STREAMS };

/** Composition root: config → connections → migrations → gRPC. Tests call it with their own env. */
export async function start(
  env = process.env,
  options: ContentOptions = {},
): Promise<RunningContent> {
  const config = loadContentConfig(env);
  const connections = await openServiceConnections({ service: 'content', config, ...STORAGE });
  const { logger, db, redis, relay } = connections;
  const now = options.now ?? (() => new Date());

  const updates = createUpdates({
    store: createUpdateStore(db),
    now,
    wake: () => relay.wake(),
    logger,
  });
  const domain: ContentDomain = {
    updates,
    feedback: createFeedback({
      store: createFeedbackStore(db),
      limit: createFeedbackLimit({ redis, perHour: config.FEEDBACK_PER_HOUR, logger }),
      now,
    }),
  };
  const announcer = startAnnouncer({
    announceDue: () => updates.announceDue(),
    intervalMs: config.UPDATES_ANNOUNCE_MS,
    logger,
  });

  const server = createServiceServer(logger, config, {
    name: 'content',
    callers: SERVICE_CALLERS,
    redis,
  });
  server.add(contentV1.UpdatesServiceService, createUpdatesHandlers(domain));
  server.add(contentV1.UpdatesAdminServiceService, createUpdatesAdminHandlers(domain), {
    access: 'admin',
  });
  server.add(
    contentV1.FeedbackServiceService,
    createFeedbackHandlers(domain),
    // Counted per client address: only the gateway's word on it is taken.
    { access: { service: ['gateway'] } },
  );
  server.add(contentV1.FeedbackAdminServiceService, createFeedbackAdminHandlers(domain), {
    access: 'admin',
  });
  const running = await serveService(server, config, connections, () => announcer.stop());
  logger.info({ port: running.port }, 'content listening');
  return { ...running, announceDue: () => updates.announceDue() };
}

if (require.main === module) runProcess('content', () => start());
