import { checkPlayerName } from '@ballmatch/engine';
import { isProtectedName, playerNameSkeleton, PROTECTED_NAMES } from '../src';

const same = (a: string, b: string) => playerNameSkeleton(a) === playerNameSkeleton(b);

describe('playerNameSkeleton', () => {
  it.each([
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
  ])('%j looks like %j', (a, b) => {
    expect(same(a, b)).toBe(true);
  });

  it.each([
    ['Ann', 'Anna'],
    ['Ann', 'Ben'],
    ['Ann Lee', 'AnnLee'],
    ['Zoë', 'Zoe'],
  ])('%j is not %j', (a, b) => {
    expect(same(a, b)).toBe(false);
  });

  it('is the same for every spelling of a name the engine accepts, and never throws', () => {
    for (const name of ['Ann', 'Аnn', 'Ａｎｎ', 'ANN']) {
      expect(checkPlayerName(name).ok).toBe(true);
      expect(playerNameSkeleton(name)).toBe(playerNameSkeleton('ann'));
    }
    expect(() => playerNameSkeleton('\ud800\u200b')).not.toThrow();
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
