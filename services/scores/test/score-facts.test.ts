import { bearer, createGrpcClient, streamName, type AsyncClient } from '@ballmatch/platform';
import { eventually } from '@ballmatch/platform/testing';
import { scoresV1 } from '@ballmatch/proto';
import { startHarness, type Game, type ScoresHarness } from './harness';
import { seasonNow } from './seasons-support';

// Achievements (auth) are awarded from scores.created alone: beyond the live feed's snapshot it
// says whose account scored (none for a guest), the game's largest run, its week and season,
// and the player's place on the week's board when in the top 10.

let h: ScoresHarness;
let signedIn: AsyncClient<scoresV1.ScoreServiceClient>;
let seasonId = '';
beforeAll(async () => {
  h = await startHarness();
  signedIn = createGrpcClient(
    scoresV1.ScoreServiceClient,
    scoresV1.ScoreServiceService,
    `127.0.0.1:${h.env.GRPC_PORT}`,
    { serviceLabel: 'scores', defaultTimeoutMs: 10_000, authorization: bearer(h.playerToken) },
  );
  seasonId = (await seasonNow(h, 'Facts season')).id;
});
afterAll(async () => {
  signedIn.close();
  await h.close();
});
// Each test's scores clock is held where it starts: the week a score counts in and the one
// read as active are then one week, even when a Monday 00:00 UTC comes between them.
beforeEach(() => h.clock.set(Date.now()));
afterEach(() => h.clock.real());

/** The player token's account. */
const accountId = () =>
  (JSON.parse(Buffer.from(h.playerToken.split('.')[1]!, 'base64url').toString()) as { sub: string })
    .sub;

type Created = {
  score: { id: string };
  userId?: string;
  largestRun?: number;
  weekId?: string;
  seasonId?: string;
  weeklyRank?: number;
};

/** scores.created of this score, once relayed. */
async function createdEvent(scoreId: string): Promise<Created> {
  const jsm = await h.bus.connection.jetstreamManager();
  const full = streamName(h.bus.subject(''), 'SCORES');
  return eventually(
    async () => {
      const { state } = await jsm.streams.info(full);
      for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq++) {
        const msg = await jsm.streams.getMessage(full, { seq });
        const payload = JSON.parse(new TextDecoder().decode(msg.data)) as Created;
        if (payload.score.id === scoreId) return payload;
      }
      throw new Error('not relayed yet');
    },
    { timeoutMs: 10_000 },
  );
}

const submitSignedIn = async (game: Game) =>
  (await signedIn.submitScore(h.submission(game), { sessionCredential: game.credential })).score!;

it("carries the player's account, largest run, week, season and weekly place", async () => {
  const week = (await h.client.activeWeek({})).week!;
  const guest = await h.submit(h.submission(await h.newGame('Facts Guest')));
  const game = await h.newGame('Facts Player');
  const score = await submitSignedIn(game);

  const rows = (await h.client.weeklyTop({ weekId: week.id, limit: 10 })).rows;
  const place = rows.findIndex((r) => r.playerName === 'Facts Player') + 1;
  expect(await createdEvent(score.id)).toMatchObject({
    userId: accountId(),
    largestRun: expect.any(Number),
    weekId: week.id,
    seasonId,
    weeklyRank: place,
  });
  expect((await createdEvent(score.id)).largestRun).toBeGreaterThanOrEqual(3);
  const fromGuest = await createdEvent(guest.id);
  expect(fromGuest).not.toHaveProperty('userId');
  expect(fromGuest).toMatchObject({ weekId: week.id, seasonId });
});

it('tells no weekly place below the top 10', async () => {
  const week = (await h.client.activeWeek({})).week!;
  await h.db('weekly_scores').insert(
    Array.from({ length: 10 }, (_, i) => ({
      week_id: week.id,
      player_key: `guest:facts-top-${i}`,
      player_name: `Facts Top ${i}`,
      name_keys: [`facts top ${i}`],
      total_score: 1_000_000_000,
      games_played: 1,
      highest_level: 1,
      updated_at: new Date(),
    })),
  );
  const score = await submitSignedIn(await h.newGame('Facts Player'));
  const event = await createdEvent(score.id);
  expect(event.userId).toBe(accountId());
  expect(event).not.toHaveProperty('weeklyRank');
});

it('a held score cleared by an admin is announced with its account, without a run or place', async () => {
  const bot = await h.newGame('Facts Held', { gapMs: () => 20 });
  const held = await signedIn.submitScore(h.submission(bot), { sessionCredential: bot.credential });
  expect(held.reviewState).toBe('held');
  await h.admin.clearScore({ scoreId: held.score!.id, reason: 'Looked human' });
  const event = await createdEvent(held.score!.id);
  expect(event).toMatchObject({ userId: accountId(), seasonId });
  expect(event).not.toHaveProperty('weeklyRank');
  expect(event).not.toHaveProperty('largestRun');
});
