import { parseGameLog, replay, type ReplaySuccess } from '@ballmatch/engine';
import { AppError } from '@ballmatch/platform';

export interface Claim {
  score: number;
  level: number;
}

/**
 * Replays the game from its session's seed with the engine the client played with. A
 * malformed log is bad input (400, the engine's message); a log that is no possible game, or a
 * game that does not reach the claimed score and level, breaks a rule (422, saying what).
 */
export function verifyGame(seed: string, gameLog: string, claim: Claim): ReplaySuccess {
  const decoded = parseGameLog(gameLog);
  if (!decoded.ok) throw new AppError('INVALID_ARGUMENT', decoded.error, { field: 'gameLog' });
  const result = replay(seed, decoded.log);
  if (!result.ok) {
    throw new AppError(
      'FAILED_PRECONDITION',
      `The game log is not a possible game: entry ${result.entryIndex}: ${result.message}`,
      { field: 'gameLog' },
    );
  }
  if (result.score !== claim.score) {
    throw new AppError(
      'FAILED_PRECONDITION',
      `Score does not match the game: claimed ${claim.score}, replay gives ${result.score}`,
      { field: 'score' },
    );
  }
  if (result.level !== claim.level) {
    throw new AppError(
      'FAILED_PRECONDITION',
      `Level does not match the game: claimed ${claim.level}, replay gives ${result.level}`,
      { field: 'level' },
    );
  }
  return result;
}
