// The name a player's scores are shown under. One rule for the web (which should never let a
// player type a name the servers refuse), the gateway and the services that store names.
// Servers compare names by stricter keys than `playerNameKey`: confusable skeletons
// (`playerNameKeys` in @ballmatch/platform), which need Unicode data this package does not
// carry. The script and accent rules (UTS 39) are in name-scripts.ts.
import { hasExtraMark, isHighlyRestrictive } from './name-scripts';

/** Counted in Unicode characters (code points), so 'Zoë' or an emoji is one character each. */
export const PLAYER_NAME_MAX_LENGTH = 20;

/**
 * Characters that show nothing, or change how the rest of the name reads:
 * - control characters (Cc: C0 and C1, tabs and newlines), line and paragraph separators;
 * - format characters (Cf): zero-width spaces and joiners (U+200B-U+200D, U+2060, U+FEFF),
 *   soft hyphen, bidirectional marks, embeddings, overrides and isolates, tag characters...;
 * - every other default-ignorable code point (drawn as nothing by definition): the Hangul
 *   fillers U+115F, U+1160, U+3164 and U+FFA0 (letters, Lo, yet blank), the Khmer inherent
 *   vowels, the combining grapheme joiner, variation selectors, except U+FE0E and U+FE0F,
 *   which only pick text or emoji style (the key drops them);
 * - blank symbols none of the above covers: U+2800 BRAILLE PATTERN BLANK (So) and U+1D159
 *   MUSICAL SYMBOL NULL NOTEHEAD (So).
 * Spaces are not here: trimming takes them off the ends, and the key makes runs of spaces one.
 */
const INVISIBLE =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u2800\u{1D159}]|(?![\uFE0E\uFE0F])\p{Default_Ignorable_Code_Point}/u;

/** Private use (Co: shown differently by every font), unassigned (Cn) and lone surrogates (Cs). */
const UNKNOWN = /[\p{Co}\p{Cn}\p{Cs}]/u;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export type PlayerNameRejection =
  | 'empty'
  | 'tooLong'
  | 'forbiddenCharacter'
  | 'unknownCharacter'
  | 'noLetterOrDigit'
  | 'extraMark'
  | 'mixedScripts';

export const PLAYER_NAME_MESSAGES: Readonly<Record<PlayerNameRejection, string>> = {
  empty: 'Player name is required',
  tooLong: `Player name must be at most ${PLAYER_NAME_MAX_LENGTH} characters`,
  forbiddenCharacter: 'Player name must not contain invisible, control or formatting characters',
  unknownCharacter: 'Player name must not contain private-use or unassigned characters',
  noLetterOrDigit: 'Player name must contain at least one letter or digit',
  extraMark: 'Player name must not contain extra accent marks (repeated, stacked or hidden ones)',
  mixedScripts:
    'Player name must be written in one script (Latin may be mixed only with Chinese, Japanese or Korean)',
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
 * Unicode full case folding, as `lower(upper(lower(s)))`: for every assigned character this
 * gives what CaseFolding.txt's full folding gives ('ß', 'ẞ' and 'SS' all become 'ss', final
 * 'ς' becomes 'σ'), except that dotless 'ı' also becomes 'i' (a look-alike anyway) and
 * Cherokee folds to its small letters rather than its capitals (the same pairs compare equal).
 */
function foldCase(text: string): string {
  return text.toLowerCase().toUpperCase().toLowerCase();
}

/**
 * The same player whatever the case, Unicode form or spacing ('Ann', ' ANN ', 'Ａｎｎ',
 * 'ﬁre' = 'fire', 'Ann  Lee' = 'Ann Lee'): trimmed, NFKC, full case folding (NFKC again, as
 * folding can undo it), emoji/text style selectors dropped, runs of spaces made one.
 */
export function playerNameKey(name: string): string {
  return foldCase(name.trim().normalize('NFKC'))
    .normalize('NFKC')
    .replace(/[\uFE0E\uFE0F]/gu, '')
    .replace(/\s+/gu, ' ');
}

/**
 * 1 to 20 characters after trimming, nothing invisible, private-use or unassigned, at least
 * one letter or digit (so no name is made only of spaces, fillers, marks or symbols), no accent
 * mark the name does not need (UTS 39 5.4: hasExtraMark) and one script, or Latin with Chinese,
 * Japanese or Korean (UTS 39 5.2, 'Highly Restrictive': isHighlyRestrictive). Never throws.
 */
export function checkPlayerName(raw: string): PlayerNameCheck {
  return check(raw, true);
}

/**
 * A name to look up rather than to take (a ban or an unban by name): checkPlayerName without
 * its script and accent checks, which names stored before them may break. Never throws.
 */
export function checkPlayerNameToFind(raw: string): PlayerNameCheck {
  return check(raw, false);
}

function check(raw: string, spoofing: boolean): PlayerNameCheck {
  const name = raw.trim();
  const length = [...name].length;
  const reason: PlayerNameRejection | null =
    length === 0
      ? 'empty'
      : length > PLAYER_NAME_MAX_LENGTH
        ? 'tooLong'
        : INVISIBLE.test(name)
          ? 'forbiddenCharacter'
          : UNKNOWN.test(name)
            ? 'unknownCharacter'
            : !LETTER_OR_DIGIT.test(name)
              ? 'noLetterOrDigit'
              : spoofing && hasExtraMark(name)
                ? 'extraMark'
                : spoofing && !isHighlyRestrictive(name)
                  ? 'mixedScripts'
                  : null;
  if (reason) return { ok: false, reason, message: PLAYER_NAME_MESSAGES[reason] };
  return { ok: true, name, key: playerNameKey(name) };
}

/** Typed input cut to the longest name the rule allows, by characters (never mid-character). */
export function truncatePlayerName(value: string): string {
  return Array.from(value).slice(0, PLAYER_NAME_MAX_LENGTH).join('');
}
