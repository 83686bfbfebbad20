import { PLAYER_NAME_MAX_LENGTH, checkPlayerName, playerNameKey, truncatePlayerName } from '../src';

const INVISIBLE = 'Player name must not contain invisible, control or formatting characters';
const UNKNOWN = 'Player name must not contain private-use or unassigned characters';
const NO_LETTER = 'Player name must contain at least one letter or digit';

describe('player names', () => {
  it('accept 1 to 20 characters after trimming, counted in code points', () => {
    expect(checkPlayerName('  Zoë  ')).toEqual({ ok: true, name: 'Zoë', key: 'zoë' });
    expect(checkPlayerName('x').ok).toBe(true);
    expect(checkPlayerName('7').ok).toBe(true);
    expect(checkPlayerName('x'.repeat(20)).ok).toBe(true);
    // 19 emoji are 38 UTF-16 units but 19 characters.
    expect(checkPlayerName(`A${'😀'.repeat(19)}`).ok).toBe(true);
    expect(checkPlayerName('Ann Lee').ok).toBe(true);
    expect(checkPlayerName('李小龍').ok).toBe(true);
    expect(checkPlayerName('Аnn').ok).toBe(true); // Cyrillic А: allowed, but compared as 'Ann'
    // An emoji's style selector (U+FE0F) is allowed; the key drops it.
    expect(checkPlayerName('Ann ❤️').ok).toBe(true);
  });

  it.each([
    ['', 'empty', 'Player name is required'],
    ['   ', 'empty', 'Player name is required'],
    ['\u3000\u00a0', 'empty', 'Player name is required'],
    ['x'.repeat(21), 'tooLong', 'Player name must be at most 20 characters'],
    [`A${'😀'.repeat(20)}`, 'tooLong', 'Player name must be at most 20 characters'],
    // control characters, separators, bidirectional controls
    ['bad\u0007name', 'forbiddenCharacter', INVISIBLE],
    ['tab\tname', 'forbiddenCharacter', INVISIBLE],
    ['c1\u0085name', 'forbiddenCharacter', INVISIBLE],
    ['line\u2028name', 'forbiddenCharacter', INVISIBLE],
    ['para\u2029name', 'forbiddenCharacter', INVISIBLE],
    ['evil\u202ename', 'forbiddenCharacter', INVISIBLE],
    ['iso\u2066late', 'forbiddenCharacter', INVISIBLE],
    ['mark\u200fname', 'forbiddenCharacter', INVISIBLE],
    // invisible-only names
    ['\u200b', 'forbiddenCharacter', INVISIBLE],
    ['\u2800', 'forbiddenCharacter', INVISIBLE],
    ['\u3164', 'forbiddenCharacter', INVISIBLE],
    ['\u3164\u3164\u3164', 'forbiddenCharacter', INVISIBLE],
    ['\u115f\u1160', 'forbiddenCharacter', INVISIBLE],
    ['\uffa0', 'forbiddenCharacter', INVISIBLE],
    ['\u{1d159}', 'forbiddenCharacter', INVISIBLE],
    // invisible characters inside a visible name (the look-alikes they make)
    ['An\u200bn', 'forbiddenCharacter', INVISIBLE],
    ['Ann\u200c', 'forbiddenCharacter', INVISIBLE],
    ['A\u200dnn', 'forbiddenCharacter', INVISIBLE],
    ['Ann\u2060', 'forbiddenCharacter', INVISIBLE],
    ['An\u00adn', 'forbiddenCharacter', INVISIBLE],
    ['An\u034fn', 'forbiddenCharacter', INVISIBLE],
    ['Ann\u3164', 'forbiddenCharacter', INVISIBLE],
    ['Ann\u2800', 'forbiddenCharacter', INVISIBLE],
    ['Ann\u17b5', 'forbiddenCharacter', INVISIBLE],
    ['Ann\ufe00', 'forbiddenCharacter', INVISIBLE],
    ['Ann\u{e0041}', 'forbiddenCharacter', INVISIBLE],
    ['\ufeffAnn\ufeffx', 'forbiddenCharacter', INVISIBLE],
    // private use, unassigned, lone surrogates
    ['Ann\ue000', 'unknownCharacter', UNKNOWN],
    ['Ann\u{f0000}', 'unknownCharacter', UNKNOWN],
    ['Ann\u0378', 'unknownCharacter', UNKNOWN],
    ['Ann\ufdd0', 'unknownCharacter', UNKNOWN],
    ['Ann\ud800', 'unknownCharacter', UNKNOWN],
    // nothing to read
    ['...', 'noLetterOrDigit', NO_LETTER],
    ['😀😀', 'noLetterOrDigit', NO_LETTER],
    ['_ - _', 'noLetterOrDigit', NO_LETTER],
    ['\u0301\u0301', 'noLetterOrDigit', NO_LETTER],
  ])('refuse %j (%s) with a message, never a throw', (raw, reason, message) => {
    expect(checkPlayerName(raw)).toEqual({ ok: false, reason, message });
  });

  it('compare by a key that ignores case, Unicode form and spacing', () => {
    expect(playerNameKey(' Ann ')).toBe(playerNameKey('ANN'));
    expect(playerNameKey('aNn')).toBe('ann');
    expect(playerNameKey('Ａｎｎ')).toBe('ann'); // full-width
    expect(playerNameKey('ﬁre')).toBe(playerNameKey('fire'));
    expect(playerNameKey('Zoe\u0308')).toBe(playerNameKey('Zoë'));
    expect(playerNameKey('Ann  Lee')).toBe(playerNameKey('Ann Lee'));
    expect(playerNameKey('Ann\u3000Lee')).toBe(playerNameKey('Ann Lee'));
    expect(playerNameKey('Ann ❤️')).toBe(playerNameKey('Ann ❤'));
  });

  it('fold case fully, not just to lower case', () => {
    expect(playerNameKey('STRASSE')).toBe(playerNameKey('straße'));
    expect(playerNameKey('STRAẞE')).toBe(playerNameKey('straße'));
    expect(playerNameKey('ΟΔΥΣΣΕΥΣ')).toBe(playerNameKey('οδυσσευς'));
    expect(playerNameKey('ΟΔΥΣΣΕΥΣ')).toBe(playerNameKey('οδυσσευσ'));
  });

  it('keep different letters apart: look-alikes are the servers’ skeleton’s job', () => {
    // Cyrillic А is another letter; @ballmatch/platform's playerNameSkeleton makes them equal.
    expect(playerNameKey('Аnn')).not.toBe(playerNameKey('Ann'));
  });

  it('truncate typed input by characters, so it never splits one or exceeds the limit', () => {
    expect(truncatePlayerName('x'.repeat(25))).toBe('x'.repeat(PLAYER_NAME_MAX_LENGTH));
    const emoji = truncatePlayerName(`A${'😀'.repeat(25)}`);
    expect(emoji).toBe(`A${'😀'.repeat(19)}`);
    expect(checkPlayerName(emoji).ok).toBe(true);
    expect(truncatePlayerName('Ann')).toBe('Ann');
  });
});
