import { streamName } from '@ballmatch/platform';
import { startHarness, type ScoresHarness } from './harness';

let h: ScoresHarness;
beforeAll(async () => {
  // As if the process died right after committing: nothing relays the outbox.
  h = await startHarness({ OUTBOX_RELAY: 'off' });
});
afterAll(() => h.close());

const decode = (data: Uint8Array) =>
  JSON.parse(new TextDecoder().decode(data)) as Record<string, unknown>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
    const heard: Record<string, unknown>[] = [];
    const sub = h.bus.subscribe('scores.created', (payload) => heard.push(payload as never));
    await h.bus.connection.flush();

    const game = await h.newGame('Durable');
    const score = await h.submit(h.submission(game));
    const week = (await h.client.activeWeek({})).week!;
    expect(await h.db('outbox').count({ n: '*' })).toEqual([{ n: '3' }]);
    await sleep(300);
    expect(await stream('SCORES')).toEqual([]);

    await h.stopScores();
    await h.startScores({ OUTBOX_RELAY: 'on' });
    for (let i = 0; i < 100; i++) {
      if (Number((await h.db('outbox').count({ n: '*' }))[0]!.n) === 0) break;
      await sleep(50);
    }
    await sleep(200);
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
        },
      },
    ]);
    const boards = (await stream('LEADERBOARD')).map((m) => m.payload);
    expect(boards).toEqual([
      expect.objectContaining({ board: 'all-time', playerName: 'Durable' }),
      expect.objectContaining({ board: 'weekly', boardId: week.id, playerName: 'Durable' }),
    ]);
    // The JSON mapping leaves an absent optional field out: all-time has no boardId.
    expect(boards[0]).not.toHaveProperty('boardId');
    // Plain NATS subscribers (the realtime service) hear it too, once.
    expect(heard).toEqual([created[0]!.payload]);

    // Another restart publishes nothing again.
    await h.stopScores();
    await h.startScores({ OUTBOX_RELAY: 'on' });
    await sleep(300);
    expect(await stream('SCORES')).toHaveLength(1);
    sub.unsubscribe();
  });

  it('a score made while a season runs also announces the seasonal board', async () => {
    const season = (
      await h.admin.createSeason({
        name: 'Events season',
        startDate: new Date(Date.now() - 1000).toISOString(),
        endDate: new Date(Date.now() + 3600_000).toISOString(),
      })
    ).season!;
    await h.submit(h.submission(await h.newGame('Seasonal')));
    for (let i = 0; i < 100; i++) {
      if (Number((await h.db('outbox').count({ n: '*' }))[0]!.n) === 0) break;
      await sleep(50);
    }
    const boards = (await stream('LEADERBOARD'))
      .map((m) => m.payload)
      .filter((p) => p.playerName === 'Seasonal');
    expect(boards).toEqual([
      expect.objectContaining({ board: 'all-time' }),
      expect.objectContaining({ board: 'weekly' }),
      expect.objectContaining({ board: 'seasonal', boardId: season.id }),
    ]);
  });
});
