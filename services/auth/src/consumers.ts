import {
  startEventConsumer,
  type EventBus,
  type EventConsumer,
  type Knex,
  type Logger,
} from '@ballmatch/platform';
import { EVENTS, eventStreams } from '@ballmatch/proto';
import type { Achievements } from './domain/achievements';

/**
 * The scores service's scores.created, judged for achievements through a durable JetStream
 * consumer (shared by the replicas, idempotent by event id: platform's startEventConsumer).
 * Its stream is made by whichever service starts first.
 */
export const CONSUMED_STREAMS = eventStreams('scoreCreated');

export function startAchievementConsumer(deps: {
  db: Knex;
  bus: EventBus;
  logger: Logger;
  achievements: Achievements;
}): Promise<EventConsumer> {
  return startEventConsumer({
    db: deps.db,
    bus: deps.bus,
    logger: deps.logger,
    stream: EVENTS.scoreCreated.stream,
    subject: EVENTS.scoreCreated.subject,
    durable: 'auth-achievements',
    handle: (trx, event) => deps.achievements.scoreCreated(trx, event),
    ignores: deps.achievements.ignores,
  });
}
