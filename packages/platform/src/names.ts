// How servers compare player names and usernames: by a confusable skeleton (Unicode Technical
// Standard 39, section 4), so that names which look alike are the same name. The engine's
// checkPlayerName decides which names are allowed at all (and stays free of dependencies);
// this adds the Unicode confusables data it cannot carry.
//
// The data comes from `unhomoglyph` (by nodeca): Unicode's confusables.txt as a map from each
// character to its prototype, with no dependencies and no native code. UTS 39's skeleton is
// NFD, that map, NFD again, which `playerNameSkeleton` does around it. (Considered too:
// `confusables`, an English-only profanity filter with its own table, and `decancer`, a
// native library with its own 'cure' rules: neither is the UTS 39 mapping.)
import { playerNameKey } from '@ballmatch/engine';
import unhomoglyph from 'unhomoglyph';

/**
 * The key two names are the same player by: the engine's key (trimmed, NFKC, full case
 * folding, spaces made one), then the UTS 39 skeleton (NFD, confusables.txt prototypes, NFD),
 * then the engine's key once more, so a prototype that is a capital (0 -> O) equals its small
 * letter. 'Ann', 'ANN', 'Ａｎｎ' and 'Аnn' (Cyrillic А) have the same skeleton; so do 'm' and
 * 'rn'. For comparing only: never shown.
 */
export function playerNameSkeleton(name: string): string {
  return playerNameKey(unhomoglyph(playerNameKey(name).normalize('NFD')).normalize('NFD'));
}

/**
 * Names nobody may play or register under, nor anything that looks like them: the site's staff
 * and the site itself. Compared by skeleton, ignoring spaces and punctuation: 'Ball Match',
 * 'ＡＤＭＩＮ', 'Аdmin' (Cyrillic А), 'adrnin' and 'M.O.D' are all protected.
 */
export const PROTECTED_NAMES: readonly string[] = [
  'admin',
  'administrator',
  'moderator',
  'mod',
  'system',
  'root',
  'support',
  'ballmatch',
];

/** A skeleton with only its letters, digits and marks: 'ball_match' = 'ballmatch'. */
const compact = (name: string) => playerNameSkeleton(name).replace(/[^\p{L}\p{N}\p{M}]/gu, '');

const PROTECTED = new Set(PROTECTED_NAMES.map(compact));

/** True when `name` is a protected name or looks like one. */
export function isProtectedName(name: string): boolean {
  return PROTECTED.has(compact(name));
}
