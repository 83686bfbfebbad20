import WebSocket from 'ws';
import { eventually } from '@ballmatch/platform/testing';

/** A realtime protocol message as a socket received it. */
export type Message = Record<string, unknown>;

/** The gateway's /ws at `base` (its http:// address). */
export const wsUrl = (base: string) => `${base.replace(/^http/, 'ws')}/ws`;

/**
 * Opens a socket and collects its messages; `opened` rejects with the HTTP status of a refusal,
 * `next(match)` waits for a message that matches (3 s unless told).
 */
export function openSocket(url: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  const messages: Message[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as Message));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) =>
      reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode })),
    );
    ws.once('error', reject);
  });
  const next = (match: (m: Message) => boolean, timeoutMs = 3000): Promise<Message> =>
    eventually(
      () => {
        const found = messages.find(match);
        if (!found) throw new Error(`no matching message among ${messages.length}`);
        return found;
      },
      { timeoutMs, intervalMs: 10 },
    );
  return { ws, messages, opened, closed, next };
}

/** The update on `channel` a subscriber receives: `data` as published, stamped with its time. */
export const updateOn = (channel: string, data: Record<string, unknown>) => ({
  type: 'update',
  channel,
  data,
  timestamp: expect.any(Number),
});
