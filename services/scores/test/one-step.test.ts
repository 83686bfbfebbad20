import { generateKeyPairSync } from 'node:crypto';
import { loadServicePublicKeys, signGameResult, verifyGameResult } from '@ballmatch/platform';
import type { scoresV1 } from '@ballmatch/proto';
import { startHarness, type Game, type ScoresHarness } from './harness';
import { seasonNow } from './seasons-support';

// Issue 21: a finished game becomes a score in one step. The page sends the game's result as
// sessions signed it; scores checks it with sessions' public key and stores the score on every
// board with one event, asking neither sessions nor auth.

let h: ScoresHarness;
let season: scoresV1.Season;
beforeAll(async () => {
  // The events stay in the outbox, so the test reads what each submission wrote.
  h = await startHarness({ OUTBOX_RELAY: 'off' });
  season = await seasonNow(h, 'One step', 60_000);
});
afterAll(() => h.close());
// Each test's scores clock is held where it starts: the week a score counts in and the one
// read as active are then one week, even when a Monday 00:00 UTC comes between them.
beforeEach(() => h.clock.set(Date.now()));
afterEach(() => h.clock.real());

const keyDir = () => h.env.JWT_DEV_KEY_DIR!;
const claimsOf = (game: Game) =>
  verifyGameResult(
    game.result,
    loadServicePublicKeys('sessions', undefined, keyDir()),
    h.sessionsClock.now(),
  );

/** The outbox rows written for this score (its id in the payload). */
async function eventsOf(scoreId: string) {
  const rows = (await h.db('outbox').select('subject', 'payload')) as {
    subject: string;
    payload: { score?: { id: string }; playerName?: string };
  }[];
  return rows.filter((r) => r.payload.score?.id === scoreId);
}

describe('one-step submission: the signed result is the proof', () => {
  it('asks neither sessions nor auth: both stopped, the score lands on every board with one event', async () => {
    const game = await h.newGame('Solo');
    const week = (await h.client.activeWeek({})).week!;
    await h.stopSessions();
    await h.stopAuth();
    let answer: scoresV1.SubmitScoreResponse;
    try {
      // No credential either: a guest's result is its own proof.
      answer = await h.client.submitScore(h.submission(game));
    } finally {
      await h.restartSessions();
      await h.restartAuth();
    }
    expect(answer).toMatchObject({
      reviewState: 'accepted',
      score: { playerName: 'Solo', score: game.score, level: game.level, moves: game.moves },
    });
    const id = answer.score!.id;
    expect((await h.client.topScores({ limit: 100 })).scores.map((s) => s.id)).toContain(id);
    expect((await h.client.seasonTop({ seasonId: season.id, limit: 100 })).scores).toContainEqual(
      answer.score,
    );
    const weekly = await h.client.weeklyTop({ weekId: week.id, limit: 100 });
    expect(weekly.rows.find((r) => r.playerName === 'Solo')).toMatchObject({
      totalScore: game.score,
      gamesPlayed: 1,
    });
    // One event: scores.created, naming each board it landed on.
    const events = await eventsOf(id);
    expect(events).toEqual([
      {
        subject: 'scores.created',
        payload: expect.objectContaining({
          seasonId: season.id,
          weekId: week.id,
          largestRun: (await claimsOf(game)).largestRun,
          boards: [
            { board: 'all-time' },
            { board: 'weekly', boardId: week.id },
            { board: 'seasonal', boardId: season.id },
          ],
        }),
      },
    ]);
    const all = (await h.db('outbox').select('subject', 'payload')) as {
      subject: string;
      payload: { playerName?: string };
    }[];
    expect(all.filter((r) => r.payload.playerName === 'Solo')).toEqual([]);
  });

  it('a retry, and the weekly and seasonal routes after it, answer the stored score: one row, one event', async () => {
    const game = await h.newGame('Routed');
    const first = await h.submitScore(h.submission(game));
    // The page's retry; other clients' weekly and seasonal calls, with the result or without
    // (then with the session's credential, read from sessions as before).
    const again = [
      await h.submitScore(h.submission(game)),
      await h.submitScore(h.submission(game, { seasonId: season.id })),
      await h.submitScore(h.submission(game, { result: '' })),
      await h.submitScore(h.submission(game, { result: '', seasonId: season.id })),
    ];
    for (const answer of again) expect(answer).toEqual(first);
    expect(await h.db('scores').where({ session_id: game.sessionId }).count({ n: '*' })).toEqual([
      { n: '1' },
    ]);
    const week = (await h.client.activeWeek({})).week!;
    const weekly = await h.client.weeklyTop({ weekId: week.id, limit: 100 });
    expect(weekly.rows.find((r) => r.playerName === 'Routed')).toMatchObject({ gamesPlayed: 1 });
    expect(await eventsOf(first.score!.id)).toHaveLength(1);
  });

  it('refuses a forged, an altered or an expired result (4xx), and stores nothing', async () => {
    const game = await h.newGame('Forger');
    const claims = await claimsOf(game);
    const forged = await signGameResult(generateKeyPairSync('ed25519').privateKey, claims);
    const [header, payload, signature] = game.result.split('.');
    const raised = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        score: claims.score + 1000,
      }),
    ).toString('base64url');
    const notOurs = { code: 'INVALID_ARGUMENT', details: { field: 'result' } };
    await expect(h.submit(h.submission(game, { result: forged }))).rejects.toMatchObject(notOurs);
    await expect(
      h.submit(
        h.submission(game, {
          result: `${header}.${raised}.${signature}`,
          score: game.score + 1000,
        }),
      ),
    ).rejects.toMatchObject(notOurs);
    await expect(h.submit(h.submission(game, { result: 'junk' }))).rejects.toMatchObject(notOurs);
    // Eight days after the game ended (scores' clock): too late.
    h.clock.set(claims.finishedAt.getTime() + 8 * 86_400_000);
    await expect(h.submit(h.submission(game))).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
      details: { field: 'result' },
    });
    h.clock.real();
    expect(await h.db('scores').where({ session_id: game.sessionId })).toEqual([]);
    // Another session's result does not stand for this one.
    const other = await h.newGame('Forger');
    await expect(h.submit(h.submission(game, { result: other.result }))).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      details: { field: 'result' },
    });
  });

  it('answers a retry of a stored score as the first time, even once its result has expired', async () => {
    const game = await h.newGame('Late Retry');
    const first = await h.submitScore(h.submission(game));
    h.clock.set((await claimsOf(game)).finishedAt.getTime() + 8 * 86_400_000);
    expect(await h.submitScore(h.submission(game))).toEqual(first);
  });

  it("refuses figures other than the result's, saying what disagreed (422)", async () => {
    const game = await h.newGame('Claimer');
    const refused = (field: string, message: string) => ({
      code: 'FAILED_PRECONDITION',
      message: `Score does not match the game: ${message}`,
      details: { field },
    });
    await expect(h.submit(h.submission(game, { score: game.score + 1 }))).rejects.toMatchObject(
      refused('score', `claimed ${game.score + 1} points, the game scored ${game.score}`),
    );
    await expect(h.submit(h.submission(game, { level: game.level + 1 }))).rejects.toMatchObject(
      refused('level', `claimed level ${game.level + 1}, the game reached level ${game.level}`),
    );
    await expect(h.submit(h.submission(game, { moves: game.moves + 1 }))).rejects.toMatchObject(
      refused('moves', `claimed ${game.moves + 1} moves, the game made ${game.moves}`),
    );
    await expect(h.submit(h.submission(game, { moves: undefined }))).resolves.toMatchObject({
      score: game.score,
    });
  });

  it("takes a signed-in player's result from that account only", async () => {
    const ann = await h.signUp('AnnOneStep');
    const bob = await h.signUp('BobOneStep');
    const game = await h.newGame('AnnOneStep', { account: ann.token });
    expect((await claimsOf(game)).userId).toBe(ann.id);
    const denied = {
      code: 'PERMISSION_DENIED',
      message: 'This session belongs to another player',
      details: { field: 'result' },
    };
    // A guest, or another account, holding her result (and even her session's credential).
    await expect(h.submit(h.submission(game))).rejects.toMatchObject(denied);
    await expect(
      bob.client.submitScore(h.submission(game, { playerName: 'BobOneStep' }), {
        sessionCredential: game.credential,
      }),
    ).rejects.toMatchObject(denied);
    const stored = await ann.client.submitScore(h.submission(game));
    expect(stored).toMatchObject({ reviewState: 'accepted', score: { playerName: 'AnnOneStep' } });
    // Once stored, the others still learn nothing of it.
    await expect(
      bob.client.submitScore(h.submission(game, { playerName: 'BobOneStep' })),
    ).rejects.toMatchObject(denied);
    const [row] = await h.db('scores').where({ session_id: game.sessionId });
    expect(row).toMatchObject({ user_id: ann.id, player_key: `user:${ann.id}` });
  });

  it('holds a result sessions signed as suspicious for review: on no board, no event', async () => {
    const game = await h.newGame('Quick Bot', { gapMs: () => 20 });
    expect((await claimsOf(game)).suspicious).toBe(true);
    const answer = await h.submitScore(h.submission(game));
    expect(answer).toMatchObject({
      reviewState: 'held',
      message: expect.stringContaining('under review'),
    });
    expect(await eventsOf(answer.score!.id)).toEqual([]);
    expect((await h.client.topScores({ limit: 100 })).scores.map((s) => s.id)).not.toContain(
      answer.score!.id,
    );
  });
});
