// What the server hears about a game while it is played (docs/product.md 'Player sessions'):
// the session is created when the game starts (its answer carries the game's seed), updated on
// every 10th move and on any run of 5 or more with the moves' timestamps since the last update,
// and closed when the game ends. Updates are fire-and-forget: the player never waits for them.
import { analyzeTiming, type GameState, type SwapSuccess } from '@ballmatch/engine';
import type { SessionFigures } from '../api/player-session';
import type { FlowServices } from './types';

/** An update on every 10th move and on any run of 5 or more. */
export const SESSION_UPDATE_EVERY = 10;
export const SESSION_UPDATE_RUN = 5;

export interface OpenedSession {
  seed: string;
  /** Null for a practice game: the session could not be created. */
  sessionId: string | null;
}

type SessionServices = Pick<FlowServices, 'createSession' | 'updateSession' | 'randomSeed'>;

export class SessionReporter {
  private sessionId: string | null = null;
  private name = '';
  /** Every swap's time in this game (the timing check looks at all of them). */
  private swapTimes: number[] = [];
  /** The swaps not yet reported. */
  private unsentTimes: number[] = [];

  constructor(private readonly services: SessionServices) {}

  /**
   * Asks the server for a session and the game's seed; when that fails the game is a practice
   * game from a local random seed.
   */
  async open(playerName: string): Promise<OpenedSession> {
    try {
      const session = await this.services.createSession(playerName);
      return { seed: session.seed, sessionId: session.id };
    } catch (error) {
      console.warn(
        '[game] no player session; starting a practice game:',
        error instanceof Error ? error.message : error,
      );
      return { seed: this.services.randomSeed(), sessionId: null };
    }
  }

  /** The game of `session` has begun under `playerName`. */
  begin(session: OpenedSession, playerName: string): void {
    this.sessionId = session.sessionId;
    this.name = playerName;
    this.swapTimes = [];
    this.unsentTimes = [];
  }

  get currentSessionId(): string | null {
    return this.sessionId;
  }

  get playerName(): string {
    return this.name;
  }

  recordSwap(at: number): void {
    this.swapTimes.push(at);
    this.unsentTimes.push(at);
  }

  /** After a move has played out: reports it when it is a 10th move or made a run of 5+. */
  afterMove(result: SwapSuccess): void {
    const { state } = result;
    if (state.totalMoves % SESSION_UPDATE_EVERY === 0 || result.largestRun >= SESSION_UPDATE_RUN) {
      this.send(state, false);
    }
  }

  /** The final update, which closes the session. */
  end(state: GameState): void {
    this.send(state, true);
  }

  private send(state: GameState, ending: boolean): void {
    if (!this.sessionId) return;
    const timing = analyzeTiming(this.swapTimes);
    const figures: SessionFigures = {
      totalScore: state.score,
      matchCount: state.totalMatches,
      moveCount: state.totalMoves,
      averageMoveDuration: Math.round(timing.averageMoveDuration),
      playerName: this.name,
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
}
