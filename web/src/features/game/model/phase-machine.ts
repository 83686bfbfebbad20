// The phases of one game and the moves between them (docs/product.md 'Game flow'). It holds
// the snapshot the page renders from, decides which player action is allowed in which phase,
// and runs the timed transitions: the level-up 1 s after the move that completed a level, and
// the out-of-moves offer (or the end) 300 ms after the last move.
import { LEVEL, OUT_OF_MOVES_DELAY_MS } from '@ballmatch/engine';
import type { ActionAnswer, GameView, LevelUpInfo } from './game-view';
import { statsOf } from './shown-stats';
import type { GamePhase, GameSnapshot } from './types';

/** How long the 'Level N' banner stays once the new level has begun. */
export const LEVEL_BANNER_MS = 1400;

const IDLE: GameSnapshot = {
  phase: 'idle',
  state: null,
  shown: null,
  busy: false,
  noMoves: false,
  practice: false,
  reconnecting: false,
  offers: null,
  rewardRefusal: null,
  celebration: null,
  result: null,
};

/** A game in play on `state`, waiting for the player's move. */
export function playingOn(state: GameView): Partial<GameSnapshot> {
  return {
    phase: 'playing',
    state,
    shown: statsOf(state),
    busy: false,
    noMoves: !state.hasMoves,
  };
}

/** The phases each player action may be taken in; in any other it is ignored. */
const ALLOWED_IN = {
  // A game that is starting or running cannot be started again.
  start: ['idle', 'over'],
  resetBoard: ['playing'],
  watchAd: ['extraMovesOffer'],
  // 'No Thanks', or 'End Game' while the ad's tab is open.
  declineExtraMoves: ['extraMovesOffer', 'awaitingReward'],
  endByPlayer: ['playing', 'extraMovesOffer', 'awaitingReward'],
} satisfies Record<string, readonly GamePhase[]>;

export type PlayerAction = keyof typeof ALLOWED_IN;

/** What the machine asks of the game when a timed transition fires. */
export interface SettleHooks {
  /** The new level begins (its sound). */
  levelUp(): void;
  /** The server ended the game: no moves left and the extra moves already used. */
  ended(): void;
}

export class PhaseMachine {
  private snapshot: GameSnapshot = IDLE;
  private readonly listeners = new Set<() => void>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  /** Bumped by every start and reset, so late callbacks of an old game do nothing. */
  private generation = 0;

  getSnapshot = (): GameSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  update(patch: Partial<GameSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  allows(action: PlayerAction): boolean {
    return (ALLOWED_IN[action] as readonly GamePhase[]).includes(this.snapshot.phase);
  }

  /** Whether the board takes input now. */
  get acceptsInput(): boolean {
    const { phase, busy, noMoves } = this.snapshot;
    return phase === 'playing' && !busy && !noMoves;
  }

  /** Leaves the current game behind: its timers are dropped and its late callbacks ignored. */
  nextGeneration(): number {
    this.clearTimers();
    return ++this.generation;
  }

  isCurrent(generation: number): boolean {
    return generation === this.generation;
  }

  get currentGeneration(): number {
    return this.generation;
  }

  /** Back to the How to Play screen. */
  toIdle(): void {
    this.nextGeneration();
    this.update(IDLE);
  }

  /** Runs `fn` after `ms`, unless the game has been left by then. */
  later(ms: number, fn: () => void): void {
    const generation = this.generation;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (generation === this.generation) fn();
    }, ms);
    this.timers.add(timer);
  }

  clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /**
   * After a move has played out: the figures catch up with the answer, then either the level
   * goes up (after 1 s, with its banners), or the moves ran out (after 300 ms the extra-moves
   * offer, or the end when the server has already ended the game).
   */
  settleMove(before: GameView, answer: ActionAnswer, hooks: SettleHooks): void {
    const state = answer.game;
    const noMoves = state.status === 'active' && !state.hasMoves;
    if (answer.levelUp) {
      this.levelUp(before, state, answer.levelUp, noMoves, hooks);
      return;
    }
    this.update({ shown: statsOf(state), busy: state.status !== 'active', noMoves });
    if (state.status === 'gameOverPending') {
      this.later(OUT_OF_MOVES_DELAY_MS, () =>
        this.update({ phase: 'extraMovesOffer', busy: false }),
      );
    } else if (state.status === 'ended') {
      this.later(OUT_OF_MOVES_DELAY_MS, hooks.ended);
    }
  }

  /** The completed level stays on screen (full bar, bonus) for 1 s, then the next begins. */
  private levelUp(
    before: GameView,
    state: GameView,
    done: LevelUpInfo,
    noMoves: boolean,
    hooks: SettleHooks,
  ): void {
    this.update({
      shown: {
        score: state.score,
        level: done.fromLevel,
        movesLeft: done.unusedMoves,
        matchesCollected: before.level.targetMatches,
        targetMatches: before.level.targetMatches,
        targetColor: before.level.targetColor,
      },
      celebration: { kind: 'levelComplete', level: done.fromLevel, bonus: done.bonusPoints },
    });
    this.later(LEVEL.levelUpDelayMs, () => {
      hooks.levelUp();
      this.update({
        shown: statsOf(state),
        busy: false,
        noMoves,
        celebration: {
          kind: 'levelStart',
          level: state.level.currentLevel,
          targetMatches: state.level.targetMatches,
          targetColor: state.level.targetColor,
        },
      });
      this.later(LEVEL_BANNER_MS, () => this.update({ celebration: null }));
    });
  }
}
