import { EXTRA_MOVES, endGame, grantExtraMoves, resetGrid, swap } from '../src';
import type { GameState } from '../src';
import { NO_MOVE_ROWS, stateOf } from './helpers';

const RED_MOVE_ROWS = NO_MOVE_ROWS.map((row, y) => (y === 7 ? 'r r g r o y' : row));
const FROM = { x: 2, y: 7 };
const TO = { x: 3, y: 7 };

/** One move left on level 1, target purple far from met. */
const lastMove = stateOf(RED_MOVE_ROWS, { level: { targetColor: 'purple', movesUsed: 9 } });

function outOfMoves(state: GameState): GameState {
  const result = swap(state, FROM, TO);
  if (!result.ok) throw new Error(result.reason);
  return result.state;
}

describe('out of moves', () => {
  it('sets game-over-pending when the last move leaves the target unmet', () => {
    const result = swap(lastMove, FROM, TO);
    expect(result).toMatchObject({ ok: true, status: 'gameOverPending', levelUp: null });
    expect(result.state.status).toBe('gameOverPending');
    expect(result.state.level.movesUsed).toBe(10);
  });

  it('refuses swaps and resets while pending', () => {
    const pending = outOfMoves(lastMove);
    expect(swap(pending, FROM, TO)).toMatchObject({ ok: false, reason: 'outOfMoves' });
    expect(resetGrid(pending)).toMatchObject({ ok: false, reason: 'outOfMoves' });
  });

  it('grants 7 extra moves once, and the game goes on', () => {
    const pending = outOfMoves(lastMove);
    const granted = grantExtraMoves(pending);
    if (!granted.ok) throw new Error(granted.reason);
    expect(granted.movesAdded).toBe(EXTRA_MOVES);
    expect(granted.state).toMatchObject({ status: 'active', extraMovesGranted: true });
    expect(granted.state.level.movesAllowed).toBe(10 + EXTRA_MOVES);
    expect(granted.state.level.movesUsed).toBe(10);
    expect(granted.state.grid).toEqual(pending.grid);
    expect(granted.state.rng).toEqual(pending.rng);
    expect(pending.status).toBe('gameOverPending');
  });

  it('refuses a second grant, whatever the state', () => {
    const granted = grantExtraMoves(outOfMoves(lastMove));
    if (!granted.ok) throw new Error(granted.reason);
    const again = grantExtraMoves(granted.state);
    expect(again).toMatchObject({
      ok: false,
      reason: 'alreadyGranted',
      message: "You've already received extra moves in this game.",
    });
    expect(again.state).toBe(granted.state);
    const pendingAgain = { ...granted.state, status: 'gameOverPending' as const };
    expect(grantExtraMoves(pendingAgain)).toMatchObject({ ok: false, reason: 'alreadyGranted' });
  });

  it('refuses a grant while moves remain, or after the end', () => {
    expect(grantExtraMoves(lastMove)).toMatchObject({ ok: false, reason: 'notOutOfMoves' });
    expect(grantExtraMoves({ ...lastMove, status: 'ended' })).toMatchObject({
      ok: false,
      reason: 'gameOver',
    });
  });

  it('ends the game outright when moves run out again after the grant', () => {
    const afterGrant = stateOf(RED_MOVE_ROWS, {
      extraMovesGranted: true,
      level: { targetColor: 'purple', movesAllowed: 17, movesUsed: 16 },
    });
    const result = swap(afterGrant, FROM, TO);
    expect(result).toMatchObject({ ok: true, status: 'ended' });
    expect(swap(result.state, FROM, TO)).toMatchObject({ ok: false, reason: 'gameOver' });
  });
});

describe('ending the game', () => {
  it('ends an active or pending game at the player’s request, keeping the score', () => {
    const active = stateOf(RED_MOVE_ROWS, { score: 120 });
    const ended = endGame(active);
    expect(ended).toMatchObject({ ok: true, state: { status: 'ended', score: 120 } });
    expect(active.status).toBe('active');
    expect(endGame(outOfMoves(lastMove))).toMatchObject({ ok: true, state: { status: 'ended' } });
  });

  it('refuses to end a game twice', () => {
    const ended = endGame(lastMove);
    if (!ended.ok) throw new Error(ended.reason);
    expect(endGame(ended.state)).toMatchObject({ ok: false, reason: 'gameOver' });
  });
});
