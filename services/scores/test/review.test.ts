import { humanPace } from '@ballmatch/kit';
import { bearer, createLogger, streamName } from '@ballmatch/platform';
import { eventually } from '@ballmatch/platform/testing';
import { newEvent } from '@ballmatch/proto';
import { createBoardRepairs } from '../src/domain/board-repairs';
import { createReview, REVIEW_MESSAGES } from '../src/domain/review';
import { withBoardScripts } from '../src/store/board-scripts';
import { createBoardWriteStore } from '../src/store/board-writes';
import { createBoardStore } from '../src/store/boards';
import { createReviewStore } from '../src/store/review';
import { createSeasonStore } from '../src/store/seasons';
import { createWeekStore } from '../src/store/weeks';
import { startHarness, type Game, type ScoresHarness } from './harness';
import { flagUntilHeld } from './flagging';
import { openSeason } from './seasons-support';

// Issue 10: a game the server's timing flags, or an admin flags, is held for review: stored,
// but on no board, rank, feed or archive until an admin clears it; then it appears with its
// original time, once. A rejected one never appears. Nothing is banned automatically.

let h: ScoresHarness;
let seasonId = '';
let weekId = '';
beforeAll(async () => {
  // No in-process memo: every read below is what a player would see at once.
  h = await startHarness({ TOP_CACHE_MS: '0' });
  seasonId = (await openSeason(h, 'Review season', '2045-03-01', '2045-04-01')).id;
});
afterAll(() => h.close());
afterEach(() => h.clock.real());

/** Tuesday of the week of Mar 6, 2045: submissions land in that week and in the season. */
const SUBMITTED_AT = '2045-03-07T10:00:00.000Z';
/** The next week: the week of the submission is then an archive week. */
const NEXT_WEEK = '2045-03-14T10:00:00.000Z';

const decode = (data: Uint8Array) =>
  JSON.parse(new TextDecoder().decode(data)) as Record<string, unknown>;

/** Every message a stream holds, once the outbox relay has published everything committed. */
async function published(name: 'SCORES' | 'LEADERBOARD') {
  await eventually(
    async () => expect(await h.db('outbox').count({ n: '*' })).toEqual([{ n: '0' }]),
    { timeoutMs: 10_000 },
  );
  const jsm = await h.bus.connection.jetstreamManager();
  const full = streamName(h.bus.subject(''), name);
  const { state } = await jsm.streams.info(full);
  const out: Record<string, unknown>[] = [];
  for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq++) {
    out.push(decode((await jsm.streams.getMessage(full, { seq })).data));
  }
  return out;
}

/** Where a score shows: every board, every rank, the live feed. */
async function whereShown(scoreId: string, playerName: string) {
  const allTime = (await h.client.topScores({ limit: 100 })).scores.filter((s) => s.id === scoreId);
  const season = (await h.client.seasonTop({ seasonId, limit: 100 })).scores.filter(
    (s) => s.id === scoreId,
  );
  const week = (await h.client.weeklyTop({ weekId, limit: 100 })).rows.filter(
    (r) => r.playerName === playerName,
  );
  const rank = async (read: () => Promise<unknown>) =>
    read().then(
      () => true,
      (error: { code?: string }) => {
        if (error.code !== 'NOT_FOUND') throw error;
        return false;
      },
    );
  const feed = (await published('SCORES')).filter(
    (e) => (e.score as { id: string }).id === scoreId,
  );
  // The boards realtime was told of: those an accepted score's scores.created names, and the
  // leaderboard.updated events of review's transitions.
  const boardEvents = [
    ...feed.flatMap((e) => (e.boards as Record<string, unknown>[] | undefined) ?? []),
    ...(await published('LEADERBOARD'))
      .filter((e) => e.playerName === playerName)
      .map(({ board, boardId }) => (boardId ? { board, boardId } : { board })),
  ];
  return {
    allTime,
    season,
    week,
    ranks: {
      allTime: await rank(() => h.client.allTimeRank({ playerName, radius: 1 })),
      season: await rank(() => h.client.seasonRank({ seasonId, playerName, radius: 1 })),
      week: await rank(() => h.client.weeklyRank({ weekId, playerName, radius: 1 })),
    },
    feed,
    boardEvents,
  };
}

const nowhere = {
  allTime: [],
  season: [],
  week: [],
  ranks: { allTime: false, season: false, week: false },
  feed: [],
  boardEvents: [],
};

/** Shown exactly once everywhere, with its original time. */
function once(score: { id: string; createdAt: string }, game: Game) {
  return {
    allTime: [expect.objectContaining({ id: score.id, createdAt: score.createdAt })],
    season: [expect.objectContaining({ id: score.id, createdAt: score.createdAt })],
    week: [expect.objectContaining({ totalScore: game.score, gamesPlayed: 1 })],
    ranks: { allTime: true, season: true, week: true },
    feed: [
      expect.objectContaining({
        score: expect.objectContaining({ id: score.id, createdAt: score.createdAt }),
      }),
    ],
    boardEvents: expect.arrayContaining([
      expect.objectContaining({ board: 'all-time' }),
      expect.objectContaining({ board: 'weekly', boardId: weekId }),
      expect.objectContaining({ board: 'seasonal', boardId: seasonId }),
    ]),
  };
}

/** Review as the service makes it, on its PostgreSQL and Redis: a consumer's part, run here. */
function reviewOnTheSameStores() {
  const boards = createBoardStore(withBoardScripts(h.redis));
  const logger = createLogger('scores-test', 'silent');
  const writes = createBoardWriteStore(h.db);
  const noop = () => undefined;
  return createReview({
    review: createReviewStore(h.db),
    weeks: createWeekStore(h.db),
    seasons: createSeasonStore(h.db),
    boards,
    repairs: createBoardRepairs({ writes, boards, now: h.clock.now, changed: noop, logger }),
    now: h.clock.now,
    changed: noop,
    wake: noop,
    logger,
  });
}

/** Checks now and after Redis is flushed (the boards, rebuilt from PostgreSQL, agree). */
async function expectShown(scoreId: string, game: Game, expected: object) {
  expect(await whereShown(scoreId, game.playerName)).toEqual(expected);
  await h.flushRedis();
  expect(await whereShown(scoreId, game.playerName)).toEqual(expected);
}

describe('review: suspicious games are held until an admin clears them', () => {
  it.each([
    ['played at 20 ms a move', 'Bot Fast', () => 20, false],
    ['played at a constant pace', 'Bot Steady', () => 500, false],
    ['flagged by an admin', 'Flagged Ann', humanPace(7), true],
  ])(
    'a game %s is held: on no board, rank, feed or archive; cleared, it appears once with its original time',
    async (_label, playerName, gapMs, adminFlag) => {
      h.clock.set(SUBMITTED_AT);
      const game = await h.newGame(playerName, { gapMs });
      if (adminFlag) {
        // After the game ended (its signed result says nothing of it): scores hears the flag
        // (session.flagged) and holds the game's score when it comes.
        await h.sessionsAdmin.flagSession({ id: game.sessionId, reason: 'Seed shopping' });
        await eventually(
          async () =>
            expect(
              await h.db('flagged_sessions').where({ session_id: game.sessionId }).first(),
            ).toBeDefined(),
          { timeoutMs: 10_000 },
        );
      }
      weekId = (await h.client.activeWeek({})).week!.id;
      const answer = await h.submitScore(h.submission(game));
      expect(answer).toEqual({
        score: expect.objectContaining({ score: game.score, createdAt: SUBMITTED_AT }),
        reviewState: 'held',
        message: REVIEW_MESSAGES.held,
      });
      const score = answer.score!;
      // A retry answers the same.
      expect(await h.submitScore(h.submission(game))).toEqual(answer);
      await expectShown(score.id, game, nowhere);

      // A week later the week is an archive week: still nowhere.
      h.clock.set(NEXT_WEEK);
      await expectShown(score.id, game, nowhere);
      const held = (await h.admin.listHeldScores({ state: '', limit: 0 })).scores;
      expect(held).toContainEqual(
        expect.objectContaining({
          score,
          sessionId: game.sessionId,
          reviewState: 'held',
          heldAt: SUBMITTED_AT,
          heldReason: adminFlag
            ? expect.stringMatching(/flagged/i)
            : expect.stringMatching(/flagged|timing/i),
        }),
      );

      // Cleared: in its own week (now the archive), its season and its all-time place.
      const cleared = (await h.admin.clearScore({ scoreId: score.id, reason: 'Looked human' }))
        .score!;
      expect(cleared).toMatchObject({
        score,
        reviewState: 'cleared',
        reviewReason: 'Looked human',
      });
      await expectShown(score.id, game, once(score, game));
      // Clearing twice changes nothing: still once, audited once.
      expect((await h.admin.clearScore({ scoreId: score.id, reason: 'again' })).score).toEqual(
        cleared,
      );
      await expectShown(score.id, game, once(score, game));
      const audit = (await h.admin.listAudit({ limit: 100 })).entries.filter(
        (e) => e.target === score.id,
      );
      expect(audit.map((e) => e.action)).toEqual(['score.clear']);
      expect((await h.submitScore(h.submission(game))).reviewState).toBe('cleared');
    },
  );

  it('an admin flag after the score was accepted holds it (session.flagged); cleared, it is back once', async () => {
    h.clock.set(SUBMITTED_AT);
    const game = await h.newGame('Late Flag');
    weekId = (await h.client.activeWeek({})).week!.id;
    const answer = await h.submitScore(h.submission(game));
    expect(answer.reviewState).toBe('accepted');
    const score = answer.score!;
    await expectShown(score.id, game, once(score, game));

    await flagUntilHeld(h, game.sessionId, score.id);
    const taken = await whereShown(score.id, game.playerName);
    expect(taken).toMatchObject({ ...nowhere, feed: taken.feed, boardEvents: taken.boardEvents });
    await h.flushRedis();
    expect(await whereShown(score.id, game.playerName)).toMatchObject({
      allTime: [],
      season: [],
      week: [],
      ranks: nowhere.ranks,
    });
    expect((await h.submitScore(h.submission(game))).reviewState).toBe('held');
    expect((await h.admin.listHeldScores({ state: 'held', limit: 100 })).scores).toContainEqual(
      expect.objectContaining({
        score,
        heldReason: 'Flagged by admin: Reported by players',
      }),
    );

    await h.admin.clearScore({ scoreId: score.id, reason: '' });
    // Back once; the feed announced it when it was first accepted, and not again.
    await expectShown(score.id, game, once(score, game));
    const actions = (await h.admin.listAudit({ limit: 100 })).entries
      .filter((e) => e.target === score.id)
      .map((e) => e.action);
    expect(actions).toEqual(['score.clear', 'score.hold']);
  });

  it('a flag committed after the score was stored and checked again still holds it', async () => {
    h.clock.set(SUBMITTED_AT);
    const game = await h.newGame('Racing Flag');
    weekId = (await h.client.activeWeek({})).week!.id;
    const flag = newEvent('sessionFlagged', {
      sessionId: game.sessionId,
      playerName: game.playerName,
      source: 'admin',
      type: 'ADMIN_FLAG',
      details: 'Reported by players',
    });
    // session.flagged's transaction, as its consumer runs it (here, on its own review): the
    // flag is recorded and there is no score to hold yet. Before it commits, the submission
    // stores the score and checks for a flag after its own commit: it sees none.
    const review = reviewOnTheSameStores();
    let after: (() => Promise<void>) | undefined;
    await h.db.transaction(async (trx) => {
      after = await review.sessionFlagged(trx, flag);
      expect((await h.submitScore(h.submission(game))).reviewState).toBe('accepted');
    });
    await after?.();
    const [row] = await h.db('scores').where({ session_id: game.sessionId });
    expect(row).toMatchObject({
      review_state: 'held',
      held_reason: 'Flagged by admin: Reported by players',
    });
    const shown = await whereShown(row.id, game.playerName);
    expect(shown).toMatchObject({ allTime: [], season: [], week: [], ranks: nowhere.ranks });
  });

  it('a rejected score never appears; it cannot be cleared; nothing is banned automatically', async () => {
    h.clock.set(SUBMITTED_AT);
    const game = await h.newGame('Bot Rejected', { gapMs: () => 20 });
    weekId = (await h.client.activeWeek({})).week!.id;
    const score = (await h.submitScore(h.submission(game))).score!;
    await expect(h.admin.rejectScore({ scoreId: score.id, reason: ' ' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'A reason is required',
    });
    const rejected = (await h.admin.rejectScore({ scoreId: score.id, reason: 'A bot' })).score!;
    expect(rejected).toMatchObject({ reviewState: 'rejected', reviewReason: 'A bot' });
    expect((await h.admin.rejectScore({ scoreId: score.id, reason: 'again' })).score).toEqual(
      rejected,
    );
    await expect(h.admin.clearScore({ scoreId: score.id, reason: '' })).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
      message: 'This score was rejected: it stays off the boards',
    });
    await expectShown(score.id, game, nowhere);
    expect(await h.submitScore(h.submission(game))).toMatchObject({
      reviewState: 'rejected',
      message: REVIEW_MESSAGES.rejected,
    });
    expect((await h.admin.listHeldScores({ state: 'rejected', limit: 10 })).scores).toEqual([
      expect.objectContaining({ score, reviewState: 'rejected' }),
    ]);
    expect((await h.admin.listBannedPlayers({})).players).toEqual([]);

    // Only held scores are reviewed: an accepted one is voided instead.
    const fair = await h.submit(h.submission(await h.newGame('Fair Play')));
    await expect(h.admin.clearScore({ scoreId: fair.id, reason: '' })).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
      message: 'This score is not held for review',
    });
    await expect(h.admin.rejectScore({ scoreId: fair.id, reason: 'x' })).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
    });
    await expect(
      h.admin.clearScore({ scoreId: '00000000-0000-4000-8000-000000000000', reason: '' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Score not found' });
    await expect(h.admin.listHeldScores({ state: 'odd', limit: 0 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });

  it('review is for admins only', async () => {
    const player = h.adminClientAs(bearer(h.playerToken));
    for (const call of [
      () => player.listHeldScores({ state: '', limit: 0 }),
      () => player.clearScore({ scoreId: 'x', reason: '' }),
      () => player.rejectScore({ scoreId: 'x', reason: 'x' }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    }
  });
});
