import { randomUUID } from 'node:crypto';
import type { EventBus, Logger } from '@ballmatch/platform';
import type { sessionsV1 } from '@ballmatch/proto';
import type { SessionFlagged } from './domain/sessions';

export const SESSION_FLAGGED = 'session.flagged';

/**
 * Publishes `session.flagged` after the commit that made a session suspicious. Plain NATS
 * publish, best effort: the flag itself is in Postgres, and the event only tells listeners
 * (admin dashboards) sooner than their next read.
 */
export function flaggedPublisher(bus: EventBus, logger: Logger) {
  return ({ session, flag }: SessionFlagged) => {
    const event: sessionsV1.SessionFlaggedEvent = {
      id: randomUUID(),
      occurredAt: new Date().toISOString(),
      sessionId: session.id,
      playerName: session.player_name,
      source: flag.source,
      type: flag.type,
      details: flag.details,
    };
    try {
      bus.publish(SESSION_FLAGGED, event);
    } catch (error) {
      logger.warn({ err: error, sessionId: session.id }, 'session.flagged not published');
    }
  };
}
