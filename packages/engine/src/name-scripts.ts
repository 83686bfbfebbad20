// Which scripts a player name is written in, and which of its accent marks it needs: Unicode
// Technical Standard 39 (Unicode Security Mechanisms), sections 5.1, 5.2 and 5.4, on the
// Unicode data of the JavaScript engine's own regular expressions (no tables carried here).

/**
 * Every script Unicode 17 has (ISO 15924 codes), for `\p{Script_Extensions=...}`. An engine
 * that predates a script refuses its name as a property (skipped below); it does not know the
 * script's characters either, so the name rule refuses them as unassigned.
 */
const SCRIPT_CODES = (
  'Adlm Aghb Ahom Arab Armi Armn Avst Bali Bamu Bass Batk Beng Berf Bhks Bopo Brah Brai Bugi ' +
  'Buhd Cakm Cans Cari Cham Cher Chrs Copt Cpmn Cprt Cyrl Deva Diak Dogr Dsrt Dupl Egyp Elba ' +
  'Elym Ethi Gara Geor Glag Gong Gonm Goth Gran Grek Gujr Gukh Guru Hang Hani Hano Hatr Hebr ' +
  'Hira Hluw Hmng Hmnp Hung Ital Java Kali Kana Kawi Khar Khmr Khoj Kits Knda Krai Kthi Lana ' +
  'Laoo Latn Lepc Limb Lina Linb Lisu Lyci Lydi Mahj Maka Mand Mani Marc Medf Mend Merc Mero ' +
  'Mlym Modi Mong Mroo Mtei Mult Mymr Nagm Nand Narb Nbat Newa Nkoo Nshu Ogam Olck Onao Orkh ' +
  'Orya Osge Osma Ougr Palm Pauc Perm Phag Phli Phlp Phnx Plrd Prti Rjng Rohg Runr Samr Sarb ' +
  'Saur Sgnw Shaw Shrd Sidd Sidt Sind Sinh Sogd Sogo Sora Soyo Sund Sunu Sylo Syrc Tagb Takr ' +
  'Tale Talu Taml Tang Tavt Tayo Telu Tfng Tglg Thaa Thai Tibt Tirh Tnsa Todr Tols Toto Tutg ' +
  'Ugar Vaii Vith Wara Wcho Xpeo Xsux Yezi Yiii Zanb'
).split(' ');

let scriptTests: [string, RegExp][] | undefined;

function scriptTestsNow(): [string, RegExp][] {
  scriptTests ??= SCRIPT_CODES.flatMap((code): [string, RegExp][] => {
    try {
      return [[code, new RegExp(`\\p{scx=${code}}`, 'u')]];
    } catch {
      return [];
    }
  });
  return scriptTests;
}

/** Common (digits, punctuation, emoji) and Inherited (generic accents): they go with any script. */
const ANY_SCRIPT = /[\p{scx=Zyyy}\p{scx=Zinh}]/u;

/**
 * A character's augmented script set (UTS 39, 5.1): its Script_Extensions, with Han writing
 * Chinese (with Bopomofo: Hanb), Japanese (Jpan) and Korean (Kore), Hiragana and Katakana
 * Japanese, Hangul Korean, Bopomofo Chinese. Null for a character of any script. A script
 * this engine cannot name ('Zzzz') stands for itself.
 */
function scriptSet(char: string): Set<string> | null {
  if (ANY_SCRIPT.test(char)) return null;
  const set = new Set(scriptTestsNow().flatMap(([code, test]) => (test.test(char) ? [code] : [])));
  if (set.size === 0) set.add('Zzzz');
  if (set.has('Hani')) ['Hanb', 'Jpan', 'Kore'].forEach((s) => set.add(s));
  if (set.has('Hira') || set.has('Kana')) set.add('Jpan');
  if (set.has('Hang')) set.add('Kore');
  if (set.has('Bopo')) set.add('Hanb');
  return set;
}

function intersect(a: Set<string> | null, b: Set<string> | null): Set<string> | null {
  if (!a) return b;
  if (!b) return a;
  return new Set([...a].filter((s) => b.has(s)));
}

/**
 * UTS 39's 'Highly Restrictive' level (5.2): the name's resolved script set is not empty (one
 * script, Common and Inherited characters going with any), or Latin goes with one of Han with
 * Hiragana and Katakana (Jpan), Han with Bopomofo (Hanb), Han with Hangul (Kore): its
 * characters other than Latin ones resolve to one of those.
 */
export function isHighlyRestrictive(name: string): boolean {
  let all: Set<string> | null = null;
  let notLatin: Set<string> | null = null;
  for (const char of name) {
    const set = scriptSet(char);
    all = intersect(all, set);
    if (!set?.has('Latn')) notLatin = intersect(notLatin, set);
  }
  if (!all || all.size > 0) return true;
  return ['Jpan', 'Hanb', 'Kore'].some((s) => notLatin?.has(s));
}

const MARK = /[\p{Mn}\p{Me}]/u;
/** Emoji or text style: a nonspacing mark by category, but part of an emoji, not an accent. */
const STYLE_SELECTOR = /[\uFE0E\uFE0F]/u;
const KEYCAP_BASE = /[0-9#*]/u;
const KEYCAP = '\u20E3';
const SOFT_DOTTED = /\p{Soft_Dotted}/u;
/**
 * Scripts whose accented letters Unicode encodes whole (é, ễ, ё, ά): a mark that NFC cannot
 * join to its letter is one no language of theirs needs, unless the letter carries an accent
 * already (Yoruba ọ̀, Navajo ą́: stacked accents that have no single character). Common
 * characters (digits, symbols) take no accent at all.
 */
const PRECOMPOSED_SCRIPT = /[\p{sc=Latn}\p{sc=Grek}\p{sc=Cyrl}\p{sc=Zyyy}]/u;
const MAX_MARKS = 4;

/**
 * UTS 39's optional detection of accents a name does not need (5.4): on its NFD form, one mark
 * twice on a character, or more than four on one; on its NFC form, a mark left over on a
 * soft-dotted letter (i, j, і, ị: the letter's dot hides a dot above), on a letter of a script
 * whose accented letters come whole (see PRECOMPOSED_SCRIPT), or, in another script, a mark
 * that script does not use (an acute on a Han character).
 */
export function hasExtraMark(name: string): boolean {
  let marks: string[] = [];
  for (const char of name.normalize('NFD')) {
    if (STYLE_SELECTOR.test(char)) continue;
    if (!MARK.test(char)) {
      marks = [];
      continue;
    }
    if (marks.includes(char) || marks.length === MAX_MARKS) return true;
    marks.push(char);
  }

  let base = '';
  for (const char of name.normalize('NFC')) {
    if (STYLE_SELECTOR.test(char)) continue;
    if (!MARK.test(char)) {
      base = char;
      continue;
    }
    if (char === KEYCAP && KEYCAP_BASE.test(base)) continue;
    if (SOFT_DOTTED.test(base)) return true;
    if (!base || PRECOMPOSED_SCRIPT.test(base)) {
      const accented = base.normalize('NFD').length > base.length;
      if (!accented) return true;
    } else {
      const shared = intersect(scriptSet(char) ?? new Set(), scriptSet(base));
      if (!shared || shared.size === 0) return true;
    }
  }
  return false;
}
