import {
  startEventConsumer,
  type EventBus,
  type EventConsumer,
  type Knex,
  type Logger,
} from '@ballmatch/platform';
import { EVENTS, eventStreams } from '@ballmatch/proto';
import type { AccountNames } from './domain/account-names';
import type { Moderation } from './domain/moderation';
import type { Review } from './domain/review';
import type { Stats } from './domain/stats';

/**
 * The other services' events this service applies, each through its own durable JetStream
 * consumer (shared by the replicas, idempotent by event id: platform's startEventConsumer):
 * `session.flagged` holds a score for review (domain/review.ts), `session.finished` counts a
 * completed game (domain/stats.ts), auth's `user.named` records who owns a name and
 * `user.deleted` frees it (domain/account-names.ts) and voids a deleted account's scores when
 * its player asked (domain/moderation.ts). Each stream is made by whichever service starts
 * first.
 */
export const CONSUMED_STREAMS = eventStreams(
  'sessionFlagged',
  'sessionFinished',
  'userNamed',
  'userDeleted',
);

export async function startConsumers(deps: {
  db: Knex;
  bus: EventBus;
  logger: Logger;
  review: Review;
  stats: Stats;
  moderation: Moderation;
  accountNames: AccountNames;
}): Promise<{ stop(): Promise<void> }> {
  const consume = (
    name: 'sessionFlagged' | 'sessionFinished' | 'userNamed' | 'userDeleted',
    durable: string,
    handle: Parameters<typeof startEventConsumer>[0]['handle'],
  ) =>
    startEventConsumer({
      db: deps.db,
      bus: deps.bus,
      logger: deps.logger,
      stream: EVENTS[name].stream,
      subject: EVENTS[name].subject,
      durable,
      handle,
    });
  const consumers: EventConsumer[] = [
    await consume('sessionFlagged', 'scores-session-flagged', (trx, event) =>
      deps.review.sessionFlagged(trx, event),
    ),
    await consume('sessionFinished', 'scores-session-finished', (trx, event) =>
      deps.stats.gameFinished(trx, event),
    ),
    await consume('userNamed', 'scores-user-named', (trx, event) =>
      deps.accountNames.named(trx, event),
    ),
    await consume('userDeleted', 'scores-user-deleted', async (trx, event) => {
      await deps.accountNames.deleted(trx, event);
      return deps.moderation.accountDeleted(trx, event);
    }),
  ];
  return {
    async stop() {
      await Promise.all(consumers.map((c) => c.stop()));
    },
  };
}
