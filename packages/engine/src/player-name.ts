// The name a player's scores are shown under. One rule for the web (which should never let a
// player type a name the servers refuse), the gateway and the services that store names.

/** Counted in Unicode characters (code points), so 'Zoë' or an emoji is one character each. */
export const PLAYER_NAME_MAX_LENGTH = 20;

/**
 * C0/C1 control characters, line and paragraph separators (they break a board's row), and the
 * bidirectional marks, embeddings, overrides and isolates (they make a name read as another).
 */
const FORBIDDEN = /[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export type PlayerNameRejection = 'empty' | 'tooLong' | 'forbiddenCharacter';

export const PLAYER_NAME_MESSAGES: Readonly<Record<PlayerNameRejection, string>> = {
  empty: 'Player name is required',
  tooLong: `Player name must be at most ${PLAYER_NAME_MAX_LENGTH} characters`,
  forbiddenCharacter: 'Player name must not contain control characters',
};

export type PlayerNameCheck =
  | {
      ok: true;
      /** As shown: trimmed. */
      name: string;
      /** The comparison key: see playerNameKey. */
      key: string;
    }
  | { ok: false; reason: PlayerNameRejection; message: string };

/**
 * The same player whatever the case or Unicode form ('Ann', ' ANN ', 'ﬁre' = 'fire'): boards,
 * ranks and bans compare names by this key.
 */
export function playerNameKey(name: string): string {
  return name.trim().normalize('NFKC').toLowerCase();
}

/** 1 to 20 characters after trimming, none of them forbidden. Never throws. */
export function checkPlayerName(raw: string): PlayerNameCheck {
  const name = raw.trim();
  const length = [...name].length;
  const reason: PlayerNameRejection | null =
    length === 0
      ? 'empty'
      : length > PLAYER_NAME_MAX_LENGTH
        ? 'tooLong'
        : FORBIDDEN.test(name)
          ? 'forbiddenCharacter'
          : null;
  if (reason) return { ok: false, reason, message: PLAYER_NAME_MESSAGES[reason] };
  return { ok: true, name, key: playerNameKey(name) };
}

/** Typed input cut to the longest name the rule allows, by characters (never mid-character). */
export function truncatePlayerName(value: string): string {
  return Array.from(value).slice(0, PLAYER_NAME_MAX_LENGTH).join('');
}
