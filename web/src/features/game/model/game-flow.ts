// The life of one game on the page (docs/product.md 'Game flow'): start (the signed-in player's
// unfinished game, a new ranked game held by the server, or a practice game when the server
// cannot be reached), moves sent to the game's channel while the board animates them, the
// extra-moves offer, the end. The server (or the engine, for practice) is the rules; this class
// sequences what the player sees and hears, with its parts in their own files: the phases
// (phase-machine.ts), where actions go (game-channel.ts), what the server hears besides
// (session-reporter.ts), the ad reward (extra-moves.ts) and the end (game-over.ts).
import type { CascadeStep, Cell } from '@ballmatch/engine';
import { boardAfterPop, type Phase } from '@/game/animation';
import { adIdsOf } from './ad-offers';
import { ExtraMovesReward, rewardRefusalOf } from './extra-moves';
import { PracticeChannel, RankedChannel, type GameChannel } from './game-channel';
import { concludeGame } from './game-over';
import {
  largestRunOf,
  movesOn,
  previewSwap,
  samePop,
  type GameView,
  type VisiblePop,
} from './game-view';
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

/** Told when the server's game took the page's board back to an earlier move. */
export const RESTORED_NOTICE = 'Your game was restored from the last saved move';

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class GameFlow {
  private readonly machine = new PhaseMachine();
  private readonly session: SessionReporter;
  private readonly reward: ExtraMovesReward;
  private animator: FlowAnimator | null = null;
  private channel: GameChannel | null = null;
  private startedAt = 0;
  /** The move being played out, if any: ending the game waits for it to settle. */
  private moving: Promise<void> | null = null;

  constructor(private readonly services: FlowServices) {
    this.session = new SessionReporter(services);
    this.reward = new ExtraMovesReward(services.toast);
  }

  // --- observing -------------------------------------------------------------------------

  getSnapshot = (): GameSnapshot => this.machine.getSnapshot();

  subscribe = (listener: () => void): (() => void) => this.machine.subscribe(listener);

  get currentSessionId(): string | null {
    return this.channel?.sessionId ?? null;
  }

  /** Whether the board takes input now. */
  get acceptsInput(): boolean {
    return this.machine.acceptsInput;
  }

  attachAnimator(animator: FlowAnimator | null): void {
    this.animator = animator;
    animator?.showGrid(this.getSnapshot().state?.grid ?? null);
  }

  // --- starting --------------------------------------------------------------------------

  /**
   * Starts a game. With `resume` (a signed-in player) the player's unfinished game comes first
   * (save progress); otherwise, or when there is none, a new ranked game; when the server cannot
   * be reached, a practice game.
   */
  async start(playerName: string, { resume = false }: { resume?: boolean } = {}): Promise<void> {
    if (!this.machine.allows('start')) return;
    const generation = this.machine.nextGeneration();
    this.machine.update({ phase: 'starting', result: null, celebration: null, noMoves: false });
    const current = resume ? await this.findCurrentGame() : null;
    if (!this.machine.isCurrent(generation)) return;
    if (current) {
      this.begin(current, current.playerName || playerName, true);
      return;
    }
    const channel = await this.openChannel(playerName);
    if (!this.machine.isCurrent(generation)) return;
    this.begin(channel, playerName, false);
  }

  /**
   * A signed-in player's page opens on the game they left unfinished, here or on another
   * device; nothing changes when there is none, or when a game has started meanwhile.
   */
  async resume(playerName: string): Promise<boolean> {
    if (this.getSnapshot().phase !== 'idle') return false;
    const generation = this.machine.currentGeneration;
    const current = await this.findCurrentGame();
    if (!current || !this.machine.isCurrent(generation) || this.getSnapshot().phase !== 'idle') {
      return false;
    }
    this.machine.nextGeneration();
    this.begin(current, current.playerName || playerName, true);
    return true;
  }

  private async findCurrentGame(): Promise<(GameChannel & { playerName: string }) | null> {
    try {
      const found = await this.services.currentGame();
      if (!found || found.game.status === 'ended') return null;
      // The account stands for the game: no credential is needed (nor known on this page).
      const channel = new RankedChannel(found.id, '', found.game, this.services, found.offers);
      return Object.assign(channel, {
        playerName: found.playerName,
      });
    } catch (error) {
      console.warn('[game] could not look for a game in progress:', describe(error));
      return null;
    }
  }

  /** A new ranked game, or a practice game from a local seed when that fails. */
  private async openChannel(playerName: string): Promise<GameChannel> {
    try {
      const session = await this.services.createSession(playerName);
      return new RankedChannel(
        session.id,
        session.credential,
        session.game,
        this.services,
        session.offers,
      );
    } catch (error) {
      console.warn('[game] no game server; starting a practice game:', describe(error));
      return new PracticeChannel(this.services.randomSeed());
    }
  }

  private begin(channel: GameChannel, playerName: string, resumed: boolean): void {
    this.channel?.close();
    this.channel = channel;
    channel.connect({
      replaced: (game, notice) => this.restore(channel, game, notice),
      reconnecting: (on) => {
        if (this.channel === channel) this.machine.update({ reconnecting: on });
      },
    });
    this.session.begin(channel.sessionId, channel.credential, playerName);
    this.reward.disarm();
    this.startedAt = this.services.now();
    this.machine.update({
      practice: channel.sessionId === null,
      reconnecting: false,
      offers: channel.offers,
      rewardRefusal: null,
      result: null,
    });
    this.show(channel.game);
    // A resumed game was counted when it began.
    if (!resumed) void this.services.incrementPlayCount(adIdsOf(channel.offers).length > 0);
    this.reportImpressions(channel);
    this.services.music(true);
  }

  /** The faces on a newly built grid, by their offers (none: nothing to report). */
  private reportImpressions(channel: GameChannel): void {
    if (channel.offers) this.services.recordImpressions(channel.offers);
  }

  /**
   * Shows a game as it stands (started, resumed, or read again after a refused action): the
   * board at rest, and the phase its status calls for.
   */
  private show(game: GameView): void {
    this.animator?.showGrid(game.grid);
    if (game.status === 'ended') {
      this.machine.update({ state: game, busy: false });
      this.finish();
      return;
    }
    this.machine.update({
      ...playingOn(game),
      phase: game.status === 'gameOverPending' ? 'extraMovesOffer' : 'playing',
      celebration: null,
    });
  }

  /**
   * The server's game replaced the one shown (its copy was stale, or it came back behind the
   * page: docs/product.md 'Game flow'): whatever was playing out stops and the board is redrawn
   * from it, with a short notice when the player's board went back.
   */
  private restore(channel: GameChannel, game: GameView, notice: boolean): void {
    const { phase } = this.getSnapshot();
    if (this.channel !== channel || phase === 'idle' || phase === 'starting' || phase === 'over') {
      return;
    }
    this.machine.nextGeneration();
    this.show(game);
    if (notice) this.services.toast({ title: RESTORED_NOTICE });
  }

  // --- playing ---------------------------------------------------------------------------

  /**
   * Tries a swap: 'invalid' shakes the balls (nothing is sent), 'moved' plays the move out,
   * 'ignored' means the board was not taking input.
   */
  async trySwap(from: Cell, to: Cell): Promise<'moved' | 'invalid' | 'ignored'> {
    const before = this.getSnapshot().state;
    const channel = this.channel;
    if (!before || !channel || !this.acceptsInput) return 'ignored';
    const preview = previewSwap(before, from, to);
    if (!preview.ok) {
      this.services.sound('invalid');
      this.machine.update({ busy: true });
      await this.animator?.shake(before.grid, from, to);
      if (this.getSnapshot().state === before) this.machine.update({ busy: false });
      return 'invalid';
    }
    const move = this.playMove(channel, before, from, to, preview.pop);
    this.moving = move;
    try {
      await move;
    } finally {
      if (this.moving === move) this.moving = null;
    }
    return 'moved';
  }

  /**
   * A valid swap: it is sent at once, and while its answer is on the way the board plays the
   * swap (200 ms) and the pop of the runs it makes (350 ms), which the board already shows. The
   * answer brings the rest (what falls, the new balls, further rounds) and the figures.
   */
  private async playMove(
    channel: GameChannel,
    before: GameView,
    from: Cell,
    to: Cell,
    pop: VisiblePop,
  ): Promise<void> {
    this.session.recordSwap(Math.round(this.services.now()));
    const answered = channel.send({ type: 'swap', from, to });
    const generation = this.machine.currentGeneration;
    const shownBefore = this.getSnapshot().shown ?? statsOf(before);
    let shown: ShownStats = { ...shownBefore, movesLeft: Math.max(0, shownBefore.movesLeft - 1) };
    this.machine.update({ busy: true, shown, celebration: null });
    this.services.sound('swap');

    // The figures follow the animation: each cleared run adds its points as it pops.
    let steps: readonly Pick<CascadeStep, 'cleared' | 'points' | 'targetCollected'>[] = [pop];
    const onPhase = (phase: Phase) => {
      if (phase.kind !== 'pop' || !this.machine.isCurrent(generation)) return;
      const step = steps[phase.step];
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
    if (this.animator) await this.animator.playOpening(before.grid, { from, to, pop }, onPhase);
    else onPhase({ kind: 'pop', step: 0 } as Phase);

    const outcome = await answered;
    if (!this.machine.isCurrent(generation)) return;
    if (!outcome.ok || !outcome.answer.steps[0] || !samePop(pop, outcome.answer.steps[0])) {
      // Out of step with the server (its board was not the one shown): its game it is.
      this.show(outcome.ok ? outcome.answer.game : outcome.game);
      return;
    }
    const { answer } = outcome;
    steps = answer.steps;
    const afterPop = boardAfterPop(before.grid, from, to, pop.removed);
    if (this.animator) await this.animator.playCascade(afterPop, answer.steps, onPhase);
    else answer.steps.forEach((_, step) => step > 0 && onPhase({ kind: 'pop', step } as Phase));
    if (!this.machine.isCurrent(generation)) return;

    this.animator?.showGrid(answer.game.grid);
    this.machine.update({ state: answer.game });
    this.session.afterMove(answer.game, largestRunOf(answer.steps));
    this.machine.settleMove(before, answer, {
      levelUp: () => this.services.sound('levelUp'),
      ended: () => this.finish(),
    });
  }

  /** 'Reset Grid' on the no-moves overlay: a new board from the server, costing no move. */
  async resetBoard(): Promise<boolean> {
    const state = this.getSnapshot().state;
    const channel = this.channel;
    if (!state || !channel || !this.machine.allows('resetBoard')) return false;
    if (state.status !== 'active' || movesOn(state.grid).length > 0) return false;
    const generation = this.machine.currentGeneration;
    this.machine.update({ busy: true });
    const outcome = await channel.send({ type: 'reset' });
    if (!this.machine.isCurrent(generation)) return false;
    this.show(outcome.ok ? outcome.answer.game : outcome.game);
    if (outcome.ok) this.reportImpressions(channel);
    return outcome.ok;
  }

  // --- out of moves ----------------------------------------------------------------------

  /** 'Watch Ad': counts the click, arms the reward and opens the ad. */
  watchAd(): void {
    if (!this.machine.allows('watchAd')) return;
    this.reward.arm();
    this.machine.update({ phase: 'awaitingReward', rewardRefusal: null });
    this.services.openAd(this.channel?.offers?.reward ?? null);
  }

  /** 'No Thanks', or the offer closed without watching: the game ends. */
  declineExtraMoves(): void {
    if (this.machine.allows('declineExtraMoves')) this.finish();
  }

  /**
   * The tab became visible again: an armed reward is credited by the server (once per game). When
   * the server says the ad was not watched (its click not recorded), the offer comes back with
   * that message, and 'Watch Ad' arms it again.
   */
  onTabVisible(): Promise<void> {
    const channel = this.channel;
    const generation = this.machine.currentGeneration;
    return this.reward.collect(this.getSnapshot().state, async () => {
      if (!channel) return null;
      const outcome = await channel.send({ type: 'extraMoves' });
      if (!this.machine.isCurrent(generation)) return null;
      if (!outcome.ok) {
        const refusal = rewardRefusalOf(outcome.error);
        if (refusal) {
          this.reward.disarm();
          this.machine.update({ rewardRefusal: refusal });
        }
        this.show(outcome.game);
        return null;
      }
      this.machine.update({ ...playingOn(outcome.answer.game), rewardRefusal: null });
      return { movesAdded: outcome.answer.movesAdded };
    });
  }

  // --- the end ---------------------------------------------------------------------------

  /** The player ends the game (once the move being played out, if any, has settled). */
  endByPlayer(): void {
    if (!this.machine.allows('endByPlayer')) return;
    if (!this.moving) {
      this.finish();
      return;
    }
    void this.moving.then(() => {
      if (this.machine.allows('endByPlayer')) this.finish();
    });
  }

  /**
   * The game is over: the server hears it (`{type: 'end'}`, unless it ended the game itself),
   * then the session gets its last figures; the page shows the result at once.
   */
  private finish(): void {
    const current = this.getSnapshot().state;
    const channel = this.channel;
    if (!current || !channel || this.getSnapshot().phase === 'over') return;
    this.machine.nextGeneration();
    this.reward.disarm();
    this.services.music(false);
    this.services.sound('gameOver');
    const state: GameView = { ...current, status: 'ended' };
    const ended = channel.send({ type: 'end' }).then((outcome) => {
      const game = outcome.ok ? outcome.answer.game : outcome.game;
      this.session.end(game);
      return game.result ?? null;
    });
    const result = concludeGame(
      state,
      {
        playerName: this.session.playerName,
        sessionId: channel.sessionId,
        credential: channel.credential,
        ended,
        startedAt: this.startedAt,
        adIds: adIdsOf(channel.offers),
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
    this.channel?.close();
    this.channel = null;
    this.machine.toIdle();
    this.animator?.showGrid(null);
  }

  dispose(): void {
    this.channel?.close();
    this.machine.nextGeneration();
    this.services.music(false);
  }
}
