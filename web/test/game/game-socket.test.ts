// Ranked-game actions over the game socket (docs/api.md 'Ranked games over the game socket'):
// one socket per game at /ws/game?session=<id>, answers matched by (session, seq), errors as HTTP
// would give them, and HTTP with the same seq whenever the socket cannot carry an action.
// Fake timers throughout: nothing here waits for real time.
import {
  connectGameSocket,
  gameSocketUrl,
  SOCKET_ANSWER_TIMEOUT_MS,
  type ConnectOptions,
} from '@/features/game/api/game-socket';
import type { GameView, PlayerAction } from '@/features/game/model/game-view';
import { slowMove } from './game-helpers';
import { FakeGameOwner, serve, SocketFactory } from './socket-helpers';

const SESSION = 's1';

/** A game on `owner`'s process, connected as the page connects it. */
function connectTo(owner: () => FakeGameOwner, overrides: Partial<ConnectOptions> = {}) {
  const factory = new SocketFactory();
  const http: Array<{ seq: number; action: PlayerAction }> = [];
  const told = {
    replaced: [] as Array<{ game: GameView; notice: boolean }>,
    reconnecting: [] as boolean[],
    reads: 0,
  };
  const connection = connectGameSocket({
    sessionId: SESSION,
    credential: 'c1',
    game: owner().view,
    events: {
      replaced: (game, notice) => told.replaced.push({ game, notice }),
      reconnecting: (on) => told.reconnecting.push(on),
    },
    createSocket: (url) => {
      const socket = factory.create(url);
      serve(factory.latest, owner);
      return socket;
    },
    playAction: async (_id, _credential, body) => {
      http.push(structuredClone(body));
      return owner().playOverHttp(body);
    },
    readGame: async () => {
      told.reads += 1;
      return owner().view;
    },
    ...overrides,
  });
  return { connection, factory, http, told };
}

/** The next valid swap on the owner's board. */
function swapOn(owner: FakeGameOwner): PlayerAction {
  return { type: 'swap', ...slowMove(owner.server.state) };
}

/** Plays the next swap through the connection; its answer. */
function play(connection: ReturnType<typeof connectTo>['connection'], owner: FakeGameOwner) {
  const view = owner.view;
  return connection.play({ seq: view.seq, action: swapOn(owner) }, view);
}

beforeEach(() => jest.useFakeTimers());

describe('the game socket', () => {
  it("opens /ws/game?session=<id> on the page's host when the game begins (wss on https)", () => {
    expect(gameSocketUrl('a b', { protocol: 'https:', host: 'ballmatch.example' })).toBe(
      'wss://ballmatch.example/ws/game?session=a%20b',
    );
    const owner = new FakeGameOwner('socket-seed', SESSION);
    const { factory } = connectTo(() => owner);
    expect(factory.sockets.map((s) => s.url)).toEqual(['ws://localhost/ws/game?session=s1']);
  });

  it('sends {type: action, session, seq, action, credential} and resolves its answer', async () => {
    const owner = new FakeGameOwner('socket-seed', SESSION);
    const { connection, factory, http } = connectTo(() => owner);
    factory.latest.open();
    const action = swapOn(owner);
    const sent = connection.play({ seq: 0, action }, owner.view);
    // Frames of another game, or of another action, are not its answer.
    factory.latest.reply({ type: 'answer', session: 'other', seq: 0, answer: {} });
    factory.latest.reply({ type: 'error', session: SESSION, seq: 7, status: 422, message: 'x' });
    const answer = await sent;
    expect(factory.latest.sent).toEqual([
      { type: 'action', session: SESSION, seq: 0, action, credential: 'c1' },
    ]);
    expect(answer.game).toEqual(owner.view);
    expect(answer.game.seq).toBe(1);
    expect(http).toEqual([]);
  });

  it('an error frame is the HTTP answer: the same status, message and field', async () => {
    const owner = new FakeGameOwner('socket-seed', SESSION);
    const { connection, factory, http } = connectTo(() => owner, { credential: '' });
    factory.latest.open();
    const refused = connection.play({ seq: 0, action: { type: 'extraMoves' } }, owner.view);
    await expect(refused).rejects.toMatchObject({
      status: 422,
      data: { field: 'action' },
    });
    expect(factory.latest.sent[0]).not.toHaveProperty('credential');
    expect(http).toEqual([]);
  });

  it('HTTP carries an action with the same seq when the socket is not open yet, answers 503 or 429, closes, or gives no answer in 4 s', async () => {
    // Not open (the handshake fails): HTTP.
    let owner = new FakeGameOwner('socket-seed', SESSION);
    let game = connectTo(() => owner);
    game.factory.latest.cut();
    let action = swapOn(owner);
    await game.connection.play({ seq: 0, action }, owner.view);
    expect(game.http).toEqual([{ seq: 0, action }]);

    // 503 (the process restarts) and 429 (held back).
    for (const status of [503, 429]) {
      owner = new FakeGameOwner('socket-seed', SESSION);
      game = connectTo(() => owner);
      const socket = game.factory.latest;
      socket.open();
      socket.onSend = (frame) =>
        void Promise.resolve().then(() =>
          socket.reply({ type: 'error', session: SESSION, seq: frame.seq, status, message: 'x' }),
        );
      action = swapOn(owner);
      expect((await game.connection.play({ seq: 0, action }, owner.view)).game.seq).toBe(1);
      expect(game.http).toEqual([{ seq: 0, action }]);
    }

    // The socket closes with the action unanswered.
    owner = new FakeGameOwner('socket-seed', SESSION);
    game = connectTo(() => owner);
    game.factory.latest.open();
    game.factory.latest.onSend = () => undefined;
    action = swapOn(owner);
    let answered = game.connection.play({ seq: 0, action }, owner.view);
    game.factory.latest.cut();
    expect((await answered).game.seq).toBe(1);
    expect(game.http).toEqual([{ seq: 0, action }]);

    // No answer in 4 s.
    owner = new FakeGameOwner('socket-seed', SESSION);
    game = connectTo(() => owner);
    game.factory.latest.open();
    game.factory.latest.onSend = () => undefined;
    answered = play(game.connection, owner);
    await jest.advanceTimersByTimeAsync(SOCKET_ANSWER_TIMEOUT_MS - 1);
    expect(game.http).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect((await answered).game.seq).toBe(1);
    expect(game.http).toHaveLength(1);
  });

  it('close() (the game ended or was left) closes the socket', async () => {
    const owner = new FakeGameOwner('socket-seed', SESSION);
    const { connection, factory } = connectTo(() => owner);
    factory.latest.open();
    await play(connection, owner);
    connection.close();
    expect(factory.latest.closedByPage).toBe(true);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(factory.sockets).toHaveLength(1);
  });
});
