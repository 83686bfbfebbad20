import type { OutboxEvent, StreamSpec } from '@ballmatch/platform';
import { eventStreams, newEvent } from '@ballmatch/proto';
import type { FlagRow, SessionRow } from './store/sessions';

/** The JetStream stream the relay publishes into (created at start). */
export const SESSION_STREAMS: StreamSpec[] = eventStreams('sessionFlagged', 'sessionFinished');

/** `session.flagged`: the session has just become suspicious (by the server or an admin). */
export function flaggedEvent(
  session: SessionRow,
  flag: Pick<FlagRow, 'source' | 'type' | 'details'>,
): OutboxEvent {
  return newEvent('sessionFlagged', {
    sessionId: session.id,
    playerName: session.playerName,
    source: flag.source,
    type: flag.type,
    details: flag.details,
  });
}
