import { findMoves, gridFromCells, type Color } from '@ballmatch/engine';
import type { sessionsV1 } from '@ballmatch/proto';
import type { SessionsHarness } from './harness';

/** The swaps the board shown allows, as a player would find them. */
export function movesOn(game: sessionsV1.Game) {
  return findMoves({ grid: gridFromCells(game.grid as Color[]) });
}

/** Uneven gaps a person leaves between moves: 400 to 2,500 ms. */
export const humanGap = (i: number) => 400 + ((i * 7919) % 2100);

/**
 * Plays the session's game through the service until it ends (taking the extra moves once,
 * after following the reward ad), or for `maxActions` actions and then ends it: one action
 * `gapMs(i)` later on the service's clock each time (which starts at `startAt`), the first
 * valid swap shown.
 */
export async function playOut(
  svc: SessionsHarness,
  id: string,
  gapMs: (i: number) => number,
  {
    maxActions = 400,
    startAt = '2031-03-03T10:00:00.000Z',
  }: { maxActions?: number; startAt?: Date | string } = {},
) {
  let game = (await svc.client.getGame({ id })).game!;
  svc.clock.set(startAt);
  for (let i = 0; i < maxActions && game.status !== 'ended'; i++) {
    svc.clock.advance(gapMs(i));
    if (game.status === 'gameOverPending' && !game.extraMovesGranted) svc.rewardClicks.click(id);
    const action: sessionsV1.PlayActionRequest['action'] =
      game.status === 'gameOverPending'
        ? game.extraMovesGranted
          ? { $case: 'end', value: {} }
          : { $case: 'extraMoves', value: {} }
        : game.hasMoves
          ? { $case: 'swap', value: movesOn(game)[0]! }
          : { $case: 'reset', value: {} };
    game = (await svc.client.playAction({ id, seq: game.seq, action })).game!;
  }
  if (game.status !== 'ended') {
    game = (await svc.client.playAction({ id, seq: game.seq, action: { $case: 'end', value: {} } }))
      .game!;
  }
  return game;
}
