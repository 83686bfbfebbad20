import { streamName } from '@ballmatch/platform';
import { eventually, perFile } from '@ballmatch/platform/testing';
import { startHarness } from './harness';
import { seasonNow } from './seasons-support';

// As if the process died right after committing: nothing relays the outbox.
const h = perFile(() => startHarness({ OUTBOX_RELAY: 'off' }));
afterEach(() => h.clock.real());

const decode = (data: Uint8Array) =>
  JSON.parse(new TextDecoder().decode(data)) as Record<string, unknown>;

/** Starts scores again, relay on; resolves once the test's clients reach the new process. */
async function restartScores() {
  await h.startScores({ OUTBOX_RELAY: 'on' });
  // The clients lost their connection with the old process and reconnect on their own.
  await eventually(() => h.client.activeWeek({}), { timeoutMs: 10_000 });
}

/** Once the relay has published everything committed: JetStream took every event. */
async function outboxRelayed() {
  await eventually(
    async () => expect(await h.db('outbox').count({ n: '*' })).toEqual([{ n: '0' }]),
    { timeoutMs: 10_000 },
  );
}

/** Every message a stream holds. */
async function stream(name: string) {
  const jsm = await h.bus.connection.jetstreamManager();
  const full = streamName(h.bus.subject(''), name);
  const { state } = await jsm.streams.info(full);
  const out = [];
  for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq++) {
    const msg = await jsm.streams.getMessage(full, { seq });
    out.push({ subject: msg.subject, payload: decode(msg.data) });
  }
  return out;
}

describe('events: transactional outbox relayed to JetStream', () => {
  it('a crash between commit and publish loses nothing: after a restart the events arrive once', async () => {
    // Held: the week its score counts in is the one read as active.
    h.clock.set(Date.now());
    const heard: Record<string, unknown>[] = [];
    const sub = h.bus.subscribe('scores.created', (payload) => heard.push(payload as never));
    await h.bus.connection.flush();

    const game = await h.newGame('Durable');
    const score = await h.submit(h.submission(game));
    const week = (await h.client.activeWeek({})).week!;
    // One event per accepted score: scores.created names the boards it landed on.
    expect(await h.db('outbox').count({ n: '*' })).toEqual([{ n: '1' }]);
    // Once stopped it can publish nothing more: the stream holds all it ever sent.
    await h.stopScores();
    expect(await stream('SCORES')).toEqual([]);

    await restartScores();
    await outboxRelayed();
    const created = await stream('SCORES');
    expect(created).toEqual([
      {
        subject: h.bus.subject('scores.created'),
        payload: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          occurredAt: score.createdAt,
          score: {
            id: score.id,
            playerName: 'Durable',
            score: score.score,
            level: score.level,
            createdAt: score.createdAt,
          },
          // For achievements (score-facts.test.ts): no account for a guest.
          largestRun: expect.any(Number),
          weekId: week.id,
          weeklyRank: 1,
          // The JSON mapping leaves an absent optional field out: all-time has no boardId.
          boards: [{ board: 'all-time' }, { board: 'weekly', boardId: week.id }],
        },
      },
    ]);
    // No leaderboard.updated of its own: realtime sends each board's message from the above.
    expect(await stream('LEADERBOARD')).toEqual([]);
    // Plain NATS subscribers (the realtime service) hear it too.
    await eventually(() => expect(heard).toEqual([created[0]!.payload]), { timeoutMs: 5000 });

    // Another restart publishes nothing again: the next score's event, relayed after anything
    // the restart could have sent, comes right after the first, here and to plain subscribers.
    await h.stopScores();
    await restartScores();
    await h.submit(h.submission(await h.newGame('Next')));
    await outboxRelayed();
    const scored = (await stream('SCORES')).map((m) => m.payload.score);
    expect(scored).toEqual([
      expect.objectContaining({ playerName: 'Durable' }),
      expect.objectContaining({ playerName: 'Next' }),
    ]);
    await eventually(() => expect(heard).toHaveLength(2), { timeoutMs: 5000 });
    expect(heard[0]).toEqual(created[0]!.payload);
    sub.unsubscribe();
  });

  it('a score made while a season runs also names the seasonal board, in its one event', async () => {
    const season = await seasonNow(h, 'Events season');
    // Held from here (the season has begun): the week its score counts in is the one read as
    // active.
    h.clock.set(Date.now());
    const score = await h.submit(h.submission(await h.newGame('Seasonal')));
    const week = (await h.client.activeWeek({})).week!;
    await outboxRelayed();
    const created = (await stream('SCORES'))
      .map((m) => m.payload as { score: { id: string }; boards: unknown[]; seasonId?: string })
      .filter((p) => p.score.id === score.id);
    expect(created).toEqual([
      expect.objectContaining({
        seasonId: season.id,
        boards: [
          { board: 'all-time' },
          { board: 'weekly', boardId: week.id },
          { board: 'seasonal', boardId: season.id },
        ],
      }),
    ]);
    expect(await stream('LEADERBOARD')).toEqual([]);
  });
});
