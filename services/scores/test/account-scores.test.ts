// A signed-in player's own games and standing (MyScoresService), and what a deleted account's
// `user.deleted` does to its scores: nothing, or every one voided when the player asked, once.
import { bearer, createGrpcClient, type AsyncClient } from '@ballmatch/platform';
import { eventually, perFile } from '@ballmatch/platform/testing';
import { authV1, scoresV1 } from '@ballmatch/proto';
import { ACCOUNT_DELETED_REASON } from '../src/domain/moderation';
import { ALL_TIME, boardKeys } from '../src/store/boards';
import { startHarness } from './harness';

const WAIT = { timeoutMs: 15_000 };
const PASSWORD = 'correct horse battery';

const opened: { close(): void }[] = [];
afterAll(() => opened.forEach((c) => c.close()));
const h = perFile(startHarness);
// Each test's scores clock is held where it starts: the week a score counts in and the one
// read as active are then one week, even when a Monday 00:00 UTC comes between them.
beforeEach(() => h.clock.set(Date.now()));
afterEach(() => h.clock.real());

function clientAs<C extends { close(): void }>(
  make: (authorization: string) => C,
  token: string,
): C {
  const client = make(bearer(token));
  opened.push(client);
  return client;
}

let accounts = 0;
/** A registered player, signed in to scores (both services) and to their auth account. */
async function player(username: string) {
  accounts += 1;
  const { user, token } = await h.auth.register({
    username,
    email: `mine${accounts}@example.com`,
    password: PASSWORD,
    evmWallet: '',
  });
  const scores = `127.0.0.1:${h.env.GRPC_PORT}`;
  const options = (authorization: string) => ({
    serviceLabel: 'scores',
    defaultTimeoutMs: 10_000,
    authorization,
  });
  const submitter: AsyncClient<scoresV1.ScoreServiceClient> = clientAs(
    (a) =>
      createGrpcClient(
        scoresV1.ScoreServiceClient,
        scoresV1.ScoreServiceService,
        scores,
        options(a),
      ),
    token,
  );
  const mine: AsyncClient<scoresV1.MyScoresServiceClient> = clientAs(
    (a) =>
      createGrpcClient(
        scoresV1.MyScoresServiceClient,
        scoresV1.MyScoresServiceService,
        scores,
        options(a),
      ),
    token,
  );
  const account: AsyncClient<authV1.AccountServiceClient> = clientAs(
    (a) =>
      createGrpcClient(
        authV1.AccountServiceClient,
        authV1.AccountServiceService,
        h.env.AUTH_ADDR!,
        { ...options(a), serviceLabel: 'auth' },
      ),
    token,
  );
  /** A game played and submitted signed in, under the username. */
  const play = async () => {
    const game = await h.newGame(username);
    return (await submitter.submitScore(h.submission(game), { sessionCredential: game.credential }))
      .score!;
  };
  const leave = (removeScores: boolean) =>
    account.deleteAccount({ confirmUsername: username, currentPassword: PASSWORD, removeScores });
  return { id: user!.id, mine, play, leave };
}

async function activeWeekRows() {
  const week = (await h.client.activeWeek({})).week!;
  return (await h.client.weeklyTop({ weekId: week.id, limit: 100 })).rows;
}

const allTimeIds = async () => (await h.client.topScores({ limit: 100 })).scores.map((s) => s.id);

describe('MyScoresService', () => {
  it("lists the caller's own games newest first, in pages, and nobody else's", async () => {
    const ann = await player('Annika');
    const played = [await ann.play(), await ann.play(), await ann.play()];
    await h.submit(h.submission(await h.newGame('Stranger')));

    const all = await ann.mine.listMyScores({ limit: 0, offset: 0, page: 0 });
    expect(all.total).toBe(3);
    expect(all.scores.map((s) => s.score!.id)).toEqual(played.map((s) => s.id).reverse());
    expect(all.scores[0]).toMatchObject({
      reviewState: 'accepted',
      voidedAt: '',
      reset: false,
      weekId: (await h.client.activeWeek({})).week!.id,
    });
    const page = await ann.mine.listMyScores({ limit: 2, offset: 2, page: 0 });
    expect(page).toMatchObject({ total: 3, scores: [{ score: { id: played[0]!.id } }] });
    // By page: the same window, with its figures.
    expect(await ann.mine.listMyScores({ limit: 2, offset: 0, page: 2 })).toEqual({
      total: 3,
      scores: [expect.objectContaining({ score: expect.objectContaining({ id: played[0]!.id }) })],
      pagination: {
        currentPage: 2,
        totalPages: 2,
        total: 3,
        hasNextPage: false,
        hasPrevPage: true,
      },
    });
  });

  it('gives the best game with its all-time rank and the week row with its rank', async () => {
    const bo = await player('Bodil');
    const played = [await bo.play(), await bo.play()];
    const best = played.reduce((a, b) => (b.score > a.score ? b : a));

    const standing = await bo.mine.getMyStanding({});
    const top = await allTimeIds();
    const rows = await activeWeekRows();
    expect(standing).toMatchObject({
      gamesOnBoards: 2,
      best: { id: best.id, score: best.score },
      allTimeRank: top.indexOf(best.id) + 1,
      week: { isActive: true },
      weekly: { playerName: 'Bodil', gamesPlayed: 2 },
      weeklyRank: rows.findIndex((r) => r.playerName === 'Bodil') + 1,
    });
  });

  it('answers 503, not a 500, while the ranks in Redis cannot be read', async () => {
    const di = await player('Dinah');
    await di.play();
    await h.flushRedis();
    await h.redis.set(boardKeys(ALL_TIME).z, 'not a sorted set');
    await h.redis.set(boardKeys(ALL_TIME).built, '1');
    await expect(di.mine.getMyStanding({})).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: 'Ranks are unavailable right now. Please try again shortly.',
    });
    await h.flushRedis();
  });

  it('answers an empty standing for a player with no games', async () => {
    const cy = await player('Cyrano');
    await expect(cy.mine.getMyStanding({})).resolves.toMatchObject({
      gamesOnBoards: 0,
      best: undefined,
      allTimeRank: 0,
      weekly: undefined,
      weeklyRank: 0,
    });
    await expect(cy.mine.listMyScores({ limit: 5, offset: 0, page: 0 })).resolves.toEqual({
      scores: [],
      total: 0,
    });
  });

  it('refuses a guest and a bad offset', async () => {
    const guest = createGrpcClient(
      scoresV1.MyScoresServiceClient,
      scoresV1.MyScoresServiceService,
      `127.0.0.1:${h.env.GRPC_PORT}`,
      { serviceLabel: 'scores', defaultTimeoutMs: 10_000 },
    );
    opened.push(guest);
    await expect(guest.getMyStanding({})).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(guest.listMyScores({ limit: 1, offset: 0, page: 0 })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    const dee = await player('Deirdre');
    await expect(dee.mine.listMyScores({ limit: 1, offset: -1, page: 0 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      details: { field: 'offset' },
    });
  });
});

describe('user.deleted', () => {
  it('leaves the scores on the boards under the name when the player keeps them', async () => {
    const ed = await player('Edvard');
    const score = await ed.play();
    await ed.leave(false);
    // The event was applied (its id recorded) and changed nothing.
    await eventually(async () => {
      const consumed = await h.db('consumed_events').where({ consumer: 'scores-user-deleted' });
      expect(consumed.length).toBeGreaterThan(0);
    }, WAIT);
    expect(await allTimeIds()).toContain(score.id);
    expect((await activeWeekRows()).map((r) => r.playerName)).toContain('Edvard');
  });

  it('voids every score of the account when asked, once, even if the event comes again', async () => {
    const fay = await player('Fayola');
    const played = [await fay.play(), await fay.play()];
    const guest = await h.submit(h.submission(await h.newGame('Bystander')));
    await fay.leave(true);

    await eventually(async () => {
      const ids = await allTimeIds();
      expect(ids).not.toContain(played[0]!.id);
      expect(ids).not.toContain(played[1]!.id);
    }, WAIT);
    expect(await allTimeIds()).toContain(guest.id);
    expect((await activeWeekRows()).map((r) => r.playerName)).not.toContain('Fayola');
    const stored = await h.db('scores').whereIn(
      'id',
      played.map((s) => s.id),
    );
    expect(stored.map((s) => [s.void_reason, s.voided_by])).toEqual([
      [ACCOUNT_DELETED_REASON, fay.id],
      [ACCOUNT_DELETED_REASON, fay.id],
    ]);

    // The same deletion announced again (a new id, past the duplicate window) voids nothing.
    const again = {
      id: '00000000-0000-4000-8000-00000000f00d',
      occurredAt: new Date().toISOString(),
      userId: fay.id,
      username: 'Fayola',
      removeScores: true,
    };
    h.bus.publish('user.deleted', again);
    await eventually(async () => {
      const seen = await h.db('consumed_events').where({ event_id: again.id });
      expect(seen).toHaveLength(1);
    }, WAIT);
    const audits = await h.db('audit_log').where({
      action: 'player.scores_void',
      target: `user:${fay.id}`,
    });
    expect(audits).toHaveLength(1);
    expect(audits[0].details).toEqual({ scores: 2 });
  });
});
