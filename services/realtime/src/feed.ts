import {
  countEvents,
  fromNatsHeaders,
  observeDeliveryLag,
  withEventSpan,
  type EventBus,
  type Logger,
} from '@ballmatch/platform';
import { MAX_EVENT_BYTES, readEvent, SUBJECTS } from './events';
import type { Hub } from './hub';
import type { RecentIds } from './recent-ids';

/**
 * Subscribes this replica to every event subject: plain subscriptions, not a queue group, so
 * every replica hears every event and a socket on any of them gets it. The NATS client renews
 * the subscriptions by itself after a reconnect. Each event goes out once, however often it is
 * delivered (JetStream redelivery, a relay publishing twice). Each event received is counted
 * (`ballmatch_events_consumed_total{consumer="realtime"}`): `applied` (fanned out), `duplicate`
 * (every fan-out of it already went out), `dropped` (too large, not JSON, malformed), `failed`
 * (the subscription's error); the consumer-stalled alert reads them.
 */
export function subscribeFeed(bus: EventBus, hub: Hub, recent: RecentIds, logger: Logger) {
  const count = countEvents('realtime', ['applied', 'duplicate', 'dropped', 'failed']);
  return SUBJECTS.map((subject) =>
    bus.connection.subscribe(bus.subject(subject), {
      callback: (error, msg) => {
        if (error) {
          logger.warn({ subject, err: error.message }, 'subscription error');
          count('failed');
          return;
        }
        if (msg.data.length > MAX_EVENT_BYTES) {
          logger.warn({ subject, bytes: msg.data.length }, 'event too large: dropped');
          count('dropped');
          return;
        }
        let payload: unknown;
        try {
          payload = msg.json();
        } catch {
          logger.warn({ subject, bytes: msg.data.length }, 'event is not JSON: dropped');
          count('dropped');
          return;
        }
        observeDeliveryLag('realtime', payload);
        // The fan-out is a span of the trace that published the event.
        withEventSpan(
          { consumer: 'realtime', subject, carrier: fromNatsHeaders(msg.headers) },
          () => {
            const reading = readEvent(subject, payload);
            if (!reading.ok) {
              logger.warn({ subject, error: reading.error }, 'malformed event: dropped');
              count('dropped');
              return;
            }
            let fannedOut = false;
            for (const { eventId, channel, userId, data } of reading.fanouts) {
              if (!recent.firstSighting(eventId)) {
                logger.debug({ subject, eventId }, 'event already delivered: dropped');
                continue;
              }
              fannedOut = true;
              const subscribers = userId
                ? hub.sendToPlayer(userId, channel, data)
                : hub.broadcast(channel, data);
              logger.debug({ subject, eventId, channel, subscribers }, 'event queued for fan-out');
            }
            count(fannedOut ? 'applied' : 'duplicate');
          },
        );
      },
    }),
  );
}
