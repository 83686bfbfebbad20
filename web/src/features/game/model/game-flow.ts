// The life of one game on the page (SPEC 4 'Game', 'Level', 'Out of moves', 'After the game',
// 'Player session'): start with a server session and seed, play moves through the engine while
// the board animates them, level-ups after 1 s, the extra-moves offer, the end. The engine is
// the rules; this class only sequences what the player sees and what the server hears.
import {
  EXTRA_MOVES,
  LEVEL,
  OUT_OF_MOVES_DELAY_MS,
  analyzeTiming,
  createGame,
  endGame,
  findMoves,
  grantExtraMoves,
  resetGrid,
  swap,
} from '@ballmatch/engine';
import type { Cell, GameLog, GameState, Grid, SwapSuccess } from '@ballmatch/engine';
import type { Phase } from '@/game/animation';
import type { SoundName } from '@/game/audio/sounds';
import type { ToastInput } from '@/components/ui/toast';
import type { CompletedGame } from '../api/stats';
import type { CreatedSession, SessionFigures } from '../api/player-session';
import {
  addLocalHighScore,
  isPersonalBest,
  loadLocalHighScores,
  type LocalHighScore,
} from '../lib/local-high-scores';
import { statsOf, type ShownStats } from './shown-stats';

/** SPEC 4 'Player session': an update on every 10th move and on any run of 5 or more. */
export const SESSION_UPDATE_EVERY = 10;
export const SESSION_UPDATE_RUN = 5;
/** How long the 'Level N' banner stays once the new level has begun. */
export const LEVEL_BANNER_MS = 1400;

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

const numberFormat = new Intl.NumberFormat('en-US');

export class GameFlow {
  private snapshot: GameSnapshot = {
    phase: 'idle',
    state: null,
    shown: null,
    busy: false,
    noMoves: false,
    practice: false,
    celebration: null,
    result: null,
  };
  private readonly listeners = new Set<() => void>();
  private animator: FlowAnimator | null = null;
  private log: GameLog = [];
  private sessionId: string | null = null;
  private playerName = '';
  private swapTimes: number[] = [];
  private unsentTimes: number[] = [];
  private startedAt = 0;
  private rewardArmed = false;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  /** Bumped by every start and reset, so late callbacks of an old game do nothing. */
  private generation = 0;

  constructor(private readonly services: FlowServices) {}

  // --- observing -------------------------------------------------------------------------

  getSnapshot = (): GameSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private update(patch: Partial<GameSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** The game log so far (the engine's entries, with their timestamps). */
  get gameLog(): GameLog {
    return this.log;
  }

  get currentSessionId(): string | null {
    return this.sessionId;
  }

  attachAnimator(animator: FlowAnimator | null): void {
    this.animator = animator;
    animator?.showGrid(this.snapshot.state?.grid ?? null);
  }

  private later(ms: number, fn: () => void): void {
    const generation = this.generation;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (generation === this.generation) fn();
    }, ms);
    this.timers.add(timer);
  }

  // --- starting --------------------------------------------------------------------------

  /** Starts a game: a server session with its seed, or a practice game if that fails. */
  async start(playerName: string): Promise<void> {
    const { phase } = this.snapshot;
    if (phase === 'starting' || phase === 'playing' || phase === 'extraMovesOffer') return;
    if (phase === 'awaitingReward') return;
    this.clearTimers();
    const generation = ++this.generation;
    this.playerName = playerName;
    this.update({ phase: 'starting', result: null, celebration: null, noMoves: false });

    let seed: string;
    let sessionId: string | null = null;
    try {
      const session = await this.services.createSession(playerName);
      seed = session.seed;
      sessionId = session.id;
    } catch (error) {
      console.warn(
        '[game] no player session; starting a practice game:',
        error instanceof Error ? error.message : error,
      );
      seed = this.services.randomSeed();
    }
    if (generation !== this.generation) return;

    const state = createGame(seed);
    this.sessionId = sessionId;
    this.log = [];
    this.swapTimes = [];
    this.unsentTimes = [];
    this.rewardArmed = false;
    this.startedAt = this.services.now();
    this.update({
      phase: 'playing',
      state,
      shown: statsOf(state),
      busy: false,
      noMoves: findMoves(state).length === 0,
      practice: sessionId === null,
      celebration: null,
      result: null,
    });
    this.animator?.showGrid(state.grid);
    void this.services.incrementPlayCount(this.services.adIds().length > 0);
    this.services.recordImpressions();
    this.services.music(true);
  }

  // --- moves -----------------------------------------------------------------------------

  /** Whether the board takes input now. */
  get acceptsInput(): boolean {
    return this.snapshot.phase === 'playing' && !this.snapshot.busy && !this.snapshot.noMoves;
  }

  /**
   * Tries a swap: 'invalid' shakes the balls, 'moved' plays the move out, 'ignored' means the
   * board was not taking input.
   */
  async trySwap(from: Cell, to: Cell): Promise<'moved' | 'invalid' | 'ignored'> {
    const before = this.snapshot.state;
    if (!before || !this.acceptsInput) return 'ignored';
    const result = swap(before, from, to);
    if (!result.ok) {
      this.services.sound('invalid');
      this.update({ busy: true });
      await this.animator?.shake(before.grid, from, to);
      if (this.snapshot.state === before) this.update({ busy: false });
      return 'invalid';
    }

    const at = Math.round(this.services.now());
    this.log.push({ type: 'swap', from: result.from, to: result.to, at });
    this.swapTimes.push(at);
    this.unsentTimes.push(at);
    const generation = this.generation;
    const shownBefore = this.snapshot.shown ?? statsOf(before);
    let shown: ShownStats = { ...shownBefore, movesLeft: Math.max(0, shownBefore.movesLeft - 1) };
    this.update({ state: result.state, busy: true, shown, celebration: null });
    this.services.sound('swap');

    const onPhase = (phase: Phase) => {
      if (phase.kind !== 'pop' || generation !== this.generation) return;
      const step = result.steps[phase.step];
      if (!step) return;
      this.services.sound('match', Math.min(3, phase.step + step.cleared.length));
      shown = {
        ...shown,
        score: shown.score + step.points,
        matchesCollected: Math.min(
          shown.targetMatches,
          shown.matchesCollected + step.targetCollected,
        ),
      };
      this.update({ shown });
    };
    if (this.animator) await this.animator.playSwap(before.grid, result, onPhase);
    else result.steps.forEach((_, step) => onPhase({ kind: 'pop', step } as Phase));
    if (generation !== this.generation) return 'moved';

    this.maybeUpdateSession(result);
    this.afterMove(before, result);
    return 'moved';
  }

  private afterMove(before: GameState, result: SwapSuccess): void {
    const { state } = result;
    const noMoves = state.status === 'active' && !result.hasMoves;
    if (result.levelUp) {
      const { levelUp } = result;
      // SPEC: the level goes up 1 s after the move that completed it.
      this.update({
        shown: {
          score: state.score,
          level: levelUp.fromLevel,
          movesLeft: levelUp.unusedMoves,
          matchesCollected: before.level.targetMatches,
          targetMatches: before.level.targetMatches,
          targetColor: before.level.targetColor,
        },
        celebration: {
          kind: 'levelComplete',
          level: levelUp.fromLevel,
          bonus: levelUp.bonusPoints,
        },
      });
      this.later(LEVEL.levelUpDelayMs, () => {
        this.services.sound('levelUp');
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
      return;
    }
    this.update({ shown: statsOf(state), busy: state.status !== 'active', noMoves });
    if (state.status === 'gameOverPending') {
      this.later(OUT_OF_MOVES_DELAY_MS, () =>
        this.update({ phase: 'extraMovesOffer', busy: false }),
      );
    } else if (state.status === 'ended') {
      this.later(OUT_OF_MOVES_DELAY_MS, () => this.finish());
    }
  }

  /** 'Reset Grid' on the no-moves overlay: a new board, recorded in the log. */
  resetBoard(): boolean {
    const state = this.snapshot.state;
    if (!state || this.snapshot.phase !== 'playing') return false;
    const result = resetGrid(state);
    if (!result.ok) return false;
    this.log.push({ type: 'reset', at: Math.round(this.services.now()) });
    this.update({ state: result.state, noMoves: findMoves(result.state).length === 0 });
    this.animator?.showGrid(result.state.grid);
    this.services.recordImpressions();
    return true;
  }

  // --- extra moves -----------------------------------------------------------------------

  /** 'Watch Ad': counts the click, arms the reward and opens the ad. */
  watchAd(): void {
    if (this.snapshot.phase !== 'extraMovesOffer') return;
    this.rewardArmed = true;
    this.update({ phase: 'awaitingReward' });
    this.services.openAd();
  }

  /** 'No Thanks', or the offer closed without watching: the game ends. */
  declineExtraMoves(): void {
    const { phase } = this.snapshot;
    if (phase !== 'extraMovesOffer' && phase !== 'awaitingReward') return;
    this.finish();
  }

  /** The tab became visible again: an armed reward is credited (once per game). */
  onTabVisible(): void {
    if (this.rewardArmed) this.claimExtraMoves();
  }

  private claimExtraMoves(): void {
    const state = this.snapshot.state;
    if (!state) return;
    const result = grantExtraMoves(state);
    if (result.ok) {
      this.log.push({ type: 'extraMoves', at: Math.round(this.services.now()) });
      this.update({
        phase: 'playing',
        state: result.state,
        shown: statsOf(result.state),
        busy: false,
        noMoves: findMoves(result.state).length === 0,
      });
      this.services.toast({
        title: 'Extra Moves Added!',
        description: `You've earned ${result.movesAdded} more moves to complete the level!`,
        variant: 'success',
      });
      return;
    }
    this.rewardArmed = false;
    if (result.reason === 'alreadyGranted') {
      this.services.toast({
        title: 'Already Awarded',
        description: "You've already received extra moves in this game.",
      });
    }
  }

  // --- the end ---------------------------------------------------------------------------

  /** The player ends the game. */
  endByPlayer(): void {
    const { phase } = this.snapshot;
    if (phase === 'playing' || phase === 'extraMovesOffer' || phase === 'awaitingReward') {
      this.finish();
    }
  }

  private finish(): void {
    const current = this.snapshot.state;
    if (!current || this.snapshot.phase === 'over') return;
    const ended = endGame(current);
    const state = ended.ok ? ended.state : current;
    this.rewardArmed = false;
    this.clearTimers();
    this.services.music(false);
    this.services.sound('gameOver');
    this.sendSessionUpdate(state, true);
    const now = this.services.now();
    void this.services.recordCompletedGame({
      sessionTime: Math.round(now / 1000),
      gameTime: Math.round((now - this.startedAt) / 1000),
      hasAds: this.services.adIds().length > 0,
      adIds: this.services.adIds().length > 0 ? this.services.adIds() : undefined,
      adBlockerDetected: false,
      pointsMultiplier: 1,
    });

    const before = loadLocalHighScores();
    const score = state.score;
    const level = state.level.currentLevel;
    const personalBest = isPersonalBest(score, before);
    if (score > 0) {
      addLocalHighScore({
        score,
        level,
        playerName: this.playerName,
        date: new Date().toISOString(),
      });
      this.services.toast({
        title: 'Game Over',
        description: `Final score: ${numberFormat.format(score)}${personalBest ? ' - New high score!' : ''}`,
        variant: 'destructive',
      });
    } else {
      this.services.toast({ title: 'Better luck next time!', description: 'Final score: 0' });
    }
    this.update({
      phase: 'over',
      state,
      shown: statsOf(state),
      busy: false,
      noMoves: false,
      celebration: null,
      result: {
        score,
        level,
        moves: state.totalMoves,
        practice: this.sessionId === null,
        sessionId: this.sessionId,
        log: [...this.log],
        personalBest,
        localScoresBefore: before,
      },
    });
  }

  // --- the player session ----------------------------------------------------------------

  private maybeUpdateSession(result: SwapSuccess): void {
    const { state } = result;
    if (state.totalMoves % SESSION_UPDATE_EVERY === 0 || result.largestRun >= SESSION_UPDATE_RUN) {
      this.sendSessionUpdate(state, false);
    }
  }

  private sendSessionUpdate(state: GameState, ending: boolean): void {
    if (!this.sessionId) return;
    const timing = analyzeTiming(this.swapTimes);
    const figures: SessionFigures = {
      totalScore: state.score,
      matchCount: state.totalMatches,
      moveCount: state.totalMoves,
      averageMoveDuration: Math.round(timing.averageMoveDuration),
      playerName: this.playerName,
      moveTimestamps: this.unsentTimes,
    };
    if (timing.suspicious) {
      figures.suspiciousFlags = timing.flags.map((flag) => ({
        type: 'SUSPICIOUS_TIMING' as const,
        details:
          flag === 'fastMoves'
            ? `${Math.round(timing.fastRatio * 100)}% of gaps between moves under 100 ms`
            : `coefficient of variation of move gaps ${timing.coefficientOfVariation.toFixed(3)}`,
      }));
    }
    if (ending) figures.endingSession = true;
    this.unsentTimes = [];
    void this.services.updateSession(this.sessionId, figures);
  }

  // --- housekeeping ----------------------------------------------------------------------

  /** Back to the How to Play screen (after 'Restart Game' or closing the summary). */
  reset(): void {
    this.clearTimers();
    this.generation++;
    this.rewardArmed = false;
    this.services.music(false);
    this.update({
      phase: 'idle',
      state: null,
      shown: null,
      busy: false,
      noMoves: false,
      practice: false,
      celebration: null,
      result: null,
    });
    this.animator?.showGrid(null);
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  dispose(): void {
    this.clearTimers();
    this.generation++;
    this.services.music(false);
  }
}

export { EXTRA_MOVES };
