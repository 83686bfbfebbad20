import { randomUUID } from 'node:crypto';
import { generateKeyPairSync } from 'node:crypto';
import { SESSION_COOKIE, signSessionToken, type EventBus } from '@ballmatch/platform';
import type { RunningRealtime } from '../src';
import { SIGN_IN_TO_SUBSCRIBE } from '../src/protocol';
import { publisher, sessionCookie, startRealtime, TestClient, wsUrl } from './harness';

// The 'achievements' channel is a player's own: a socket whose handshake carried a valid
// session cookie subscribes to it and hears achievement.awarded of that player only, once.
describe('realtime achievements channel', () => {
  let realtime: RunningRealtime;
  let bus: EventBus;

  beforeAll(async () => {
    realtime = await startRealtime();
    bus = await publisher(realtime.bus.subject(''));
  });
  afterAll(async () => {
    await bus.close();
    await realtime.stop();
  });

  const connectAs = async (cookie?: string) =>
    TestClient.connect(wsUrl(realtime.port), cookie ? { headers: { cookie } } : {});

  const awarded = (userId: string, badge = 'first_game') => ({
    id: randomUUID(),
    occurredAt: new Date().toISOString(),
    userId,
    badge,
    name: 'First Game',
    description: 'Finish your first verified game.',
    awardedAt: '2026-11-24T12:00:00.000Z',
  });

  async function publish(payload: unknown) {
    bus.publish('achievement.awarded', payload);
    await bus.connection.flush();
  }

  it("sends a badge to its player's sockets only, once however often it is published", async () => {
    const ann = randomUUID();
    const bob = randomUUID();
    const annHere = await connectAs(await sessionCookie(ann));
    const annThere = await connectAs(await sessionCookie(ann));
    const bobs = await connectAs(await sessionCookie(bob));
    const scores = await connectAs(await sessionCookie(ann));
    for (const c of [annHere, annThere, bobs]) await c.subscribe('achievements');
    await scores.subscribe('scores');

    const event = awarded(ann);
    await publish(event);
    await publish(event);
    const expected = {
      type: 'update',
      channel: 'achievements',
      data: {
        action: 'achievement_awarded',
        achievement: {
          id: 'first_game',
          name: 'First Game',
          description: 'Finish your first verified game.',
          awardedAt: '2026-11-24T12:00:00.000Z',
        },
      },
      timestamp: expect.any(Number),
    };
    expect(await annHere.next((m) => m.type === 'update')).toEqual(expected);
    expect(await annThere.next((m) => m.type === 'update')).toEqual(expected);
    // A later badge proves the copy was not sent: it comes next.
    await publish(awarded(ann, 'level_5'));
    await annHere.next((m) => m.type === 'update');
    expect(
      annHere.updates().map((m) => (m.data as { achievement: { id: string } }).achievement.id),
    ).toEqual(['first_game', 'level_5']);
    for (const c of [bobs, scores]) await c.roundTrip();
    expect(bobs.updates()).toEqual([]);
    expect(scores.updates()).toEqual([]);
    for (const c of [annHere, annThere, bobs, scores]) c.close();
  });

  it('refuses the channel to a guest, a forged cookie and an expired one; the socket stays open', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const forged = await signSessionToken(privateKey, { userId: randomUUID(), role: 'user' }, 60);
    const sockets = [
      await connectAs(),
      await connectAs(`${SESSION_COOKIE}=${forged.token}`),
      await connectAs(await sessionCookie(randomUUID(), -60)),
      await connectAs(`${SESSION_COOKIE}=%E0%A4%A`),
    ];
    for (const socket of sockets) {
      socket.send({ type: 'subscribe', channel: 'achievements' });
      expect(await socket.next((m) => m.type === 'error')).toEqual({
        type: 'error',
        message: SIGN_IN_TO_SUBSCRIBE,
        timestamp: expect.any(Number),
      });
      await socket.subscribe('scores');
      socket.close();
    }
  });
});
