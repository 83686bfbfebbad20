// How servers compare player names and usernames: two names are the same name when a reader
// could take one for the other, by Unicode's confusable skeletons (Unicode Technical Standard
// 39, section 4) and by case. The engine's checkPlayerName decides which names are allowed at
// all (and stays free of dependencies); this adds the Unicode confusables data it cannot carry.
//
// The data comes from `unhomoglyph` (by nodeca): Unicode's confusables.txt as a map from each
// character to its prototype, with no dependencies and no native code. (Considered too:
// `confusables`, an English-only profanity filter with its own table, and `decancer`, a
// native library with its own 'cure' rules: neither is the UTS 39 mapping.)
//
// Why several keys: confusables.txt maps capital I and small l to one prototype (l), so case
// and look-alikes cannot be folded into one key without making i and l one letter. Folding
// case first loses I ~ l ('Iily' = 'iily'); taking the skeleton first reads every I as l, so
// 'LILY' would read 'llly'. Each name gets the keys of its plausible readings, and two names
// are the same when they share a key. The relation is not transitive ('IiIy' is 'lily' read
// in a sans-serif font and 'iiiy' in capitals' case, while 'lily' and 'iiiy' differ): stores
// keep every key of a name and compare by any.
import { playerNameKey } from '@ballmatch/engine';
import unhomoglyph from 'unhomoglyph';

/** UTS 39's skeleton, as written: NFD, each character to its confusables.txt prototype, NFD. */
export function confusableSkeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/**
 * The engine's key (trimmed, NFKC, full case folding, spaces made one) and the skeleton, in
 * turn until neither changes anything: a prototype may be a capital (0 -> O), and folding may
 * make a character that has a prototype of its own (Ⅼ -> ⅼ -> l).
 */
function foldedSkeleton(text: string): string {
  let key = text;
  for (let round = 0; round < 4; round += 1) {
    const next = confusableSkeleton(playerNameKey(key));
    if (next === key) break;
    key = next;
  }
  return key;
}

/** The one prototype that stands for both a capital and a small letter: I, l, 1, |, Ι, І, Ӏ... */
const STROKE = 'l';
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const CAPITAL = /[\p{Lu}\p{Lt}]/u;
const CASED = /[\p{Lu}\p{Lt}\p{Ll}]/u;

/**
 * A word of a skeleton as a reader takes it: a stroke among capitals is an I ('LlLY' reads
 * 'LILY'); elsewhere it is an l, or, with `titled`, an I when it opens the word ('lvy' may be
 * 'Ivy'). The word's case is told by its letters after the first, strokes apart.
 */
function readWord(word: string, titled: boolean): string {
  const told = [...word].slice(1).filter((g) => g !== STROKE && CASED.test(g));
  if (told.length > 0 && told.every((g) => CAPITAL.test(g))) return word.replaceAll(STROKE, 'I');
  return titled && word.startsWith(STROKE) ? `I${word.slice(STROKE.length)}` : word;
}

/**
 * The keys two names are compared by, the first being the name's own (its case-folded
 * skeleton, also the key of a new guest player in the scores service):
 * - the case-folded skeleton: case folded first, so every case of a name is one ('Lily' =
 *   'LILY' = 'lIlY');
 * - the skeleton of the name as written (UTS 39 as written: before any case folding), read
 *   with strokes in their word's case (readWord), then case-folded: its look-alikes in any
 *   case a reader takes for the name ('IiIy' = 'Lily', 'L1LY' = 'lily', 'Ⅼily' = 'lily');
 * - the same with a stroke opening a word read as I ('lvy' = 'Ivy' = 'ivy').
 * One to three distinct keys. For comparing only: never shown.
 */
export function playerNameKeys(name: string): string[] {
  const written = confusableSkeleton(
    name
      .trim()
      .replace(/[\uFE0E\uFE0F]/gu, '')
      .replace(/\s+/gu, ' '),
  );
  const reading = (titled: boolean) =>
    foldedSkeleton(written.replace(WORD, (word) => readWord(word, titled)));
  // Stored composed (NFC), as one reads them: 'zoë', not 'zoe' and a mark.
  const keys = [foldedSkeleton(name), reading(false), reading(true)];
  return [...new Set(keys.map((key) => key.normalize('NFC')))];
}

/** A name's own key (its first): the case-folded skeleton. */
export function playerNameSkeleton(name: string): string {
  return foldedSkeleton(name).normalize('NFC');
}

/** True when a reader could take one name for the other: they share a key. */
export function sameName(a: string, b: string): boolean {
  const keys = new Set(playerNameKeys(a));
  return playerNameKeys(b).some((key) => keys.has(key));
}

/**
 * Names nobody may play or register under, nor anything that looks like them: the site's staff
 * and the site itself. Compared by their keys, ignoring spaces and punctuation: 'Ball Match',
 * 'ＡＤＭＩＮ', 'ADMlN', 'adrnin' and 'M.O.D' are all protected.
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

/** A name's keys with only their letters, digits and marks: 'ball_match' = 'ballmatch'. */
const compactKeys = (name: string) =>
  playerNameKeys(name).map((key) => key.replace(/[^\p{L}\p{N}\p{M}]/gu, ''));

const PROTECTED = new Set(PROTECTED_NAMES.flatMap(compactKeys));

/** True when `name` is a protected name or looks like one. */
export function isProtectedName(name: string): boolean {
  return compactKeys(name).some((key) => PROTECTED.has(key));
}
