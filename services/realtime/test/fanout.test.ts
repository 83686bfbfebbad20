import { eventsConsumed, type EventBus } from '@ballmatch/platform';
import type { RunningRealtime } from '../src';
import { publisher, scoreEvent, startRealtime, TestClient, wsUrl, type Message } from './harness';

// NATS events in, updates out: only to the channel's subscribers, once per event id, from
// every replica.
describe('realtime fan-out from NATS', () => {
  let one: RunningRealtime;
  let two: RunningRealtime;
  let bus: EventBus;

  beforeAll(async () => {
    one = await startRealtime();
    const prefix = one.bus.subject('');
    two = await startRealtime({ NATS_SUBJECT_PREFIX: prefix });
    bus = await publisher(prefix);
  });
  afterAll(async () => {
    await bus.close();
    await Promise.all([one.stop(), two.stop()]);
  });

  async function publish(subject: string, payload: unknown) {
    bus.publish(subject, payload);
    await bus.connection.flush();
  }

  it('sends a new score to scores subscribers as documented, and to nobody else', async () => {
    const scores = await TestClient.subscribed(one.port, 'scores');
    const board = await TestClient.subscribed(one.port, 'leaderboard');
    const idle = await TestClient.connect(wsUrl(one.port));

    const event = scoreEvent({ playerName: 'Zoë', score: 4321 });
    await publish('scores.created', event);
    const update = await scores.next((m) => m.type === 'update');
    expect(update).toEqual({
      type: 'update',
      channel: 'scores',
      data: {
        action: 'new_score',
        score: {
          id: event.score.id,
          playerName: 'Zoë',
          score: 4321,
          level: 3,
          createdAt: event.score.createdAt,
        },
      },
      timestamp: expect.any(Number),
    });
    await board.expectNoUpdates();
    await idle.expectNoUpdates();
    for (const c of [scores, board, idle]) c.close();
  });

  it.each([
    [
      'leaderboard changes',
      'leaderboard',
      () => one.port,
      'leaderboard.updated',
      {
        id: `lb-${Date.now()}`,
        occurredAt: new Date().toISOString(),
        board: 'weekly',
        boardId: 'week-1',
        playerName: 'Ann',
      },
      { action: 'leaderboard_updated', board: 'weekly', boardId: 'week-1', playerName: 'Ann' },
    ],
    [
      'a published update',
      'updates',
      () => two.port,
      'updates.published',
      {
        id: `up-${Date.now()}`,
        occurredAt: '2026-03-02T10:00:00.000Z',
        updateId: 'u1',
        title: 'Season 3',
        publishedAt: '2026-03-02T10:00:00.000Z',
      },
      {
        action: 'update_published',
        update: { id: 'u1', title: 'Season 3', publishDate: '2026-03-02T10:00:00.000Z' },
      },
    ],
  ])(
    'sends %s to %s subscribers, and to nobody else',
    async (_, channel, port, subject, payload, data) => {
      const listener = await TestClient.subscribed(port(), channel);
      const scores = await TestClient.subscribed(port(), 'scores');
      await publish(subject, payload);
      expect(await listener.next((m) => m.type === 'update')).toEqual({
        type: 'update',
        channel,
        data,
        timestamp: expect.any(Number),
      });
      await scores.expectNoUpdates();
      listener.close();
      scores.close();
    },
  );

  it("sends each board's change from an accepted score's one event (scores.created's boards), once", async () => {
    const board = await TestClient.subscribed(one.port, 'leaderboard');
    const scores = await TestClient.subscribed(one.port, 'scores');
    const event = {
      ...scoreEvent({ playerName: 'Bea' }),
      weekId: 'week-9',
      seasonId: 'season-2',
      boards: [
        { board: 'all-time' },
        { board: 'weekly', boardId: 'week-9' },
        { board: 'seasonal', boardId: 'season-2' },
      ],
    };
    await publish('scores.created', event);
    await publish('scores.created', event); // delivered twice: sent once
    await board.next((m) => m.type === 'update');
    await scores.next((m) => m.type === 'update');
    // A later event's message, so everything from the first has arrived.
    await publish('leaderboard.updated', {
      id: `lb-after-${Date.now()}`,
      occurredAt: new Date().toISOString(),
      board: 'all-time',
      playerName: 'Marker',
    });
    await board.next((m) => m.type === 'update' && (m.data as Message).playerName === 'Marker');
    const told = (client: TestClient) => client.updates().map((m) => (m as Message).data);
    expect(told(board)).toEqual([
      { action: 'leaderboard_updated', board: 'all-time', boardId: null, playerName: 'Bea' },
      { action: 'leaderboard_updated', board: 'weekly', boardId: 'week-9', playerName: 'Bea' },
      { action: 'leaderboard_updated', board: 'seasonal', boardId: 'season-2', playerName: 'Bea' },
      { action: 'leaderboard_updated', board: 'all-time', boardId: null, playerName: 'Marker' },
    ]);
    expect(told(scores)).toEqual([
      expect.objectContaining({
        action: 'new_score',
        score: expect.objectContaining({ playerName: 'Bea' }),
      }),
    ]);
    board.close();
    scores.close();
  });

  it('delivers an event once however often NATS delivers it', async () => {
    const client = await TestClient.subscribed(one.port, 'scores');
    const first = scoreEvent();
    const second = scoreEvent();
    await publish('scores.created', first);
    await publish('scores.created', first); // a relay retry
    await publish('scores.created', second);
    await publish('scores.created', first); // a redelivery, later
    // Events are handled in the order published: once the last is here, the rest were handled.
    const last = scoreEvent();
    await publish('scores.created', last);
    await client.next((m) => m.type === 'update' && hasScore(m, last.score.id));
    expect(client.updates().map(scoreIdOf)).toEqual([
      first.score.id,
      second.score.id,
      last.score.id,
    ]);
    client.close();
  });

  it('delivers a burst of events in order, each as its own message', async () => {
    const client = await TestClient.subscribed(one.port, 'scores');
    const burst = Array.from({ length: 25 }, () => scoreEvent());
    for (const event of burst) bus.publish('scores.created', event);
    await bus.connection.flush();
    await client.next((m) => m.type === 'update' && hasScore(m, burst.at(-1)!.score.id));
    expect(client.updates().map(scoreIdOf)).toEqual(burst.map((e) => e.score.id));
    client.close();
  });

  it('drops malformed events and keeps going', async () => {
    const client = await TestClient.subscribed(one.port, 'scores');
    bus.connection.publish(bus.subject('scores.created'), new TextEncoder().encode('{not json'));
    await publish('scores.created', { id: 'x', occurredAt: 'now' }); // no score
    await publish('scores.created', { ...scoreEvent(), score: { playerName: 'no id' } });
    // Well-formed but over MAX_EVENT_BYTES: dropped unread (its padding alone would be ignored).
    await publish('scores.created', { ...scoreEvent(), padding: 'x'.repeat(20_000) });
    const good = scoreEvent();
    await publish('scores.created', good);
    const update = await client.next((m) => m.type === 'update');
    expect(scoreIdOf(update)).toBe(good.score.id);
    client.close();
  });

  it('counts each event every replica receives, by what became of it', async () => {
    const counts = async () => {
      const { values } = await eventsConsumed.get();
      return Object.fromEntries(
        values
          .filter((v) => v.labels.consumer === 'realtime')
          .map((v) => [String(v.labels.result), v.value]),
      );
    };
    const before = await counts();
    // There from the start (at 0 until one happens), so an alert sees a consumer hear nothing.
    expect(Object.keys(before).sort()).toEqual(['applied', 'dropped', 'duplicate', 'failed']);
    const clients = [
      await TestClient.subscribed(one.port, 'scores'),
      await TestClient.subscribed(two.port, 'scores'),
    ];
    const event = scoreEvent();
    await publish('scores.created', event);
    await publish('scores.created', event); // a redelivery
    bus.connection.publish(bus.subject('scores.created'), new TextEncoder().encode('{not json'));
    const last = scoreEvent();
    await publish('scores.created', last);
    for (const client of clients) {
      await client.next((m) => m.type === 'update' && hasScore(m, last.score.id));
      client.close();
    }
    const after = await counts();
    const grew = Object.fromEntries(Object.keys(after).map((k) => [k, after[k]! - before[k]!]));
    // Two replicas, each hearing everything.
    expect(grew).toEqual({ applied: 4, duplicate: 2, dropped: 2, failed: 0 });
  });

  it('delivers one NATS event through both replicas, once each', async () => {
    const onOne = await TestClient.connect(wsUrl(one.port));
    const onTwo = await TestClient.connect(wsUrl(two.port));
    await onOne.subscribe('scores');
    await onTwo.subscribe('scores');
    const event = scoreEvent({ playerName: 'Both' });
    await publish('scores.created', event);
    // A second copy of the first would come before this one.
    const last = scoreEvent();
    await publish('scores.created', last);
    for (const client of [onOne, onTwo]) {
      await client.next((m) => m.type === 'update' && hasScore(m, last.score.id));
      expect(client.updates().map(scoreIdOf)).toEqual([event.score.id, last.score.id]);
    }
    onOne.close();
    onTwo.close();
  });

  it('serializes an update once: every subscriber gets the very same bytes', async () => {
    const clients = await Promise.all(
      Array.from({ length: 5 }, () => TestClient.connect(wsUrl(one.port))),
    );
    for (const c of clients) await c.subscribe('scores');
    await publish('scores.created', scoreEvent());
    for (const c of clients) await c.next((m) => m.type === 'update');
    const frames = clients.map((c) => c.raw.find((text) => text.includes('"update"')));
    expect(new Set(frames).size).toBe(1);
    for (const c of clients) c.close();
  });
});

function scoreIdOf(message: Record<string, unknown>): unknown {
  return (message.data as { score: { id: string } }).score.id;
}

function hasScore(message: Record<string, unknown>, id: string): boolean {
  return scoreIdOf(message) === id;
}
