import { createKnex, type Knex } from '@ballmatch/platform';
import {
  actionLogBatchSize,
  createActionLog,
  StaleGame,
  type ActionLogOptions,
} from '../src/store/log-batches';
import { newSession } from './fixtures';
import { startSessions, type SessionsHarness } from './harness';
import { startRelay } from './relay';

// The action log's batches against the service's real database: rows are queued as actions
// are answered from memory, written together, one row per game per statement, and each game
// learns how much of it is durable, or that another action holds one of its places.
let svc: SessionsHarness;
let db: Knex;
const closing: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  svc = await startSessions({ RANKED_STARTS_PER_HOUR_PER_ADDRESS: '1000' });
  db = createKnex({ url: svc.env.DATABASE_URL!, schema: 'sessions' });
});
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});
afterAll(async () => {
  await db.destroy();
  await svc.close();
});

const newGames = async (count: number) =>
  Promise.all(
    Array.from({ length: count }, async () => (await svc.client.createSession(newSession())).id),
  );

const logged = async (ids: string[]) =>
  db('game_actions')
    .whereIn('session_id', ids)
    .orderBy(['session_id', 'seq'])
    .select<{ session_id: string; seq: number; code: number }[]>('session_id', 'seq', 'code');

const statementsSoFar = async () =>
  (await actionLogBatchSize.get()).values.find((v) => v.metricName?.endsWith('_count'))?.value ?? 0;

/** A log on `on` whose notices are recorded; `durableAt(id, n)` waits for the game to reach n. */
function recordedLog(on: Knex, options: Partial<ActionLogOptions> = {}) {
  const durable = new Map<string, number[]>();
  const stale: string[] = [];
  const refused: string[] = [];
  const waiting: (() => void)[] = [];
  const wake = () => waiting.splice(0).forEach((w) => w());
  const log = createActionLog(on, {
    flushMs: 60_000, // never by itself unless a test says so
    durable(id, n) {
      durable.set(id, [...(durable.get(id) ?? []), n]);
      wake();
    },
    stale: (id) => void stale.push(id),
    refused: (id) => void refused.push(id),
    ...options,
  });
  closing.push(async () => log.abandon());
  return {
    log,
    durable,
    stale,
    refused,
    async durableAt(id: string, n: number) {
      while ((durable.get(id)?.at(-1) ?? 0) < n) await new Promise<void>((r) => waiting.push(r));
    },
  };
}

const at = new Date('2031-03-03T10:00:00.000Z');
const row = (seq: number, code = 4) => ({ seq, code, receivedAt: at });

describe('the action log in batches', () => {
  it("many games' rows share statements, one row of a game per statement, in order", async () => {
    const ids = await newGames(40);
    const { log, durable } = recordedLog(db);
    const before = await statementsSoFar();
    for (const id of ids) {
      log.append(id, row(0, 4));
      log.append(id, row(1, 5));
    }
    expect(ids.every((id) => log.pending(id) === 2)).toBe(true);
    await log.flush();
    // The first statement wrote every game's place 0, the second every place 1.
    expect((await statementsSoFar()) - before).toBe(2);
    expect(ids.map((id) => durable.get(id))).toEqual(ids.map(() => [1, 2]));
    const rows = await logged(ids);
    expect(rows).toHaveLength(80);
    expect(rows.filter((r) => r.seq === 1).every((r) => r.code === 5)).toBe(true);
    expect(log.pending(ids[0]!)).toBe(0);
  });

  it('a row waits at most ACTION_LOG_FLUSH_MS for others, or until maxBatch rows wait', async () => {
    const [alone, ...ten] = await newGames(11);
    const timed = recordedLog(db, { flushMs: 5 });
    timed.log.append(alone!, row(0));
    await timed.durableAt(alone!, 1); // no flush asked: the timer wrote it
    const full = recordedLog(db, { maxBatch: 10 });
    for (const id of ten) full.log.append(id, row(0));
    for (const id of ten) await full.durableAt(id, 1); // the tenth row sent them at once
    expect(await logged([alone!, ...ten])).toHaveLength(11);
  });

  it('a place taken by the same action is durable; by another, the game is stale and its rows dropped', async () => {
    const [same, other] = await newGames(2);
    // Another process wrote these first: the same action at `same`'s place 0, not at `other`'s.
    await db('game_actions').insert([
      { session_id: same, seq: 0, code: 4, received_at: at },
      { session_id: other, seq: 0, code: 8, received_at: at },
    ]);
    const { log, durable, stale } = recordedLog(db);
    log.append(same!, row(0, 4));
    log.append(same!, row(1, 5));
    log.append(other!, row(0, 4));
    log.append(other!, row(1, 6));
    const settled = log.settle(other!);
    await expect(settled).rejects.toBeInstanceOf(StaleGame);
    await log.flush();
    expect(durable.get(same!)).toEqual([1, 2]);
    expect(durable.get(other!)).toBeUndefined();
    expect(stale).toEqual([other]);
    // Its place 1 was never written from a copy that had lost place 0.
    expect((await logged([other!])).map((r) => [r.seq, r.code])).toEqual([[0, 8]]);
    expect(log.pending(other!)).toBe(0);
  });

  it("a row that cannot be written is refused alone; the statement's other rows are logged", async () => {
    const ids = await newGames(5);
    const gone = ids[2]!;
    await db('sessions').where({ id: gone }).delete(); // its game and log go with it
    const { log, durable, refused } = recordedLog(db);
    for (const id of ids) log.append(id, row(0));
    await log.flush();
    expect(refused).toEqual([gone]);
    expect(ids.filter((id) => durable.get(id)?.[0] === 1)).toEqual(ids.filter((id) => id !== gone));
    expect(await logged(ids)).toHaveLength(4);
  });

  it('PostgreSQL out of reach: the statement fails, its rows stay queued and are written once it is back', async () => {
    const [id] = await newGames(1);
    const relay = await startRelay({ host: '127.0.0.1', port: 5432 });
    closing.push(() => relay.stop());
    const url = new URL(svc.env.DATABASE_URL!);
    url.port = String(relay.port);
    const through = createKnex({ url: url.toString(), schema: 'sessions' });
    closing.push(() => through.destroy());
    const { log, durableAt } = recordedLog(through, { flushMs: 5 });
    await relay.cut();
    log.append(id!, row(0));
    log.append(id!, row(1));
    // Whoever needs the rows now hears it (503); nothing is dropped.
    await expect(log.settle(id!)).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: 'The game is being saved; try again',
    });
    expect(log.pending(id!)).toBe(2);
    await relay.restore();
    await durableAt(id!, 2); // written by the retry, no flush asked
    expect((await logged([id!])).map((r) => r.seq)).toEqual([0, 1]);
  });
});
