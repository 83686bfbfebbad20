import {
  createGame,
  endGame,
  grantExtraMoves,
  playerView,
  resetGrid,
  swap,
  type GameState,
  type SwapSuccess,
} from '@ballmatch/engine';
import {
  grpcAction,
  playOut,
  swapsOn,
  type PlayedAnswer,
  type RankedAction,
  type ShownGame,
} from '../src';

/** A server holding one game on the engine: each action applied as sessions applies it. */
function server(seed: string) {
  let state: GameState = createGame(seed);
  let seq = 0;
  const sent: RankedAction[] = [];
  const send = async (at: number, action: RankedAction): Promise<PlayedAnswer> => {
    expect(at).toBe(seq);
    sent.push(action);
    const result =
      action.type === 'swap'
        ? swap(state, action.from, action.to)
        : action.type === 'reset'
          ? resetGrid(state)
          : action.type === 'extraMoves'
            ? grantExtraMoves(state)
            : endGame(state);
    if (!result.ok) throw new Error(`${action.type} refused: ${result.reason}`);
    state = result.state;
    seq += 1;
    const swapped = action.type === 'swap' ? (result as SwapSuccess) : null;
    return { game: playerView(state, seq), steps: swapped?.steps, levelUp: swapped?.levelUp };
  };
  return { start: playerView(state, 0) as ShownGame, send, sent };
}

describe("the kit's player (playOut)", () => {
  it('plays to the end: swaps, the extra moves once, a gap before every action', async () => {
    const { start, send, sent } = server('play out');
    const gaps: number[] = [];
    const final = await playOut(start, send, { advance: (ms) => gaps.push(ms), rngSeed: 3 });
    expect(final.status).toBe('ended');
    expect(sent.filter((a) => a.type === 'extraMoves')).toHaveLength(1);
    expect(sent.filter((a) => a.type === 'swap')).toHaveLength(final.totalMoves);
    expect(gaps).toHaveLength(sent.length);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(400);
  });

  it('ends the game itself after maxMoves swaps (or leaves it open: finish false)', async () => {
    const ended = server('short');
    const game = await playOut(ended.start, ended.send, { advance: () => {}, maxMoves: 3 });
    expect({ status: game.status, moves: game.totalMoves }).toEqual({ status: 'ended', moves: 3 });
    expect(ended.sent.at(-1)).toEqual({ type: 'end' });

    const open = server('short');
    const options = { advance: () => {}, maxActions: 2, finish: false };
    expect((await playOut(open.start, open.send, options)).status).toBe('active');
    expect(open.sent).toHaveLength(2);
  });

  it('takes the swaps `choose` picks', async () => {
    const { start, send, sent } = server('first swaps');
    const first = (game: ShownGame) => swapsOn(game)[0]!;
    await playOut(start, send, { advance: () => {}, maxMoves: 1, choose: first });
    expect(sent[0]).toEqual({ type: 'swap', ...swapsOn(start)[0]! });
  });

  it("sends sessions.v1's actions over gRPC", () => {
    const from = { x: 0, y: 0 };
    const to = { x: 1, y: 0 };
    expect(grpcAction({ type: 'swap', from, to })).toEqual({ $case: 'swap', value: { from, to } });
    expect(grpcAction({ type: 'extraMoves' })).toEqual({ $case: 'extraMoves', value: {} });
  });
});
