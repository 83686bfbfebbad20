import { createGame, findMoves, playerView, type GameState } from '@ballmatch/engine';
import { greedy } from '@ballmatch/engine/bots';
import { nextAction, stateOf, type ShownGame } from '../src';

/** A game as the server shows it (the engine's player view). */
const shown = (state: GameState, extra: Partial<ShownGame> = {}): ShownGame => ({
  ...playerView(state, 0),
  ...extra,
});

describe('the ranked-game client', () => {
  const game = createGame('kit');

  it("takes the engine's greedy swap on the board shown (refills guessed), a legal one", () => {
    const guessed = stateOf(shown(game));
    expect(guessed.grid).toEqual(game.grid);
    expect(guessed.rng).not.toEqual(game.rng);
    const moves = findMoves(game);
    const best = moves[greedy(guessed, moves)]!;
    expect(nextAction(shown(game))).toEqual({ type: 'swap', from: best.from, to: best.to });
  });

  it('resets a board without moves; takes the extra moves once if it can earn them; ends', () => {
    expect(nextAction(shown(game, { hasMoves: false }))).toEqual({ type: 'reset' });
    const out = shown(game, { status: 'gameOverPending' });
    expect(nextAction(out, true)).toEqual({ type: 'extraMoves' });
    expect(nextAction(out)).toEqual({ type: 'end' });
    expect(nextAction({ ...out, extraMovesGranted: true }, true)).toEqual({ type: 'end' });
  });
});
