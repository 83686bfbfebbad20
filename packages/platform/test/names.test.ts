import { checkPlayerName } from '@ballmatch/engine';
import { isProtectedName, playerNameKeys, PROTECTED_NAMES, sameName } from '../src';

const same = sameName;

/** Pairs that read as one name. */
const LOOK_ALIKE: [string, string][] = [
  ['Аnn', 'Ann'], // Cyrillic А (U+0410)
  ['аnn', 'ann'], // Cyrillic а (U+0430)
  ['Ａｎｎ', 'Ann'], // full-width
  ['ANN', 'ann'],
  ['aNn', 'Ann'],
  [' Ann ', 'Ann'],
  ['Αnn', 'Ann'], // Greek capital alpha (folds to α, whose prototype is a)
  ['𝐀𝐧𝐧', 'Ann'], // mathematical bold
  ['rn', 'm'],
  ['b0b', 'bob'], // zero's prototype is capital O
  ['Zoe\u0308', 'Zoë'],
  ['STRASSE', 'straße'],
  ['Ann  Lee', 'Ann Lee'],
  // Unicode maps capital I and small l to one prototype (l): compared before case folding.
  ['Iily', 'lily'],
  ['IiIy', 'lily'],
  ['IiIy', 'Lily'],
  ['IiIy', 'LILY'],
  ['Ⅼily', 'Lily'], // Roman numeral fifty
  ['Ⅼily', 'lily'],
  ['Ⅼily', 'IiIy'],
  ['ⅼily', 'lily'], // small Roman numeral fifty
  ['|ily', 'lily'],
  ['1ily', 'lily'],
  ['Bi11', 'Bill'],
  // In capitals, a stroke reads as I.
  ['L1LY', 'lily'],
  ['LlLY', 'Lily'],
  ['B|LL', 'bill'],
  ['ADMlN', 'Admin'],
  // A stroke opening a word may be a capital I: 'lvy' reads as 'Ivy'.
  ['lvy', 'ivy'],
  ['Ivy', 'ivy'],
  ['AI', 'Al'],
  // Case and look-alikes together.
  ['ＬＩＬＹ', 'lily'],
  ['𝐋𝐢𝐥𝐲', 'LILY'],
  ['Ｂ０Ｂ', 'bob'],
];

/** Pairs that do not. */
const DIFFERENT: [string, string][] = [
  ['Ann', 'Anna'],
  ['Ann', 'Ben'],
  ['Ann Lee', 'AnnLee'],
  ['Zoë', 'Zoe'],
  // I and l look alike; i and l do not, and neither do ii and ll.
  ['lily', 'iiiy'],
  ['lily', 'llly'],
  ['LILY', 'llly'],
  ['Ai', 'Al'],
  ['Bill', 'Biii'],
  ['Ella', 'Elia'],
  ['Kai', 'Kal'],
];

describe('sameName', () => {
  it.each([
    ...LOOK_ALIKE.map(([a, b]) => [a, b, true] as const),
    ...DIFFERENT.map(([a, b]) => [a, b, false] as const),
  ])('%j and %j look alike: %s (either way round)', (a, b, alike) => {
    expect(same(a, b)).toBe(alike);
    expect(same(b, a)).toBe(alike);
  });

  it('is the same for every spelling of a name the engine accepts, and never throws', () => {
    for (const name of ['Ann', 'Ａｎｎ', 'ANN', '𝐀𝐧𝐧']) {
      expect(checkPlayerName(name).ok).toBe(true);
      expect(same(name, 'ann')).toBe(true);
    }
    expect(() => playerNameKeys('\ud800\u200b')).not.toThrow();
  });

  it('gives a name one to three keys, the case-folded skeleton first', () => {
    expect(playerNameKeys('Ann')).toEqual(['ann']);
    expect(playerNameKeys('B0B')).toEqual(['bob']);
    expect(playerNameKeys('IiIy')).toEqual(['iiiy', 'lily', 'iily']);
    expect(playerNameKeys('LILY')).toEqual(['lily']);
  });
});

describe('protected names', () => {
  it.each([
    ...PROTECTED_NAMES,
    'Admin',
    'ADMINISTRATOR',
    'Аdmin', // Cyrillic А
    'ＡＤＭＩＮ',
    'adrnin', // r + n looks like m
    'Mod',
    'M.O.D',
    'rnod',
    'BallMatch',
    'Ball Match',
    'ball_match',
    'BALL-MATCH',
    'Bаll Mаtch', // Cyrillic а
    'Mοd', // Greek ο
    'System',
    'Moderator',
    'ADMlN', // a small l among capitals reads as I
    'Adrnin',
    'SYSTEM',
  ])('%j is protected', (name) => {
    expect(isProtectedName(name)).toBe(true);
  });

  it.each(['Ann', 'Admin2', 'Modest', 'Balls', 'Match', 'Systems', 'Guest-42'])(
    '%j is not',
    (name) => {
      expect(isProtectedName(name)).toBe(false);
    },
  );
});
