import { checkPlayerName } from '@ballmatch/engine';
import { isValidName, truncateName } from '@/features/game/lib/player-name';

// The web takes the servers' rule (the engine's), so it never offers a name they refuse.
describe('the name field', () => {
  it('cuts typed input at 20 characters, never inside one', () => {
    expect(truncateName('x'.repeat(30))).toBe('x'.repeat(20));
    expect(truncateName('😀'.repeat(30))).toBe('😀'.repeat(20));
    expect(checkPlayerName(truncateName('😀'.repeat(30))).ok).toBe(true);
  });

  it.each([
    ['Ann', true],
    ['  Ann  ', true],
    ['😀'.repeat(20), true],
    ['', false],
    ['   ', false],
    ['x'.repeat(21), false],
    ['bad\u0007name', false],
    ['evil\u202ename', false],
  ])('takes %j as valid: %s, as the servers would', (name, valid) => {
    expect(isValidName(name)).toBe(valid);
    expect(checkPlayerName(name).ok).toBe(valid);
  });
});
