import { checkPlayerName } from '@ballmatch/engine';
import { isValidName, truncateName } from '@/features/game/lib/player-name';

// The web takes the servers' rule (the engine's), so it never offers a name they refuse.
describe('the name field', () => {
  it('cuts typed input at 20 characters, never inside one', () => {
    expect(truncateName('x'.repeat(30))).toBe('x'.repeat(20));
    expect(truncateName(`A${'😀'.repeat(30)}`)).toBe(`A${'😀'.repeat(19)}`);
    expect(checkPlayerName(truncateName(`A${'😀'.repeat(30)}`)).ok).toBe(true);
  });

  it.each([
    ['Ann', true],
    ['  Ann  ', true],
    [`A${'😀'.repeat(19)}`, true],
    ['😀'.repeat(20), false], // a name needs a letter or a digit
    ['An\u200Bn', false],
    ['\u3164', false],
    ['', false],
    ['   ', false],
    ['x'.repeat(21), false],
    ['bad\u0007name', false],
    ['evil\u202ename', false],
    ['José', true],
    ['Аnn', false], // a Cyrillic А among Latin letters
    ['li\u0307ly', false], // a dot over the i
  ])('takes %j as valid: %s, as the servers would', (name, valid) => {
    expect(isValidName(name)).toBe(valid);
    expect(checkPlayerName(name).ok).toBe(valid);
  });
});
