// Ranked-game actions over the game socket (docs/api.md 'Ranked games over the game socket'):
// one socket per game at /ws/game?session=<id>, answers matched by (session, seq), errors as HTTP
// would give them, and HTTP with the same seq whenever the socket cannot carry an action.
// Fake timers throughout: nothing here waits for real time.
import { findMoves } from '@ballmatch/engine';
import {
  connectGameSocket,
  GameReplaced,
  gameSocketUrl,
  SOCKET_ANSWER_TIMEOUT_MS,
  type ConnectOptions,
} from '@/features/game/api/game-socket';
import type { GameView, PlayerAction } from '@/features/game/model/game-view';
import { slowMove } from './game-helpers';
import { FakeGameOwner, serve, SocketFactory, wireAnswer } from './socket-helpers';

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

/**
 * Ends the game at `seq` while the socket is cut, and opens it again 200 ms later, where the
 * server has another game: the end fails with GameReplaced, which this answers.
 */
async function endAcrossACut(game: ReturnType<typeof connectTo>, seq: number, shown: GameView) {
  game.factory.latest.cut();
  const answered = game.connection.play({ seq, action: { type: 'end' } }, shown);
  await pass(200);
  game.factory.latest.open();
  const replaced = await answered.catch((error: unknown) => error);
  expect(replaced).toBeInstanceOf(GameReplaced);
  return replaced as GameReplaced;
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

/** Lets answers in flight arrive (and `ms` pass on the fake clock). */
const pass = (ms = 0) => jest.advanceTimersByTimeAsync(ms);

/** A valid swap on the owner's board other than `not`. */
function otherSwapOn(owner: FakeGameOwner, not: PlayerAction): PlayerAction {
  const other = findMoves(owner.server.state)
    .map((move): PlayerAction => ({ type: 'swap', ...move }))
    .find((action) => JSON.stringify(action) !== JSON.stringify(not));
  if (!other) throw new Error('one move only on this board');
  return other;
}

const frames = (socket: { sent: Array<Record<string, unknown>> }) =>
  socket.sent.map((frame) => ({ seq: frame.seq, action: frame.action }));

/**
 * A game on `server.owner`'s process with three moves played over the socket: seq 0 durable,
 * seq 1 and 2 not yet. `shown` is the game the page was last given.
 */
async function threeMovesOn(server: { owner: FakeGameOwner }) {
  const game = connectTo(() => server.owner);
  game.factory.latest.open();
  await play(game.connection, server.owner);
  game.factory.latest.reply(server.owner.commit());
  await play(game.connection, server.owner);
  const shown = (await play(game.connection, server.owner)).game;
  return { ...game, shown };
}

describe('the resend (a cut socket)', () => {
  it('keeps the actions not yet durable with their answers and sends them again, in order with their seq, before a new action', async () => {
    const owner = new FakeGameOwner('socket-seed', SESSION);
    const { connection, factory, http, told } = await threeMovesOn({ owner });
    const kept = frames(factory.latest).slice(1);
    expect(kept.map((frame) => frame.seq)).toEqual([1, 2]);

    factory.latest.cut();
    // The player's next move waits for the resend.
    const next = swapOn(owner);
    const answered = connection.play({ seq: 3, action: next }, owner.view);
    await pass(200);
    expect(factory.sockets).toHaveLength(2);
    expect(http).toEqual([]);
    factory.latest.open();
    const answer = await answered;
    expect(frames(factory.latest)).toEqual([...kept, { seq: 3, action: next }]);
    // The process still held the game: an ack for seq 1, seq 2's stored answer (the same).
    expect(answer.game).toEqual(owner.view);
    expect(told.replaced).toEqual([]);
    expect(http).toEqual([]);
  });

  it('a process that picks the game up after a crash replays the re-sent actions to the same boards; the player is told nothing', async () => {
    const server = { owner: new FakeGameOwner('socket-seed', SESSION) };
    const { connection, factory, told, shown } = await threeMovesOn(server);

    // The process dies with seq 1 and 2 in its batch; the next one loads the durable log.
    server.owner = new FakeGameOwner('socket-seed', SESSION, server.owner.log);
    expect(server.owner.view.seq).toBe(1);
    factory.latest.cut();
    await pass(200);
    factory.latest.open();
    await pass();
    expect(server.owner.view).toEqual(shown);
    expect(told.replaced).toEqual([]);
    expect((await play(connection, server.owner)).game.seq).toBe(4);
  });

  it('reconnects after 0.2, 0.5, 1 and 2 s, then every 5 s, and from 0.2 s again once it was open; never after close()', async () => {
    const owner = new FakeGameOwner('socket-seed', SESSION);
    const { connection, factory } = connectTo(() => owner);
    factory.latest.open();
    factory.refuse = true;
    factory.latest.cut();
    await pass(30_000);
    const gaps = factory.sockets.slice(1).map((s, i) => s.createdAt - factory.sockets[i].createdAt);
    expect(gaps).toEqual([200, 500, 1000, 2000, 5000, 5000, 5000, 5000, 5000]);

    factory.refuse = false;
    await pass(5000);
    factory.latest.open();
    const opened = factory.sockets.length;
    factory.latest.cut();
    await pass(199);
    expect(factory.sockets).toHaveLength(opened);
    await pass(1);
    expect(factory.sockets).toHaveLength(opened + 1);

    connection.close();
    expect(factory.latest.closedByPage).toBe(true);
    await pass(60_000);
    expect(factory.sockets).toHaveLength(opened + 1);
  });

  it("a move waits for the resend, never over HTTP meanwhile, and after 1 s the player is told it is 'Reconnecting…'", async () => {
    const owner = new FakeGameOwner('socket-seed', SESSION);
    const { connection, factory, http, told } = connectTo(() => owner);
    factory.latest.open();
    const kept = await play(connection, owner); // not durable
    factory.refuse = true;
    factory.latest.cut();
    const answered = play(connection, owner);
    await pass(999);
    expect(told.reconnecting).toEqual([]);
    await pass(1);
    expect(told.reconnecting).toEqual([true]);
    await pass(20_000);
    expect(http).toEqual([]);

    factory.refuse = false;
    await pass(5000);
    factory.latest.open();
    expect(told.reconnecting).toEqual([true, false]);
    expect((await answered).game.seq).toBe(kept.game.seq + 1);
    expect(frames(factory.latest).map((frame) => frame.seq)).toEqual([0, 1]);
    expect(http).toEqual([]);
  });

  it('with every action durable there is nothing to resend: the next action goes over HTTP while the socket is down', async () => {
    const owner = new FakeGameOwner('socket-seed', SESSION);
    const { connection, factory, http, told } = connectTo(() => owner);
    factory.latest.open();
    await play(connection, owner);
    factory.latest.reply(owner.commit());
    factory.latest.cut();
    expect((await play(connection, owner)).game.seq).toBe(2);
    expect(http.map((body) => body.seq)).toEqual([1]);
    // Back on the socket once it is open again; HTTP's answers were durable: nothing resent.
    await pass(200);
    factory.latest.open();
    expect((await play(connection, owner)).game.seq).toBe(3);
    expect(frames(factory.latest).map((frame) => frame.seq)).toEqual([2]);
    expect(told.reconnecting).toEqual([]);
  });

  it("a stale frame (the game was played on elsewhere): the durable game replaces the page's, with a notice; the waiting action gets it and nothing more is re-sent", async () => {
    let owner = new FakeGameOwner('socket-seed', SESSION);
    const game = connectTo(() => owner);
    const { connection, factory, told } = game;
    factory.latest.open();
    await play(connection, owner);
    factory.latest.reply(owner.commit());
    const mine = frames(factory.latest)[0];
    const shown = (await play(connection, owner)).game;
    const lost = frames(factory.latest)[1];

    // A new process, and another tab wrote another action at seq 1 there.
    owner = new FakeGameOwner('socket-seed', SESSION, owner.log);
    owner.playOverHttp({ seq: 1, action: otherSwapOn(owner, lost.action as PlayerAction) });
    const replaced = await endAcrossACut(game, 2, shown);
    expect(replaced.game).toEqual(owner.view);
    expect(told.replaced).toEqual([{ game: owner.view, notice: true }]);
    expect(frames(factory.latest)).toEqual([lost]);
    expect(mine.seq).toBe(0);

    // Play goes on from the server's game; nothing of the old one is sent again.
    await play(connection, owner);
    factory.latest.cut();
    await pass(200);
    factory.latest.open();
    await pass();
    expect(frames(factory.latest).map((frame) => frame.seq)).toEqual([2]);
  });

  it('an answer to a re-sent action that differs from what the page was told is taken as stale', async () => {
    const owner = new FakeGameOwner('socket-seed', SESSION);
    const { connection, factory, told } = connectTo(() => owner);
    factory.latest.open();
    const told0 = await play(connection, owner);
    factory.latest.cut();
    await pass(200);
    const socket = factory.latest;
    const other = { ...told0.game, score: told0.game.score + 5 };
    socket.onSend = (frame) =>
      void Promise.resolve().then(() =>
        socket.reply({
          type: 'answer',
          session: SESSION,
          seq: frame.seq,
          answer: { ...wireAnswer({ ...told0, game: other }), durableSeq: 0 },
        }),
      );
    socket.open();
    await pass();
    expect(told.replaced).toEqual([{ game: other, notice: true }]);
  });

  it("a re-sent action answered 422 out of step (the server is behind by more than the page kept): the game is read again and replaces the page's, with a notice", async () => {
    const server = { owner: new FakeGameOwner('socket-seed', SESSION) };
    const game = await threeMovesOn(server);
    const { factory, told, shown } = game;

    // Its store lost even what it said was durable.
    const owner = (server.owner = new FakeGameOwner('socket-seed', SESSION, { actions: [] }));
    await endAcrossACut(game, 3, shown);
    expect(told.reads).toBe(1);
    expect(told.replaced).toEqual([{ game: owner.view, notice: true }]);
    expect(owner.view.seq).toBe(0);
    expect(frames(factory.latest).map((frame) => frame.seq)).toEqual([1]);
  });

  it('a server without durableSeq (every action written before its answer): the re-sent actions it refuses as out of step are checked against a read, which agrees: nothing is told and play goes on', async () => {
    const owner = new FakeGameOwner('socket-seed', SESSION, undefined, 'written');
    const { connection, factory, told } = connectTo(() => owner);
    factory.latest.open();
    for (let i = 0; i < 3; i++) await play(connection, owner);
    factory.latest.cut();
    const next = swapOn(owner);
    const answered = connection.play({ seq: 3, action: next }, owner.view);
    await pass(200);
    factory.latest.open();
    expect((await answered).game).toEqual(owner.view);
    expect(told.reads).toBe(1);
    expect(told.replaced).toEqual([]);
    expect(frames(factory.latest).map((frame) => frame.seq)).toEqual([0, 3]);
  });

  it('close() with an action still waiting (the end) keeps the socket until it is answered, reconnecting if need be, then closes it', async () => {
    const owner = new FakeGameOwner('socket-seed', SESSION);
    const { connection, factory, http } = connectTo(() => owner);
    factory.latest.open();
    await play(connection, owner);
    factory.latest.cut();
    const ended = connection.play({ seq: 1, action: { type: 'end' } }, owner.view);
    connection.close();
    await pass(200);
    factory.latest.open();
    expect((await ended).game.status).toBe('ended');
    expect(frames(factory.latest).map((frame) => frame.seq)).toEqual([0, 1]);
    expect(http).toEqual([]);
    expect(factory.latest.closedByPage).toBe(true);
    await pass(60_000);
    expect(factory.sockets).toHaveLength(2);
  });

  it('a socket that cannot open leaves the actions to HTTP, is tried again, and carries them once open', async () => {
    const owner = new FakeGameOwner('socket-seed', SESSION);
    const { connection, factory, http } = connectTo(() => owner);
    factory.latest.cut();
    await play(connection, owner);
    expect(http.map((body) => body.seq)).toEqual([0]);
    await pass(200);
    factory.latest.open();
    await play(connection, owner);
    expect(frames(factory.latest).map((frame) => frame.seq)).toEqual([1]);
    expect(http).toHaveLength(1);
  });
});
