// The name comparison against look-alikes drawn from Unicode's own confusables data (the
// `unhomoglyph` package's copy of confusables.txt): a name's look-alikes, in whatever case a
// reader would take for the same name, are the same name; a name with a letter changed is not.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { confusableSkeleton, playerNameSkeleton, sameName } from '../src';

/** confusables.txt: each source character and its prototype. */
const CONFUSABLES = Object.entries(
  JSON.parse(readFileSync(require.resolve('unhomoglyph/data.json'), 'utf8')) as Record<
    string,
    string
  >,
);

/**
 * Every character confusables.txt says looks like `char` (the same prototype), `char` itself
 * included. Marks are left out: one standing for a letter would join the letter before it.
 */
function lookAlikesOf(char: string, keep: (source: string) => boolean = () => true): string[] {
  const prototype = confusableSkeleton(char);
  const sources = CONFUSABLES.map(([source]) => source).filter(
    (source) =>
      !/[\p{M}\s]/u.test(source) && keep(source) && confusableSkeleton(source) === prototype,
  );
  return [...new Set([char, ...sources])];
}

const LETTERS = [...'abcdefghijklmnopqrstuvwxyz'];
const LOOK_ALIKES = new Map(
  [...LETTERS, ...LETTERS.map((l) => l.toUpperCase())].map((c) => [c, lookAlikesOf(c)]),
);
/**
 * Latin and Common look-alikes only (full-width, mathematical, small capitals...), and of
 * those only the ones whose other case looks like the letter's other case: mathematical bold
 * capital upsilon 𝚼 looks like Y, but its small letter, υ, looks like u, so 'AAAA𝚼' is
 * 'aaaau' in another case, not another name.
 */
const LATIN_LOOK_ALIKES = new Map(
  [...LOOK_ALIKES.keys()].map((c) => [
    c,
    lookAlikesOf(
      c,
      (s) => /[\p{sc=Latn}\p{sc=Zyyy}]/u.test(s) && playerNameSkeleton(s) === playerNameSkeleton(c),
    ),
  ]),
);

/**
 * A word of small Latin letters. When all but its first letter are i, nothing in it tells
 * capitals from small letters once I and l are one stroke ('ii' in capitals, 'II', looks like
 * 'll'): such a word is read in small letters, so it is left out here.
 */
const word = fc
  .array(fc.constantFrom(...LETTERS), { minLength: 1, maxLength: 7 })
  .filter((w) => w.length === 1 || w.slice(1).some((c) => c !== 'i'))
  .map((w) => w.join(''));
const baseName = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));

/** Per character: keep it, or which look-alike stands for it (any, the character included). */
const picks = fc.array(fc.nat(), { minLength: 30, maxLength: 30 });

function substitute(name: string, chosen: number[], table = LOOK_ALIKES): string {
  return [...name]
    .map((char, i) => {
      const options = table.get(char);
      const pick = chosen[i % chosen.length]!;
      return options && pick % 2 === 0 ? options[(pick >> 1) % options.length]! : char;
    })
    .join('');
}

const CASES = {
  lower: (name: string) => name.toLowerCase(),
  upper: (name: string) => name.toUpperCase(),
  title: (name: string) => name.replace(/\p{L}+/gu, (w) => w[0]!.toUpperCase() + w.slice(1)),
};

function recase(name: string, upper: boolean[]): string {
  return [...name].map((c, i) => (upper[i % upper.length] ? c.toUpperCase() : c)).join('');
}
const casePattern = fc.array(fc.boolean(), { minLength: 1, maxLength: 30 });

const RUNS = { numRuns: 400 };

describe('sameName over look-alikes from confusables.txt', () => {
  it('a name and its look-alikes, as written, are one name (UTS 39 skeleton)', () => {
    fc.assert(
      fc.property(baseName, casePattern, picks, (base, upper, chosen) => {
        const written = recase(base, upper);
        const lookAlike = substitute(written, chosen);
        expect(confusableSkeleton(lookAlike)).toBe(confusableSkeleton(written));
        expect(sameName(lookAlike, written)).toBe(true);
      }),
      RUNS,
    );
  });

  it('a name in any case is the same name', () => {
    fc.assert(
      fc.property(baseName, casePattern, (base, upper) => {
        expect(sameName(recase(base, upper), base)).toBe(true);
      }),
      RUNS,
    );
  });

  it('a look-alike of the name in small letters, capitals or title case is the same name', () => {
    fc.assert(
      fc.property(
        baseName,
        fc.constantFrom(...(Object.keys(CASES) as (keyof typeof CASES)[])),
        picks,
        (base, pattern, chosen) => {
          const lookAlike = substitute(CASES[pattern](base), chosen);
          expect(sameName(lookAlike, base)).toBe(true);
          expect(sameName(base, lookAlike)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('a name with one letter changed is another name, in any case and any Latin look', () => {
    const changed = fc
      .record({
        base: baseName,
        at: fc.nat(),
        letter: fc.constantFrom(...LETTERS),
        upper: casePattern,
        chosen: picks,
      })
      .map(({ base, at, letter, upper, chosen }) => {
        const chars = [...base];
        const positions = chars.flatMap((c, i) => (c === ' ' ? [] : [i]));
        const i = positions[at % positions.length]!;
        const was = chars[i]!;
        chars[i] = letter;
        const other = chars.join('');
        return {
          base,
          was,
          letter,
          other,
          shown: substitute(recase(other, upper), chosen, LATIN_LOOK_ALIKES),
        };
      })
      // Not a look-alike change: i and l are one stroke once one of them is a capital, and a
      // changed letter can make a look-alike with its neighbours (r n, m).
      .filter(
        ({ base, was, letter, other }) =>
          was !== letter &&
          !(was + letter).match(/^(il|li)$/) &&
          confusableSkeleton(other) !== confusableSkeleton(base),
      );
    fc.assert(
      fc.property(changed, ({ base, shown }) => {
        expect(sameName(shown, base)).toBe(false);
      }),
      RUNS,
    );
  });
});
