import { WebSocket } from 'ws';

/** A frame the game socket sent. */
export type Frame =
  | { type: 'answer'; session: string; seq: number; answer: Record<string, unknown> }
  | { type: 'ack'; session: string; seq: number; durableSeq: number }
  | { type: 'stale'; session: string; game: Record<string, unknown> & { seq: number } }
  | {
      type: 'error';
      session: string | null;
      seq: number | null;
      status: number;
      message: string;
      field?: string;
    };

/** `{"type":"durable"}`: the game's actions are committed up to durableSeq. */
export interface DurableFrame {
  type: 'durable';
  session: string;
  durableSeq: number;
}

/**
 * A test's client of the game socket at `url` (ws://…/ws/game, the service's or the gateway's)
 * with these handshake headers (a cookie, an Origin): every frame it hears is kept in order,
 * `next()` waits for the next one (never for time: a frame or the close), and `closed`
 * resolves with the close code. The `durable` frames, which come whenever a batch commits,
 * are kept apart (`durables`, `nextDurable()`), so `next()` is the answer to a message. A
 * refused handshake rejects with its HTTP status.
 */
export async function openGameSocket(url: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  const frames: Frame[] = [];
  const durables: DurableFrame[] = [];
  let read = 0;
  let readDurable = 0;
  const waiting: (() => void)[] = [];
  const wake = () => waiting.splice(0).forEach((w) => w());
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Frame | DurableFrame;
    if (frame.type === 'durable') durables.push(frame);
    else frames.push(frame);
    wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => {
      resolve({ code, reason: String(reason) });
      wake();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });

  async function next(): Promise<Frame> {
    while (read >= frames.length) {
      if (ws.readyState === WebSocket.CLOSED) throw new Error('the socket closed');
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    return frames[read++]!;
  }

  return {
    ws,
    frames,
    durables,
    closed,
    next,
    /** The next `durable` frame (for any game). */
    async nextDurable(): Promise<DurableFrame> {
      while (readDurable >= durables.length) {
        if (ws.readyState === WebSocket.CLOSED) throw new Error('the socket closed');
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      return durables[readDurable++]!;
    },
    send: (message: unknown) =>
      ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    /** Sends one message and waits for its frame (this client sends one at a time). */
    async ask(message: unknown): Promise<Frame> {
      ws.send(typeof message === 'string' ? message : JSON.stringify(message));
      return next();
    },
    close: () => ws.close(),
  };
}

export type GameSocketClient = Awaited<ReturnType<typeof openGameSocket>>;

/**
 * The answer to a handshake at `url` the server refuses: its HTTP status and JSON body (which
 * `openGameSocket` cannot show). Rejects if the handshake is accepted.
 */
export function refusedHandshake(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const ws = new WebSocket(url, { headers });
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      ws.close();
      reject(new Error('the handshake was accepted'));
    });
    ws.once('error', reject);
    ws.once('unexpected-response', (req, res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown });
      });
    });
  });
}
