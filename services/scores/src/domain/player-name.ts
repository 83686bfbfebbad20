import { AppError } from '@ballmatch/platform';
import { checkPlayerName } from '@ballmatch/engine';

export interface PlayerName {
  /** As shown: trimmed. */
  name: string;
  /** The comparison key boards and bans use (the engine's playerNameKey). */
  key: string;
}

/** The engine's player-name rule, its refusal as a 400 on `field`. */
export function parsePlayerName(raw: string, field = 'playerName'): PlayerName {
  const checked = checkPlayerName(raw);
  if (!checked.ok) throw new AppError('INVALID_ARGUMENT', checked.message, { field });
  return { name: checked.name, key: checked.key };
}
