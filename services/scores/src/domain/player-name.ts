import { AppError } from '@ballmatch/platform';

/** C0/C1 controls, line and paragraph separators, and bidirectional overrides (spoofing). */
const FORBIDDEN = /[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export const MAX_PLAYER_NAME = 20;

export interface PlayerName {
  /** As shown: trimmed. */
  name: string;
  /** The same player whatever the case or Unicode form ('Ann', 'ANN'): boards and bans use it. */
  key: string;
}

export function playerKey(name: string): string {
  return name.trim().normalize('NFKC').toLowerCase();
}

/** SPEC 5: 1 to 20 characters after trimming; control characters refused. */
export function parsePlayerName(raw: string, field = 'playerName'): PlayerName {
  const name = raw.trim();
  const length = [...name].length;
  if (length === 0) throw new AppError('INVALID_ARGUMENT', 'Player name is required', { field });
  if (length > MAX_PLAYER_NAME) {
    throw new AppError(
      'INVALID_ARGUMENT',
      `Player name must be at most ${MAX_PLAYER_NAME} characters`,
      { field },
    );
  }
  if (FORBIDDEN.test(name)) {
    throw new AppError('INVALID_ARGUMENT', 'Player name must not contain control characters', {
      field,
    });
  }
  return { name, key: playerKey(name) };
}
