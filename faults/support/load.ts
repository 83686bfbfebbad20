// The load the fault suite keeps on the scaled stack while it breaks things: registered players
// playing short ranked games held by the server and submitting their verified scores, posting
// the impression of the running ad each game is offered, and sockets listening to 'scores'.
// Every client retries as a real one would (a lost connection, 5xx, 429: again, the same
// request, which the API makes idempotent), and remembers what the site told it was accepted:
// the fault suite compares that with PostgreSQL.
import { randomBytes } from 'node:crypto';
import { playShortGame, register, submissionOf } from '../../e2e/support/api-players';
import { ApiClient, type ApiAnswer } from '../../e2e/support/http-client';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface AcceptedScore {
  scoreId: string;
  sessionId: string;
  userId: string;
  score: number;
}

/** What went wrong on the wire and was retried, by kind (e.g. `503`, `network`). */
export type Hiccups = Record<string, number>;

/** Runs `call` until it gives an answer that is not worth retrying; counts what was retried. */
export async function persist<T>(
  hiccups: Hiccups,
  call: () => Promise<ApiAnswer<T>>,
  deadlineMs = 120_000,
): Promise<ApiAnswer<T>> {
  const until = Date.now() + deadlineMs;
  let wait = 100;
  for (;;) {
    let kind: string;
    try {
      const answer = await call();
      if (answer.status < 500 && answer.status !== 429) return answer;
      kind = String(answer.status);
    } catch {
      kind = 'network';
    }
    hiccups[kind] = (hiccups[kind] ?? 0) + 1;
    if (Date.now() > until) throw new Error(`still failing (${kind}) after ${deadlineMs} ms`);
    await sleep(wait);
    wait = Math.min(wait * 2, 1000);
  }
}

/** A client whose every call persists through faults. */
export function steadfast(client: ApiClient, hiccups: Hiccups): ApiClient {
  const request = client.request.bind(client);
  client.request = ((method: string, path: string, options?: Parameters<typeof request>[2]) =>
    persist(hiccups, () => request(method, path, options))) as typeof client.request;
  return client;
}

/** Sockets on /ws subscribed to 'scores', each reconnecting whenever it is closed. */
class Listener {
  socket: WebSocket | undefined;
  subscribed = false;
  reconnects = 0;
  updates = 0;
  private stopped = false;

  constructor(private readonly url: string) {
    this.open();
  }

  private open(): void {
    if (this.stopped) return;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'subscribe', channel: 'scores' }));
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as { type: string };
      if (message.type === 'subscription') this.subscribed = true;
      if (message.type === 'update') this.updates += 1;
    };
    socket.onclose = () => {
      this.subscribed = false;
      if (this.stopped) return;
      this.reconnects += 1;
      setTimeout(() => this.open(), 200);
    };
    socket.onerror = () => undefined; // a close follows
  }

  close(): void {
    this.stopped = true;
    this.socket?.close();
  }
}

export class Load {
  readonly accepted: AcceptedScore[] = [];
  /** Offers whose impression the site answered 204 for. */
  readonly impressions = new Set<string>();
  readonly hiccups: Hiccups = {};
  /** What a client could not get done even by retrying: each one is a finding. */
  readonly errors: string[] = [];
  readonly listeners: Listener[];
  private paused = false;
  private stopped = false;
  private working = 0;
  private workers: Promise<void>[] = [];

  constructor(
    private readonly site: string,
    private readonly options: { players: number; sockets: number; adId: () => string },
  ) {
    const ws = site.replace(/^http/, 'ws') + '/ws';
    this.listeners = Array.from({ length: options.sockets }, () => new Listener(ws));
  }

  start(): void {
    this.workers = Array.from({ length: this.options.players }, (_, i) => this.player(i));
  }

  private async player(index: number): Promise<void> {
    // Each player from an address of its own: ad offers answer only to their client.
    const client = steadfast(
      new ApiClient(this.site, { forwardedFor: `198.51.100.${index + 1}` }),
      this.hiccups,
    );
    await register(client, `flt${index}`);
    const userId = (await client.get<{ id: string }>('/api/user')).json.id;
    while (!this.stopped) {
      if (this.paused) {
        await sleep(50);
        continue;
      }
      this.working += 1;
      try {
        await this.oneGame(client, userId, index);
      } catch (error) {
        this.errors.push(`player ${index}: ${(error as Error).message}`);
      } finally {
        this.working -= 1;
      }
    }
  }

  private async oneGame(client: ApiClient, userId: string, index: number): Promise<void> {
    const game = await playShortGame(client, `flt${index}_${randomBytes(2).toString('hex')}`);
    const { path, body, headers } = submissionOf(game);
    const answer = await client.post<{ id: string; score: number }>(path, body, { headers });
    if (answer.status !== 200) throw new Error(`submit: ${answer.status} ${answer.text}`);
    this.accepted.push({
      scoreId: answer.json.id,
      sessionId: game.sessionId,
      userId,
      score: answer.json.score,
    });
    const face = game.offers?.faces.find((f) => f.adId === this.options.adId());
    if (face) {
      const shown = await client.post(
        `/api/ads/${face.adId}/impression`,
        {},
        {
          headers: { 'x-ad-offer': face.id },
        },
      );
      if (shown.status !== 204) throw new Error(`impression: ${shown.status} ${shown.text}`);
      this.impressions.add(face.id);
    }
  }

  /** Stops starting games and resolves once every game in flight has finished. */
  async pause(): Promise<void> {
    this.paused = true;
    while (this.working > 0) await sleep(50);
  }

  resume(): void {
    this.paused = false;
  }

  openSockets(): number {
    return this.listeners.filter((l) => l.subscribed).length;
  }

  reconnects(): number {
    return this.listeners.reduce((sum, l) => sum + l.reconnects, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled(this.workers);
    for (const listener of this.listeners) listener.close();
  }
}
