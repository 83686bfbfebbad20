import { withPgConnection } from '@ballmatch/platform';
import { eventually, perFile } from '@ballmatch/platform/testing';
import { startHarness, type Game } from './harness';

// Issue 21: a score submission costs scores about as many PostgreSQL round trips as it sends
// statements (a third of its busy time was socket writes to PostgreSQL). Every statement pg
// sends on a connection to scores' database is counted while a signed result is submitted:
// the one-step path the page takes.

// The relay's claims and deletes are not the submission's (they come after its answer).
const h = perFile(() => startHarness({ OUTBOX_RELAY: 'off' }));
beforeEach(() => h.clock.set(Date.now()));
afterEach(() => h.clock.real());

/** node-postgres's Client, as knex uses it: each query is one round trip (no pipelining). */
interface PgClient {
  database: string;
  query(...args: unknown[]): unknown;
}
let Client: { prototype: PgClient };
let query: PgClient['query'];
beforeAll(async () => {
  Client = await withPgConnection(h.db, async (c) => c.constructor as { prototype: PgClient });
  query = Client.prototype.query;
});

/** What a statement is called: its prepared name, else its first words. */
function label(args: unknown[]): string {
  const [first] = args;
  if (typeof first === 'string') return first.trim().replace(/\s+/g, ' ').slice(0, 60);
  const config = first as { name?: string; text?: string };
  return config.name ?? (config.text ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
}

/**
 * Board repairs forget the rows of the boards Redis has, once a second for all of them
 * (domain/board-repairs.ts): not a submission's, and its timer would make the count a race.
 */
const BACKGROUND = [/^select id, boards from board_writes/i, /^delete from "board_writes"/i];

/** The statements sent to scores' database while `run` runs. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const database = new URL(h.env.DATABASE_URL!).pathname.slice(1);
  const sent: string[] = [];
  Client.prototype.query = function (this: PgClient, ...args: unknown[]) {
    const name = label(args);
    if (this.database === database && !BACKGROUND.some((b) => b.test(name))) sent.push(name);
    return query.apply(this, args);
  };
  try {
    await run();
  } finally {
    Client.prototype.query = query;
  }
  return sent;
}

/** A finished game whose session.finished scores has applied (its consumer's statements). */
async function finishedGame(name: string, account?: string): Promise<Game> {
  const consumed = () =>
    h.db('consumed_events').where({ consumer: 'scores-session-finished' }).count({ n: '*' });
  const [before] = await consumed();
  const game = await h.newGame(name, { account, maxMoves: 3 });
  await eventually(
    async () => {
      const [after] = await consumed();
      expect(Number(after!.n)).toBeGreaterThan(Number(before!.n));
    },
    { timeoutMs: 10_000 },
  );
  return game;
}

describe('round trips to PostgreSQL per submission', () => {
  beforeAll(async () => {
    // Once per process: the names table's fill is known, and the week's row is remembered.
    await h.submit(h.submission(await finishedGame('Warm Up')));
  });

  it('a new guest name: 2 (the score with its name and new guest player, a flag since)', async () => {
    const game = await finishedGame('Newcomer Nell');
    const sent = await statementsOf(() => h.submit(h.submission(game)));
    expect(sent).toHaveLength(2);
  });

  it('a returning guest: 2 (the score with its name and guest player, a flag since)', async () => {
    await h.submit(h.submission(await finishedGame('Regular Rita')));
    const game = await finishedGame('Regular Rita');
    const sent = await statementsOf(() => h.submit(h.submission(game)));
    expect(sent).toHaveLength(2);
  });

  it('a signed-in player: 2 (the score with its name, a flag since)', async () => {
    const player = await h.signUp('SignedSam');
    await eventually(
      async () =>
        expect(await h.db('account_names').where({ user_id: player.id }).first()).toBeDefined(),
      { timeoutMs: 10_000 },
    );
    const game = await finishedGame('SignedSam', player.token);
    const sent = await statementsOf(() => player.client.submitScore(h.submission(game)));
    expect(sent).toHaveLength(2);
  });
});
