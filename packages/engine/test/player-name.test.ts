import { PLAYER_NAME_MAX_LENGTH, checkPlayerName, playerNameKey, truncatePlayerName } from '../src';

describe('player names', () => {
  it('accept 1 to 20 characters after trimming, counted in code points', () => {
    expect(checkPlayerName('  Zoë  ')).toEqual({ ok: true, name: 'Zoë', key: 'zoë' });
    expect(checkPlayerName('x').ok).toBe(true);
    expect(checkPlayerName('x'.repeat(20)).ok).toBe(true);
    // 20 emoji are 40 UTF-16 units but 20 characters.
    expect(checkPlayerName('😀'.repeat(20)).ok).toBe(true);
  });

  it.each([
    ['', 'empty', 'Player name is required'],
    ['   ', 'empty', 'Player name is required'],
    ['x'.repeat(21), 'tooLong', 'Player name must be at most 20 characters'],
    ['😀'.repeat(21), 'tooLong', 'Player name must be at most 20 characters'],
    ['bad\u0007name', 'forbiddenCharacter', 'Player name must not contain control characters'],
    ['tab\tname', 'forbiddenCharacter', 'Player name must not contain control characters'],
    ['c1\u0085name', 'forbiddenCharacter', 'Player name must not contain control characters'],
    ['line\u2028name', 'forbiddenCharacter', 'Player name must not contain control characters'],
    ['evil\u202ename', 'forbiddenCharacter', 'Player name must not contain control characters'],
    ['iso\u2066late', 'forbiddenCharacter', 'Player name must not contain control characters'],
    ['mark\u200fname', 'forbiddenCharacter', 'Player name must not contain control characters'],
  ])('refuse %j (%s) with a message, never a throw', (raw, reason, message) => {
    expect(checkPlayerName(raw)).toEqual({ ok: false, reason, message });
  });

  it('compare by a key that ignores case, Unicode form and surrounding spaces', () => {
    expect(playerNameKey(' Ann ')).toBe(playerNameKey('ANN'));
    expect(playerNameKey('ﬁre')).toBe(playerNameKey('fire'));
    expect(playerNameKey('Zoe\u0308')).toBe(playerNameKey('Zoë'));
  });

  it('truncate typed input by characters, so it never splits one or exceeds the limit', () => {
    expect(truncatePlayerName('x'.repeat(25))).toBe('x'.repeat(PLAYER_NAME_MAX_LENGTH));
    const emoji = truncatePlayerName('😀'.repeat(25));
    expect(emoji).toBe('😀'.repeat(20));
    expect(checkPlayerName(emoji).ok).toBe(true);
    expect(truncatePlayerName('Ann')).toBe('Ann');
  });
});
