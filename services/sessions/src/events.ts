import { outboxEvent, type OutboxEvent, type StreamSpec } from '@ballmatch/platform';
import type { sessionsV1 } from '@ballmatch/proto';
import type { FlagRow, SessionRow } from './store/sessions';

export const SESSION_FLAGGED = 'session.flagged';

/** The JetStream stream the relay publishes into (created at start). */
export const SESSION_STREAMS: StreamSpec[] = [{ name: 'SESSIONS', subjects: ['session.>'] }];

/** `session.flagged`: the session has just become suspicious (by the server or an admin). */
export function flaggedEvent(session: SessionRow, flag: FlagRow): OutboxEvent {
  const body: Omit<sessionsV1.SessionFlaggedEvent, 'id' | 'occurredAt'> = {
    sessionId: session.id,
    playerName: session.player_name,
    source: flag.source,
    type: flag.type,
    details: flag.details,
  };
  return outboxEvent(SESSION_FLAGGED, body);
}
