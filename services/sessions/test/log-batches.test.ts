import { createKnex, type Knex } from '@ballmatch/platform';
import { actionLogBatchSize, createLogBatches } from '../src/store/log-batches';
import { newSession } from './fixtures';
import { startSessions, type SessionsHarness } from './harness';

// The action log's group commit against the service's real database: many actions in flight at
// once share statements, and each still learns exactly whether its place was free.
let svc: SessionsHarness;
let db: Knex;
beforeAll(async () => {
  svc = await startSessions({ RANKED_STARTS_PER_HOUR_PER_ADDRESS: '1000' });
  db = createKnex({ url: svc.env.DATABASE_URL!, schema: 'sessions' });
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
  (await db('game_actions').whereIn('session_id', ids).count<{ n: string }[]>({ n: '*' }))[0]!.n;

describe('the action log in batches', () => {
  it('actions arriving together are all logged, in fewer statements than actions', async () => {
    const ids = await newGames(40);
    const statementsSoFar = async () =>
      (await actionLogBatchSize.get()).values.find((v) => v.metricName?.endsWith('_count'))
        ?.value ?? 0;
    const before = await statementsSoFar();
    const batches = createLogBatches(db);
    const receivedAt = new Date();
    const won = await Promise.all(
      ids.flatMap((id) => [0, 1].map((seq) => batches.append(id, { seq, code: 4, receivedAt }))),
    );
    const statements = (await statementsSoFar()) - before;
    expect(won.every(Boolean)).toBe(true);
    expect(Number(await logged(ids))).toBe(80);
    // The first went alone; those that arrived while it was in flight went together.
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThan(80);
  });

  it('two claims on one place: exactly one wins, even in the same batch', async () => {
    const [id] = await newGames(1);
    const batches = createLogBatches(db);
    const receivedAt = new Date();
    const claims = await Promise.all(
      [4, 8, 4, 12].map((code) => batches.append(id!, { seq: 0, code, receivedAt })),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(Number(await logged([id!]))).toBe(1);
  });

  it("a row that cannot be written fails alone; the batch's other rows are logged", async () => {
    const ids = await newGames(5);
    const gone = ids[2]!;
    await db('sessions').where({ id: gone }).delete(); // its game and log go with it
    const batches = createLogBatches(db);
    const receivedAt = new Date();
    const answers = await Promise.allSettled(
      ids.map((id) => batches.append(id, { seq: 0, code: 4, receivedAt })),
    );
    expect(answers.map((a) => a.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(Number(await logged(ids))).toBe(4);
  });
});
