import { entryFromCode, replay, type ReplaySuccess } from '@ballmatch/engine';
import { AppError } from '@ballmatch/platform';

export interface Claim {
  score: number;
  level: number;
  moves?: number;
}

/**
 * A ranked game as the sessions service holds it (sessions.v1 GetSessionForScoring): its final
 * figures, and for the audit replay its seed and action log (the engine's action codes and the
 * times the server received them).
 */
export interface ScoringGame {
  seed: string;
  /** The session is suspicious: the server's timing flag at the game's end, or an admin's. */
  suspicious: boolean;
  finished: boolean;
  score: number;
  level: number;
  moves: number;
  actionCodes: number[];
  actionTimes: number[];
}

/**
 * A score is accepted only from a finished server-held game whose final score and level are
 * the claimed ones (422 saying what differs). The game's action log is then replayed from the
 * seed with the engine, as an audit: it must reach the same figures (anything else is this
 * platform's fault, never the player's: 500). The replay's figures are what is stored, and its
 * timing analysis of the server's times goes with the score.
 */
export function verifyGame(game: ScoringGame, claim: Claim): ReplaySuccess {
  if (!game.finished) {
    throw new AppError('FAILED_PRECONDITION', 'Finish the game before submitting its score', {
      field: 'sessionId',
    });
  }
  // The client's move count was never checked here (older clients count their own way).
  checkFigures(game, { score: claim.score, level: claim.level });
  return auditReplay(game);
}

/** The claimed figures are the game's (422 saying what differs); moves only when claimed. */
export function checkFigures(
  game: { score: number; level: number; moves: number },
  claim: Claim,
): void {
  if (claim.score !== game.score) {
    throw new AppError(
      'FAILED_PRECONDITION',
      `Score does not match the game: claimed ${claim.score} points, the game scored ${game.score}`,
      { field: 'score' },
    );
  }
  if (claim.level !== game.level) {
    throw new AppError(
      'FAILED_PRECONDITION',
      `Score does not match the game: claimed level ${claim.level}, the game reached level ${game.level}`,
      { field: 'level' },
    );
  }
  if (claim.moves !== undefined && claim.moves !== game.moves) {
    throw new AppError(
      'FAILED_PRECONDITION',
      `Score does not match the game: claimed ${claim.moves} moves, the game made ${game.moves}`,
      { field: 'moves' },
    );
  }
}

/** The held log replayed from the seed reaches the held game's figures. */
export function auditReplay(game: ScoringGame): ReplaySuccess {
  if (game.actionTimes.length !== game.actionCodes.length) {
    throw new AppError('INTERNAL', 'The game log is incomplete');
  }
  const log = game.actionCodes.map((code, i) => entryFromCode(code, game.actionTimes[i]!));
  const result = replay(game.seed, log);
  if (!result.ok) {
    throw new AppError(
      'INTERNAL',
      `The game log does not replay: entry ${result.entryIndex}: ${result.message}`,
    );
  }
  if (result.score !== game.score || result.level !== game.level || result.moves !== game.moves) {
    throw new AppError('INTERNAL', 'The game log does not replay to the game');
  }
  return result;
}
