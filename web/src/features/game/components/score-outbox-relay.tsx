import { useEffect } from 'react';
import { startScoreOutbox } from '../api/score-outbox-relay';

/** Sends scores saved while the server was unreachable, at page load and when back online. */
export function ScoreOutboxRelay() {
  useEffect(() => startScoreOutbox(), []);
  return null;
}
