import { SESSION_COOKIE, sessionTokenFromCookies } from '../src';

describe('sessionTokenFromCookies', () => {
  it('finds the session cookie among others, decoded', () => {
    expect(sessionTokenFromCookies(`a=1; ${SESSION_COOKIE}=x.y%2Dz ; b=2`)).toBe('x.y-z');
    expect(sessionTokenFromCookies(`${SESSION_COOKIE}=tok`)).toBe('tok');
  });

  it('answers null without one, or with an empty or malformed value', () => {
    for (const header of [
      undefined,
      '',
      'a=1',
      `x${SESSION_COOKIE}=tok`,
      `${SESSION_COOKIE}=`,
      `${SESSION_COOKIE}=%E0%A4%A`,
    ]) {
      expect(sessionTokenFromCookies(header)).toBeNull();
    }
  });
});
