// The shapes a game is observed and driven through: what the page renders (GameSnapshot), what
// draws the board (FlowAnimator) and everything outside the rules a game talks to (FlowServices).
import type { CascadeStep, Cell, Grid } from '@ballmatch/engine';
import type { Board, OpeningPop, Phase } from '@/game/animation';
import type { SoundName } from '@/game/audio/sounds';
import type { ToastInput } from '@/components/ui/toast';
import type { CompletedGame } from '../api/stats';
import type { CreatedSession, ResumedGame, SessionFigures } from '../api/player-session';
import type { LocalHighScore } from '../lib/local-high-scores';
import type { GameOffers, RewardOffer } from './ad-offers';
import type { RankedApi } from './game-channel';
import type { GameView } from './game-view';
import type { ShownStats } from './shown-stats';

/**
 * idle → starting → playing ⇄ (extraMovesOffer → awaitingReward) → over; any phase → idle on
 * reset. The allowed moves between them are in phase-machine.ts.
 */
export type GamePhase =
  'idle' | 'starting' | 'playing' | 'extraMovesOffer' | 'awaitingReward' | 'over';

export type Celebration =
  | { kind: 'levelComplete'; level: number; bonus: number }
  | { kind: 'levelStart'; level: number; targetMatches: number; targetColor: string };

export interface GameResult {
  score: number;
  level: number;
  moves: number;
  practice: boolean;
  sessionId: string | null;
  /** The session's credential, sent with the score ('' when the account stands for it). */
  credential: string;
  /**
   * Settles once the server has heard the game end (a score needs a finished game), with the
   * game's signed result it answered (null: none came, the score is then sent without it).
   */
  ended: Promise<string | null>;
  personalBest: boolean;
  /** This device's high scores before this game was added (the submit dialog's rule). */
  localScoresBefore: LocalHighScore[];
}

export interface GameSnapshot {
  phase: GamePhase;
  /** The game as last confirmed (by the server, or the engine for a practice game). */
  state: GameView | null;
  shown: ShownStats | null;
  /** A move is being animated (or the level-up pause runs): input waits. */
  busy: boolean;
  /** No move is possible: the 'Reset Grid' overlay. */
  noMoves: boolean;
  /** The server could not be reached: a practice game that cannot be submitted. */
  practice: boolean;
  /** A move waits for the game's cut socket to come back ('Reconnecting…'). */
  reconnecting: boolean;
  /** The game's ads (its board's faces and the 'Watch Ad' reward); null without any. */
  offers: GameOffers | null;
  /** Why the server would not grant the extra moves yet ('Watch the ad first...'), shown in the offer. */
  rewardRefusal: string | null;
  celebration: Celebration | null;
  result: GameResult | null;
}

export interface FlowAnimator {
  showGrid(grid: Grid | null): void;
  /** The swap and the pop of the runs it makes, while the server is asked. */
  playOpening(
    before: Grid,
    move: { from: Cell; to: Cell; pop: OpeningPop },
    onPhase: (phase: Phase) => void,
  ): Promise<void>;
  /** The rest of the cascade, from the answer. */
  playCascade(
    afterPop: Board,
    steps: readonly CascadeStep[],
    onPhase: (phase: Phase) => void,
  ): Promise<void>;
  shake(grid: Grid, a: Cell, b: Cell): Promise<void>;
}

export interface FlowServices extends RankedApi {
  /** Starts a ranked game (throws when the server cannot be reached). */
  createSession(playerName: string): Promise<CreatedSession>;
  /** The signed-in player's unfinished game (save progress), or null. */
  currentGame(): Promise<ResumedGame | null>;
  updateSession(id: string, credential: string, figures: SessionFigures): Promise<void>;
  incrementPlayCount(hasAds: boolean): Promise<void>;
  recordCompletedGame(game: CompletedGame): Promise<void>;
  /** Reports the impressions of the faces on the board (a grid was just built), by their offers. */
  recordImpressions(offers: GameOffers): void;
  /** 'Watch Ad': counts the click and opens the reward's link (the house ad's without one). */
  openAd(reward: RewardOffer | null): void;
  sound(name: SoundName, count?: number): void;
  music(on: boolean): void;
  toast(input: ToastInput): void;
  /** A practice game's local seed. */
  randomSeed(): string;
  /** A clock that never goes backwards, in ms (performance.now). */
  now(): number;
}
