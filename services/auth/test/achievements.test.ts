import { randomUUID } from 'node:crypto';
import { bearer, createGrpcClient, streamName } from '@ballmatch/platform';
import { eventually, perFile } from '@ballmatch/platform/testing';
import { authV1, newEvent } from '@ballmatch/proto';
import { badgesEarned, BADGES } from '../src/domain/badges';
import { startAuth } from './harness';
import { registrations } from './registrations';

// Achievements are awarded by auth from verified scores only (scores.created), once per player
// and badge, however often an event is delivered; guests and accounts that are not players'
// win nothing; each award is announced once (achievement.awarded).

const opened: { close(): void }[] = [];
afterAll(() => opened.forEach((c) => c.close()));
const h = perFile(() => startAuth({ ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'admin-password-1' }));

const badger = registrations('badger', (n) => `Badger${n}`);
async function player() {
  const { user, token } = await h.client.register(badger());
  const badges = createGrpcClient(
    authV1.AchievementServiceClient,
    authV1.AchievementServiceService,
    `127.0.0.1:${h.running.port}`,
    { serviceLabel: 'auth', defaultTimeoutMs: 5000, authorization: bearer(token) },
  );
  opened.push(badges);
  return { id: user!.id, badges };
}

interface Game {
  userId?: string;
  scoreId?: string;
  score?: number;
  level?: number;
  largestRun?: number;
  weeklyRank?: number;
  seasonId?: string;
}

/**
 * A scores.created as the scores service writes it: the one event of an accepted score, with
 * the boards it landed on (its season's too, in a season).
 */
const scoreCreated = (game: Game, weekId: string = randomUUID()) =>
  newEvent('scoreCreated', {
    score: {
      id: game.scoreId ?? randomUUID(),
      playerName: 'Badger',
      score: game.score ?? 100,
      level: game.level ?? 1,
      createdAt: new Date().toISOString(),
    },
    userId: game.userId,
    largestRun: game.largestRun ?? 3,
    weekId,
    seasonId: game.seasonId,
    weeklyRank: game.weeklyRank,
    boards: [
      { board: 'all-time' },
      { board: 'weekly', boardId: weekId },
      ...(game.seasonId ? [{ board: 'seasonal', boardId: game.seasonId }] : []),
    ],
  });

/** Publishes to JetStream as the relay does, but without its de-duplicating message id. */
async function deliver(event: ReturnType<typeof scoreCreated>) {
  await h.bus.connection
    .jetstream()
    .publish(h.bus.subject(event.subject), new TextEncoder().encode(JSON.stringify(event.payload)));
}

/** Once the consumer has applied this event (and so every one delivered before it). */
const applied = (event: { id: string }) =>
  eventually(
    async () => expect(await h.db('consumed_events').where({ event_id: event.id })).toHaveLength(1),
    { timeoutMs: 10_000 },
  );

async function wonBy(userId: string) {
  return (await h.db('achievements').where({ user_id: userId }).orderBy('badge')).map(
    (r: { badge: string }) => r.badge,
  );
}

/** The achievement.awarded events published so far, for one player. */
async function announced(userId: string) {
  const jsm = await h.bus.connection.jetstreamManager();
  const full = streamName(h.bus.subject(''), 'ACHIEVEMENTS');
  const out: Record<string, unknown>[] = [];
  await eventually(
    async () => expect(await h.db('outbox').count({ n: '*' })).toEqual([{ n: '0' }]),
    { timeoutMs: 10_000 },
  );
  const { state } = await jsm.streams.info(full);
  for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq++) {
    const msg = await jsm.streams.getMessage(full, { seq });
    const payload = JSON.parse(new TextDecoder().decode(msg.data)) as Record<string, unknown>;
    if (payload.userId === userId) out.push(payload);
  }
  return out;
}

describe('badges', () => {
  it('are judged on the game and the record including it', () => {
    const ids = (game: Parameters<typeof badgesEarned>[0]) => badgesEarned(game).map((b) => b.id);
    const first = { score: 999, level: 4, largestRun: 4, games: 1, seasons: 0 };
    expect(ids(first)).toEqual(['first_game']);
    expect(
      ids({ score: 10_000, level: 10, largestRun: 6, weeklyRank: 1, games: 50, seasons: 3 }),
    ).toEqual(BADGES.map((b) => b.id));
    expect(ids({ ...first, score: 5000, largestRun: 5, weeklyRank: 10, seasons: 1 })).toEqual([
      'first_game',
      'score_1000',
      'score_5000',
      'run_5',
      'weekly_top_10',
      'season_player',
    ]);
    expect(ids({ ...first, games: 10, level: 5, weeklyRank: 11 })).toEqual([
      'first_game',
      'games_10',
      'level_5',
    ]);
  });
});

describe('awarding from scores.created', () => {
  it('awards a verified game once, even when its event comes twice or its score comes again', async () => {
    const p = await player();
    const game = scoreCreated({
      userId: p.id,
      score: 1500,
      level: 5,
      largestRun: 5,
      weeklyRank: 3,
    });
    await deliver(game);
    await deliver(game); // a redelivery: the same event id
    // The same score under another event id (a re-publication past the duplicate window).
    const copy = { ...game, id: randomUUID() };
    copy.payload = { ...game.payload, id: copy.id };
    await deliver(copy);
    await applied(copy);

    const first = ['first_game', 'level_5', 'run_5', 'score_1000', 'weekly_top_10'];
    expect(await wonBy(p.id)).toEqual(first);
    expect(await h.db('player_games').where({ user_id: p.id })).toHaveLength(1);
    const events = await announced(p.id);
    expect(events.map((e) => e.badge).sort()).toEqual(first);
    expect(events[0]).toMatchObject({
      userId: p.id,
      name: expect.any(String),
      description: expect.any(String),
      awardedAt: expect.any(String),
    });

    // The next game counts; badges already won are not won again.
    const next = scoreCreated({ userId: p.id, score: 6000, level: 5, weeklyRank: 1 });
    await deliver(next);
    await deliver(next);
    await applied(next);
    expect(await wonBy(p.id)).toEqual(
      [...first, 'score_5000', 'weekly_leader'].sort((a, b) => a.localeCompare(b)),
    );
    expect((await announced(p.id)).map((e) => e.badge).sort()).toEqual(
      [...first, 'score_5000', 'weekly_leader'].sort(),
    );

    const listed = (await p.badges.listAchievements({})).achievements;
    expect(listed.map((b) => b.id)).toEqual(BADGES.map((b) => b.id));
    const firstGame = listed.find((b) => b.id === 'first_game')!;
    expect(firstGame).toMatchObject({ name: 'First Game', awardedAt: expect.any(String) });
    expect(listed.find((b) => b.id === 'score_10000')!.awardedAt).toBeUndefined();
    expect(listed.filter((b) => b.awardedAt)).toHaveLength(7);
  });

  it('counts games and seasons across games', async () => {
    const p = await player();
    const seasons = [randomUUID(), randomUUID(), randomUUID()];
    let last = scoreCreated({ userId: p.id });
    for (let i = 0; i < 10; i++) {
      last = scoreCreated({ userId: p.id, seasonId: seasons[i % 3] });
      await deliver(last);
    }
    await applied(last);
    expect(await wonBy(p.id)).toEqual(['first_game', 'games_10', 'season_player', 'seasons_3']);
  });

  it("awards nothing for a guest's score, an unknown account or an admin", async () => {
    const admin = (await h.db('users').where({ type: 'admin' }).first('id')) as { id: string };
    const games = [
      scoreCreated({ score: 20_000, level: 12 }),
      scoreCreated({ userId: randomUUID(), score: 20_000 }),
      scoreCreated({ userId: admin.id, score: 20_000 }),
      scoreCreated({ userId: 'not-a-uuid', score: 20_000 }),
    ];
    for (const game of games) await deliver(game);
    // Events are applied in order: once a player's later score is, the ones before it were.
    const later = scoreCreated({ userId: (await player()).id });
    await deliver(later);
    await applied(later);
    const scoreIds = games.map((g) => (g.payload.score as { id: string }).id);
    expect(await h.db('player_games').whereIn('score_id', scoreIds)).toEqual([]);
    expect(await h.db('achievements').whereIn('score_id', scoreIds)).toEqual([]);
    // A guest's score or one without a usable account is not even a transaction: no id kept.
    const ids = games.map((g) => g.id);
    expect(await h.db('consumed_events').whereIn('event_id', [ids[0], ids[3]])).toEqual([]);
    expect(await h.db('consumed_events').whereIn('event_id', [ids[1], ids[2]])).toHaveLength(2);
  });

  it('answers a signed-in player only', async () => {
    const guest = createGrpcClient(
      authV1.AchievementServiceClient,
      authV1.AchievementServiceService,
      `127.0.0.1:${h.running.port}`,
      { serviceLabel: 'auth', defaultTimeoutMs: 5000 },
    );
    opened.push(guest);
    await expect(guest.listAchievements({})).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
