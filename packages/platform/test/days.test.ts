import { dayRange } from '../src/days';

const now = new Date('2026-11-24T15:00:00Z');

describe('dayRange', () => {
  it('defaults to the last 30 days, today included', () => {
    expect(dayRange('', '', now)).toEqual({ from: '2026-10-26', to: '2026-11-24' });
    expect(dayRange('', '2026-03-01', now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(dayRange('2026-11-24', '2026-11-24', now)).toEqual({
      from: '2026-11-24',
      to: '2026-11-24',
    });
  });

  it('refuses what is not a real day, a backwards range and more than 366 days', () => {
    for (const [from, to, message] of [
      ['2026-02-30', '', 'from must be a date as YYYY-MM-DD'],
      ['', '24/11/2026', 'to must be a date as YYYY-MM-DD'],
      ['2026-11-25', '2026-11-24', 'from must not be after to'],
      ['2025-11-23', '2026-11-24', 'The range may span at most 366 days'],
    ] as const) {
      expect(() => dayRange(from, to, now)).toThrow(message);
    }
    expect(dayRange('2025-11-24', '2026-11-24', now).from).toBe('2025-11-24');
  });
});
