// A ranked game over its game socket when the socket is cut (docs/product.md 'Game flow',
// 'A cut connection'): the page sends again what the server had not made durable, so play goes
// on with the same boards; a game the server had to take back is redrawn from its copy with a
// short notice; a move waiting for the socket shows 'Reconnecting…'. The whole GameFlow runs
// against a stand-in sessions process over a fake socket, on fake timers.
import { render, screen } from '@testing-library/react';
import { findMoves } from '@ballmatch/engine';
import { connectGameSocket } from '@/features/game/api/game-socket';
import { ConnectionStatus } from '@/features/game/components/board-overlays';
import { GameFlow, RESTORED_NOTICE } from '@/features/game/model/game-flow';
import type { GameView, PlayerAction } from '@/features/game/model/game-view';
import { recordingServices, slowMove } from './game-helpers';
import { wireGame } from './play-helpers';
import { FakeGameOwner, serve, SocketFactory } from './socket-helpers';

const pass = (ms = 0) => jest.advanceTimersByTimeAsync(ms);

/** A GameFlow whose ranked game is held by `owner()`, its actions over a fake game socket. */
async function startedOverSocket(seed = 'reconnect-seed') {
  const holder = { owner: new FakeGameOwner(seed, 'session-1') };
  const owner = () => holder.owner;
  const factory = new SocketFactory();
  const services = recordingServices();
  services.createSession = async () => ({
    id: 'session-1',
    credential: 'cred-1',
    game: owner().view,
    offers: null,
  });
  services.playAction = async (_id, _credential, body) => owner().playOverHttp(body);
  services.readGame = async () => {
    services.calls.reads += 1;
    return owner().view;
  };
  services.connectGame = (game, events) =>
    connectGameSocket({
      ...game,
      events,
      createSocket: (url) => {
        const socket = factory.create(url);
        serve(factory.latest, owner);
        return socket;
      },
    });
  const flow = new GameFlow(services);
  await flow.start('Alice');
  factory.latest.open();
  return { flow, services, factory, holder, owner };
}

function view(flow: GameFlow): GameView {
  const state = flow.getSnapshot().state;
  if (!state) throw new Error('no game');
  return state;
}

/** A move found on the server's board, played out (the answer may wait on the fake clock). */
async function move(flow: GameFlow, owner: FakeGameOwner, wait = 0) {
  const { from, to } = slowMove(owner.server.state);
  const moved = flow.trySwap(from, to);
  await pass(wait);
  expect(await moved).toBe('moved');
}

const notices = (services: ReturnType<typeof recordingServices>) =>
  services.calls.toasts.filter((toast) => toast.title === RESTORED_NOTICE);

beforeEach(() => jest.useFakeTimers());

describe('a ranked game over a socket that is cut', () => {
  it('goes on through a cut and a crash: the moves not yet durable are replayed, the board is the server’s, and the player is told nothing', async () => {
    const { flow, services, factory, holder, owner } = await startedOverSocket();
    await move(flow, owner());
    factory.latest.reply(owner().commit());
    await move(flow, owner());
    await move(flow, owner());

    // The process dies with two moves in its batch; a move is made as the socket goes.
    const { from, to } = slowMove(owner().server.state);
    holder.owner = new FakeGameOwner(owner().seed, 'session-1', owner().log);
    factory.latest.cut();
    const moved = flow.trySwap(from, to);
    await pass(200);
    factory.latest.open();
    expect(await moved).toBe('moved');
    expect(view(flow)).toEqual(owner().view);
    expect(view(flow).totalMoves).toBe(4);

    await move(flow, owner());
    expect(view(flow)).toEqual(owner().view);
    expect(notices(services)).toEqual([]);
    expect(flow.getSnapshot().reconnecting).toBe(false);

    // The end closes the game's socket.
    flow.endByPlayer();
    await pass();
    expect(owner().view.status).toBe('ended');
    expect(factory.latest.closedByPage).toBe(true);
  });

  it("a stale frame redraws the board from the server's durable game and says 'Your game was restored from the last saved move'", async () => {
    const { flow, services, factory, owner } = await startedOverSocket();
    await move(flow, owner());
    factory.latest.reply(owner().commit());
    await move(flow, owner());
    const durable = owner().durableView;
    expect(view(flow).seq).toBe(2);

    factory.latest.reply({ type: 'stale', session: 'session-1', game: wireGame(durable) });
    expect(view(flow)).toEqual(durable);
    expect(flow.getSnapshot().shown).toMatchObject({ score: durable.score });
    expect(flow.acceptsInput).toBe(true);
    expect(notices(services)).toHaveLength(1);

    // The next move is made on that game (its seq), and played by a process that has it.
    const back = new FakeGameOwner(owner().seed, 'session-1', owner().log);
    const { from, to } = slowMove(back.server.state);
    const moved = flow.trySwap(from, to);
    await pass();
    expect(await moved).toBe('moved');
    expect(factory.latest.sent.at(-1)).toMatchObject({ seq: 1 });
  });

  it("a move waiting for the cut socket shows 'Reconnecting…' after 1 s, until the socket is back", async () => {
    const { flow, factory, owner } = await startedOverSocket();
    await move(flow, owner()); // not durable: it must go again first
    factory.refuse = true;
    factory.latest.cut();
    const { from, to } = slowMove(owner().server.state);
    const moved = flow.trySwap(from, to);
    await pass(1000);
    expect(flow.getSnapshot().reconnecting).toBe(true);
    factory.refuse = false;
    await pass(2000);
    factory.latest.open();
    expect(await moved).toBe('moved');
    expect(flow.getSnapshot().reconnecting).toBe(false);
    expect(view(flow)).toEqual(owner().view);
  });
});

describe('the end over a cut socket', () => {
  it("still ends the game when the server's game replaced the page's while the end waited", async () => {
    const { flow, services, factory, holder, owner } = await startedOverSocket();
    await move(flow, owner());
    factory.latest.reply(owner().commit());
    await move(flow, owner()); // seq 1, not durable

    // A new process, where another tab wrote another move at seq 1.
    const lost = factory.latest.sent[1].action as PlayerAction;
    holder.owner = new FakeGameOwner(owner().seed, 'session-1', owner().log);
    const other = findMoves(owner().server.state)
      .map((found): PlayerAction => ({ type: 'swap', ...found }))
      .find((action) => JSON.stringify(action) !== JSON.stringify(lost))!;
    owner().playOverHttp({ seq: 1, action: other });
    factory.latest.cut();
    flow.endByPlayer();
    await pass(200);
    factory.latest.open();
    await pass();
    await flow.getSnapshot().result!.ended;
    // seq 1 went again and met the other move (stale); the end went on the server's game.
    expect(factory.latest.sent.map((frame) => frame.seq)).toEqual([1, 2]);
    expect(owner().view.status).toBe('ended');
    expect(flow.getSnapshot().phase).toBe('over');
    expect(notices(services)).toEqual([]);
  });
});

describe("the board's connection status", () => {
  it("says 'Reconnecting…' in a polite live region that is there before it speaks", () => {
    const { rerender } = render(<ConnectionStatus reconnecting={false} />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');
    rerender(<ConnectionStatus reconnecting />);
    expect(screen.getByRole('status')).toBe(status);
    expect(status.textContent).toBe('Reconnecting…');
  });
});
