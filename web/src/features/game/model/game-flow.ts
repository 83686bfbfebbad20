// The life of one game on the page (docs/product.md 'Game flow'): start with a server session and
// seed, play moves through the engine while the board animates them, the extra-moves offer, the
// end. The engine is the rules; this class sequences what the player sees and hears, with its
// parts in their own files: the phases (phase-machine.ts), what the server hears during play
// (session-reporter.ts), the ad reward (extra-moves.ts) and the end (game-over.ts).
import { createGame, endGame, findMoves, resetGrid, swap } from '@ballmatch/engine';
import type { Cell, GameLog, GameState } from '@ballmatch/engine';
import type { Phase } from '@/game/animation';
import { ExtraMovesReward } from './extra-moves';
import { concludeGame } from './game-over';
import { PhaseMachine, playingOn } from './phase-machine';
import { SessionReporter } from './session-reporter';
import { statsOf, type ShownStats } from './shown-stats';
import type { FlowAnimator, FlowServices, GameSnapshot } from './types';

export type {
  Celebration,
  FlowAnimator,
  FlowServices,
  GamePhase,
  GameResult,
  GameSnapshot,
} from './types';

export class GameFlow {
  private readonly machine = new PhaseMachine();
  private readonly session: SessionReporter;
  private readonly reward: ExtraMovesReward;
  private animator: FlowAnimator | null = null;
  private log: GameLog = [];
  private startedAt = 0;

  constructor(private readonly services: FlowServices) {
    this.session = new SessionReporter(services);
    this.reward = new ExtraMovesReward(services.toast);
  }

  // --- observing -------------------------------------------------------------------------

  getSnapshot = (): GameSnapshot => this.machine.getSnapshot();

  subscribe = (listener: () => void): (() => void) => this.machine.subscribe(listener);

  /** The game log so far (the engine's entries, with their timestamps). */
  get gameLog(): GameLog {
    return this.log;
  }

  get currentSessionId(): string | null {
    return this.session.currentSessionId;
  }

  /** Whether the board takes input now. */
  get acceptsInput(): boolean {
    return this.machine.acceptsInput;
  }

  attachAnimator(animator: FlowAnimator | null): void {
    this.animator = animator;
    animator?.showGrid(this.getSnapshot().state?.grid ?? null);
  }

  // --- playing ---------------------------------------------------------------------------

  /** Starts a game: a server session with its seed, or a practice game if that fails. */
  async start(playerName: string): Promise<void> {
    if (!this.machine.allows('start')) return;
    const generation = this.machine.nextGeneration();
    this.machine.update({ phase: 'starting', result: null, celebration: null, noMoves: false });
    const opened = await this.session.open(playerName);
    if (!this.machine.isCurrent(generation)) return;

    const state = createGame(opened.seed);
    this.session.begin(opened, playerName);
    this.log = [];
    this.reward.disarm();
    this.startedAt = this.services.now();
    this.machine.update({
      ...playingOn(state),
      practice: opened.sessionId === null,
      celebration: null,
      result: null,
    });
    this.animator?.showGrid(state.grid);
    void this.services.incrementPlayCount(this.services.adIds().length > 0);
    this.services.recordImpressions();
    this.services.music(true);
  }

  /**
   * Tries a swap: 'invalid' shakes the balls, 'moved' plays the move out, 'ignored' means the
   * board was not taking input.
   */
  async trySwap(from: Cell, to: Cell): Promise<'moved' | 'invalid' | 'ignored'> {
    const before = this.getSnapshot().state;
    if (!before || !this.acceptsInput) return 'ignored';
    const result = swap(before, from, to);
    if (!result.ok) {
      this.services.sound('invalid');
      this.machine.update({ busy: true });
      await this.animator?.shake(before.grid, from, to);
      if (this.getSnapshot().state === before) this.machine.update({ busy: false });
      return 'invalid';
    }

    const at = Math.round(this.services.now());
    this.log.push({ type: 'swap', from: result.from, to: result.to, at });
    this.session.recordSwap(at);
    const generation = this.machine.currentGeneration;
    const shownBefore = this.getSnapshot().shown ?? statsOf(before);
    let shown: ShownStats = { ...shownBefore, movesLeft: Math.max(0, shownBefore.movesLeft - 1) };
    this.machine.update({ state: result.state, busy: true, shown, celebration: null });
    this.services.sound('swap');

    // The figures follow the animation: each cleared run adds its points as it pops.
    const onPhase = (phase: Phase) => {
      if (phase.kind !== 'pop' || !this.machine.isCurrent(generation)) return;
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
      this.machine.update({ shown });
    };
    if (this.animator) await this.animator.playSwap(before.grid, result, onPhase);
    else result.steps.forEach((_, step) => onPhase({ kind: 'pop', step } as Phase));
    if (!this.machine.isCurrent(generation)) return 'moved';

    this.session.afterMove(result);
    this.machine.settleMove(before, result, {
      levelUp: () => this.services.sound('levelUp'),
      ended: () => this.finish(),
    });
    return 'moved';
  }

  /** 'Reset Grid' on the no-moves overlay: a new board, recorded in the log. */
  resetBoard(): boolean {
    const state = this.getSnapshot().state;
    if (!state || !this.machine.allows('resetBoard')) return false;
    const result = resetGrid(state);
    if (!result.ok) return false;
    this.log.push({ type: 'reset', at: Math.round(this.services.now()) });
    this.machine.update({ state: result.state, noMoves: findMoves(result.state).length === 0 });
    this.animator?.showGrid(result.state.grid);
    this.services.recordImpressions();
    return true;
  }

  // --- out of moves ----------------------------------------------------------------------

  /** 'Watch Ad': counts the click, arms the reward and opens the ad. */
  watchAd(): void {
    if (!this.machine.allows('watchAd')) return;
    this.reward.arm();
    this.machine.update({ phase: 'awaitingReward' });
    this.services.openAd();
  }

  /** 'No Thanks', or the offer closed without watching: the game ends. */
  declineExtraMoves(): void {
    if (this.machine.allows('declineExtraMoves')) this.finish();
  }

  /** The tab became visible again: an armed reward is credited (once per game). */
  onTabVisible(): void {
    this.reward.collect(this.getSnapshot().state, (state) => {
      this.log.push({ type: 'extraMoves', at: Math.round(this.services.now()) });
      this.machine.update(playingOn(state));
    });
  }

  // --- the end ---------------------------------------------------------------------------

  /** The player ends the game. */
  endByPlayer(): void {
    if (this.machine.allows('endByPlayer')) this.finish();
  }

  private finish(): void {
    const current = this.getSnapshot().state;
    if (!current || this.getSnapshot().phase === 'over') return;
    const ended = endGame(current);
    const state: GameState = ended.ok ? ended.state : current;
    this.reward.disarm();
    this.machine.clearTimers();
    this.services.music(false);
    this.services.sound('gameOver');
    this.session.end(state);
    const result = concludeGame(
      state,
      {
        playerName: this.session.playerName,
        sessionId: this.session.currentSessionId,
        log: this.log,
        startedAt: this.startedAt,
      },
      this.services,
    );
    this.machine.update({
      phase: 'over',
      state,
      shown: statsOf(state),
      busy: false,
      noMoves: false,
      celebration: null,
      result,
    });
  }

  /** Back to the How to Play screen (after 'Restart Game' or closing the summary). */
  reset(): void {
    this.reward.disarm();
    this.services.music(false);
    this.machine.toIdle();
    this.animator?.showGrid(null);
  }

  dispose(): void {
    this.machine.nextGeneration();
    this.services.music(false);
  }
}
