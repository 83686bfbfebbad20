// What the server hears about a game besides its actions (docs/product.md 'Player sessions'):
// the client's own figures, updated on every 10th move and on any run of 5 or more with the
// moves' timestamps since the last update, and a last update when the game ends. They are kept
// for player tracking only (the score and the timing verdict come from the server's own game).
// Updates are fire-and-forget: the player never waits for them.
import { analyzeTiming } from '@ballmatch/engine';
import type { SessionFigures } from '../api/player-session';
import type { GameView } from './game-view';
import type { FlowServices } from './types';

/** An update on every 10th move and on any run of 5 or more. */
export const SESSION_UPDATE_EVERY = 10;
export const SESSION_UPDATE_RUN = 5;

type SessionServices = Pick<FlowServices, 'updateSession'>;

export class SessionReporter {
  private sessionId: string | null = null;
  private credential = '';
  private name = '';
  /** Every swap's time in this game (the timing check looks at all of them). */
  private swapTimes: number[] = [];
  /** The swaps not yet reported. */
  private unsentTimes: number[] = [];

  constructor(private readonly services: SessionServices) {}

  /** A game has begun (or been resumed) under `playerName`; null: a practice game. */
  begin(sessionId: string | null, credential: string, playerName: string): void {
    this.sessionId = sessionId;
    this.credential = credential;
    this.name = playerName;
    this.swapTimes = [];
    this.unsentTimes = [];
  }

  get playerName(): string {
    return this.name;
  }

  recordSwap(at: number): void {
    this.swapTimes.push(at);
    this.unsentTimes.push(at);
  }

  /** After a move has played out: reports it when it is a 10th move or made a run of 5+. */
  afterMove(game: GameView, largestRun: number): void {
    if (game.totalMoves % SESSION_UPDATE_EVERY === 0 || largestRun >= SESSION_UPDATE_RUN) {
      this.send(game, false);
    }
  }

  /** The last update, once the game has ended; it closes the session too (idempotently). */
  end(game: GameView): void {
    this.send(game, true);
  }

  private send(game: GameView, ending: boolean): void {
    if (!this.sessionId) return;
    const timing = analyzeTiming(this.swapTimes);
    const figures: SessionFigures = {
      totalScore: game.score,
      matchCount: game.totalMatches,
      moveCount: game.totalMoves,
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
    void this.services.updateSession(this.sessionId, this.credential, figures);
  }
}
