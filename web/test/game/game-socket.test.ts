// Ranked-game actions over the game socket (docs/api.md 'Ranked games over the game socket'):
// answers matched by (session, seq), errors as HTTP would give them, and HTTP with the same seq
// whenever the socket cannot carry an action.
import { createGame } from '@ballmatch/engine';
import {
  createGameSocket,
  playActionFast,
  SocketUnavailable,
} from '@/features/game/api/game-socket';
import { viewOfState } from '@/features/game/model/game-view';
import { ApiError } from '@/lib/api-client';
import { byRoute, installFakeFetch, respond, sentBody } from '../helpers/fake-fetch';
import { wireGame } from './play-helpers';

const game = wireGame(viewOfState(createGame('socket-seed'), 3));
const answer = { game, steps: [], levelUp: null, movesAdded: 0 };

/** A stand-in for the browser's WebSocket: the test opens it and answers what was sent. */
class FakeSocket extends EventTarget {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  send(text: string) {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }
  opened() {
    this.readyState = 1;
  }
  reply(frame: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
}

function connected(answerTimeoutMs = 4000) {
  let fake!: FakeSocket;
  const socket = createGameSocket({
    url: () => 'ws://test/ws/game',
    createSocket: () => (fake = new FakeSocket()) as unknown as WebSocket,
    answerTimeoutMs,
  });
  socket.open();
  fake.opened();
  return { socket, fake: () => fake };
}

const body = { seq: 3, action: { type: 'reset' as const } };

describe('the game socket', () => {
  it('sends {type: action, session, seq, action, credential} and resolves the matching answer', async () => {
    const { socket, fake } = connected();
    const sent = socket.send('s1', 'c1', body);
    expect(fake().sent).toEqual([
      { type: 'action', session: 's1', seq: 3, action: { type: 'reset' }, credential: 'c1' },
    ]);
    fake().reply({ type: 'answer', session: 'other', seq: 3, answer });
    fake().reply({ type: 'answer', session: 's1', seq: 3, answer });
    expect((await sent).game.seq).toBe(3);
  });

  it('an error frame is the HTTP answer (422 with its message); 503 and a close leave it to HTTP', async () => {
    const { socket, fake } = connected();
    const refused = socket.send('s1', '', body);
    expect(fake().sent[0]).not.toHaveProperty('credential');
    fake().reply({
      type: 'error',
      session: 's1',
      seq: 3,
      status: 422,
      message: 'Watch the ad first to earn extra moves',
      field: 'action',
    });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({
      status: 422,
      data: { message: 'Watch the ad first to earn extra moves', field: 'action' },
    });

    const restarting = socket.send('s1', '', { ...body, seq: 4 });
    fake().reply({ type: 'error', session: 's1', seq: 4, status: 503, message: 'closing' });
    await expect(restarting).rejects.toBeInstanceOf(SocketUnavailable);

    const lost = socket.send('s1', '', { ...body, seq: 5 });
    fake().close();
    await expect(lost).rejects.toBeInstanceOf(SocketUnavailable);
  });

  it('falls back to HTTP with the same seq when the socket is not open or does not answer', async () => {
    const calls = installFakeFetch(
      byRoute({ 'POST /api/player-sessions/s1/actions': respond(200, answer) }),
    );
    const closed = createGameSocket({
      createSocket: () => new FakeSocket() as unknown as WebSocket,
    });
    expect((await playActionFast('s1', 'c1', body, closed)).game.seq).toBe(3);
    const { socket } = connected(10);
    expect((await playActionFast('s1', 'c1', body, socket)).game.seq).toBe(3);
    expect(calls.map(sentBody)).toEqual([body, body]);
  });
});
