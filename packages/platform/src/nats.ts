import { connect, JSONCodec, type NatsConnection, type Subscription } from 'nats';
import {
  currentEventCarrier,
  fromNatsHeaders,
  observeDeliveryLag,
  toNatsHeaders,
  withEventSpan,
} from './event-telemetry';

export interface EventBus {
  connection: NatsConnection;
  /** The connection's name: the service's (labels its outbox and subscriptions in metrics). */
  name: string;
  /** Copies of each stream this process creates (`ensureStreams`). */
  streamReplicas: number;
  /** The full subject for `subject` after this deployment's (or test run's) prefix. */
  subject(subject: string): string;
  publish(subject: string, payload: unknown): void;
  subscribe(subject: string, handler: (payload: unknown, subject: string) => void): Subscription;
  /** Flushes what was published and closes. */
  close(): Promise<void>;
}

const codec = JSONCodec();

/** Connects to NATS; reconnects by itself forever when the server goes away and comes back. */
export async function connectEventBus(options: {
  url: string;
  subjectPrefix: string;
  name: string;
  streamReplicas?: number;
}): Promise<EventBus> {
  const connection = await connect({
    servers: options.url.split(','),
    name: options.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    // No stack captured for every request: the client otherwise makes two Errors per request
    // even when it succeeds, and a JetStream publish is a request (the outbox relay sends one
    // per event). A timeout's error then lacks the caller's frames; the relay's log says which.
    noAsyncTraces: true,
  });
  const subject = (s: string) => `${options.subjectPrefix}${s}`;
  return {
    connection,
    name: options.name,
    streamReplicas: options.streamReplicas ?? 1,
    subject,
    publish(s, payload) {
      const carrier = currentEventCarrier();
      const headers = Object.keys(carrier).length ? toNatsHeaders(carrier) : undefined;
      connection.publish(subject(s), codec.encode(payload), { headers });
    },
    subscribe(s, handler) {
      const prefix = options.subjectPrefix;
      return connection.subscribe(subject(s), {
        callback: (error, msg) => {
          if (error) return;
          const payload = codec.decode(msg.data);
          const bare = msg.subject.slice(prefix.length);
          observeDeliveryLag(options.name, payload);
          withEventSpan(
            { consumer: options.name, subject: bare, carrier: fromNatsHeaders(msg.headers) },
            () => handler(payload, bare),
          );
        },
      });
    },
    async close() {
      if (!connection.isClosed()) await connection.drain();
    },
  };
}
