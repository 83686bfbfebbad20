import type { OutboxEvent } from '@ballmatch/platform';
import { eventStreams, newEvent } from '@ballmatch/proto';

/** The JetStream stream this service publishes to (its outbox subjects). */
export const ADS_STREAMS = eventStreams('adsChanged');

export type AdChangeKind =
  | 'approved'
  | 'rejected'
  | 'paused'
  | 'resumed'
  | 'ended'
  | 'scheduled'
  | 'icon_uploaded'
  | 'icon_deleted';

/** `ads.changed`: what the game is served changed; readers drop their cached lists. */
export function adsChangedEvent(
  subjectKind: 'ad' | 'icon',
  subjectId: string,
  change: AdChangeKind,
  at: Date,
): OutboxEvent {
  return newEvent('adsChanged', { subjectKind, subjectId, change }, at);
}
