import { randomUUID } from 'node:crypto';
import type { EventBus } from '@ballmatch/platform';
import type { sessionsV1 } from '@ballmatch/proto';

let n = 0;

/** A CreateSession request as the gateway makes it, with the browser's address. */
export type NewSession = sessionsV1.CreateSessionRequest & { clientAddress: string };

/** A CreateSession request for a fresh player (unique name unless given). */
export function newSession(override: Partial<NewSession> = {}): NewSession {
  n += 1;
  return {
    playerName: `Player${n}_${process.pid % 1000}`,
    clientSessionId: randomUUID(),
    deviceFingerprint: 'f'.repeat(50),
    clientAddress: '203.0.113.7',
    ...override,
  };
}

/** An UpdateSession request with plausible figures. */
export function update(
  id: string,
  override: Partial<sessionsV1.UpdateSessionRequest> = {},
): sessionsV1.UpdateSessionRequest {
  return {
    id,
    playerName: 'Ann',
    totalScore: 120,
    matchCount: 8,
    moveCount: 10,
    averageMoveDuration: 1450,
    moveTimestamps: [],
    suspiciousFlags: [],
    endingSession: false,
    ...override,
  };
}

/** Deterministic "human" gaps: 400-2500 ms, uneven (variation about 0.4). */
export function humanTimestamps(count: number, start = 1_700_000_000_000): number[] {
  let state = 12345;
  let t = start;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    out.push(t);
    state = (state * 1103515245 + 12345) % 2147483648;
    t += 400 + (state % 2100);
  }
  return out;
}

/** A bot's moves: exactly `gap` ms apart. */
export function evenTimestamps(count: number, gap = 350, start = 1_700_000_000_000): number[] {
  return Array.from({ length: count }, (_, i) => start + i * gap);
}

/**
 * Subscribes to `subject` (and waits until the server knows), then gives the messages heard so
 * far and a way to wait for the next one.
 */
export async function listen(bus: EventBus, subject: string) {
  const heard: unknown[] = [];
  let taken = 0;
  let waiter: (() => void) | undefined;
  const sub = bus.subscribe(subject, (payload) => {
    heard.push(payload);
    waiter?.();
  });
  await bus.connection.flush();
  return {
    heard,
    /** The next message not yet taken (one heard already, or the next to arrive). */
    next(ms = 15_000): Promise<unknown> {
      return new Promise((resolve, reject) => {
        const take = () => {
          if (taken >= heard.length) return false;
          clearTimeout(timer);
          waiter = undefined;
          resolve(heard[taken++]);
          return true;
        };
        const timer = setTimeout(() => reject(new Error(`no ${subject} within ${ms} ms`)), ms);
        if (!take()) waiter = take;
      });
    },
    /**
     * The next message about this session, passing over others' (the outbox relay may publish
     * an earlier test's flag late on a loaded machine).
     */
    async nextFor(sessionId: string): Promise<unknown> {
      for (;;) {
        const message = await this.next();
        if ((message as { sessionId?: unknown }).sessionId === sessionId) return message;
      }
    },
    stop: () => sub.unsubscribe(),
  };
}
