import type { OutboxEvent } from '@ballmatch/platform';
import { eventStreams, newEvent } from '@ballmatch/proto';

/** The JetStream stream this service publishes to (its outbox subjects). */
export const CONTENT_STREAMS = eventStreams('updatePublished');

/** `updates.published`: an update has just become public. */
export function updatePublishedEvent(
  update: { id: string; title: string; publishAt: Date },
  at: Date,
): OutboxEvent {
  return newEvent(
    'updatePublished',
    { updateId: update.id, title: update.title, publishedAt: update.publishAt.toISOString() },
    at,
  );
}
