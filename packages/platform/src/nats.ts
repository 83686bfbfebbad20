import { connect, JSONCodec, type NatsConnection, type Subscription } from 'nats';

export interface EventBus {
  connection: NatsConnection;
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
}): Promise<EventBus> {
  const connection = await connect({
    servers: options.url.split(','),
    name: options.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
  });
  const subject = (s: string) => `${options.subjectPrefix}${s}`;
  return {
    connection,
    subject,
    publish: (s, payload) => connection.publish(subject(s), codec.encode(payload)),
    subscribe(s, handler) {
      const prefix = options.subjectPrefix;
      return connection.subscribe(subject(s), {
        callback: (error, msg) => {
          if (error) return;
          handler(codec.decode(msg.data), msg.subject.slice(prefix.length));
        },
      });
    },
    async close() {
      if (!connection.isClosed()) await connection.drain();
    },
  };
}
