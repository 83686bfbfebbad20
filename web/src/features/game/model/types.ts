// The shapes a game is observed and driven through: what the page renders (GameSnapshot), what
// draws the board (FlowAnimator) and everything outside the rules a game talks to (FlowServices).
import type { Cell, GameLog, GameState, Grid, SwapSuccess } from '@ballmatch/engine';
import type { Phase } from '@/game/animation';
import type { SoundName } from '@/game/audio/sounds';
import type { ToastInput } from '@/components/ui/toast';
import type { CompletedGame } from '../api/stats';
import type { CreatedSession, SessionFigures } from '../api/player-session';
import type { LocalHighScore } from '../lib/local-high-scores';
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
  log: GameLog;
  personalBest: boolean;
  /** This device's high scores before this game was added (the submit dialog's rule). */
  localScoresBefore: LocalHighScore[];
}

export interface GameSnapshot {
  phase: GamePhase;
  state: GameState | null;
  shown: ShownStats | null;
  /** A move is being animated (or the level-up pause runs): input waits. */
  busy: boolean;
  /** No move is possible: the 'Reset Grid' overlay. */
  noMoves: boolean;
  /** The session could not be created: a practice game that cannot be submitted. */
  practice: boolean;
  celebration: Celebration | null;
  result: GameResult | null;
}

export interface FlowAnimator {
  showGrid(grid: Grid | null): void;
  playSwap(before: Grid, move: SwapSuccess, onPhase: (phase: Phase) => void): Promise<void>;
  shake(grid: Grid, a: Cell, b: Cell): Promise<void>;
}

export interface FlowServices {
  createSession(playerName: string): Promise<CreatedSession>;
  updateSession(id: string, figures: SessionFigures): Promise<void>;
  incrementPlayCount(hasAds: boolean): Promise<void>;
  recordCompletedGame(game: CompletedGame): Promise<void>;
  /** Reports the impressions of the faces on the board (a grid was just built). */
  recordImpressions(): void;
  /** Which ads the board shows now. */
  adIds(): string[];
  /** 'Watch Ad': counts the click and opens the sponsor's page. */
  openAd(): void;
  sound(name: SoundName, count?: number): void;
  music(on: boolean): void;
  toast(input: ToastInput): void;
  randomSeed(): string;
  /** A clock that never goes backwards, in ms (performance.now). */
  now(): number;
}
