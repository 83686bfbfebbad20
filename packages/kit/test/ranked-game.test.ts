import { createGame, findMoves, playerView, type GameState } from '@ballmatch/engine';
import { greedy } from '@ballmatch/engine/bots';
import {
  actionsPath,
  nextAction,
  playShortGame,
  stateOf,
  submissionOf,
  type Post,
  type RankedAction,
  type RankedGame,
  type ShownGame,
} from '../src';

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

describe("the ranked-game client's calls", () => {
  it('starts a session, acts with its credential, and answers the game as it ended', async () => {
    const calls: Array<{ path: string; body: unknown; headers: Record<string, string> }> = [];
    let game = shown(createGame('kit-calls'));
    // A stand-in for the API: each action moves the seq on; the player's end signs the result.
    const post: Post = async (path, body, headers) => {
      calls.push({ path, body, headers });
      if (path === '/api/player-sessions') {
        return { id: 's1', credential: 'c1', game, offers: { reward: 'r1' } };
      }
      const { seq, action } = body as { seq: number; action: RankedAction };
      const swapped = action.type === 'swap' ? 1 : 0;
      game =
        action.type === 'end'
          ? { ...game, seq: seq + 1, status: 'ended', result: 'signed' }
          : { ...game, seq: seq + 1, totalMoves: game.totalMoves + swapped };
      return { game };
    };

    const played = await playShortGame(post, 'Kit Player', { swaps: 2 });

    expect(calls[0]).toEqual({
      path: '/api/player-sessions',
      body: {
        playerName: 'Kit Player',
        sessionId: expect.any(String),
        deviceFingerprint: expect.any(String),
      },
      headers: {},
    });
    const owner = { 'x-session-credential': 'c1' };
    expect(
      calls.slice(1).map(({ path, body, headers }) => {
        const { seq, action } = body as { seq: number; action: RankedAction };
        return [path, headers, seq, action.type];
      }),
    ).toEqual([
      [actionsPath('s1'), owner, 0, 'swap'],
      [actionsPath('s1'), owner, 1, 'swap'],
      [actionsPath('s1'), owner, 2, 'end'],
    ]);
    const expected: RankedGame = {
      sessionId: 's1',
      credential: 'c1',
      owner,
      playerName: 'Kit Player',
      score: game.score,
      level: game.level.currentLevel,
      moves: 2,
      result: 'signed',
      offers: { reward: 'r1' },
    };
    expect(played).toEqual(expected);
    expect(submissionOf(played)).toEqual({
      path: '/api/scores',
      body: {
        playerName: 'Kit Player',
        score: game.score,
        level: game.level.currentLevel,
        moves: 2,
        sessionId: 's1',
        result: 'signed',
      },
      headers: owner,
    });
  });
});
