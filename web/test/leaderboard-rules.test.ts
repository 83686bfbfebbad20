import { topScoresQueryOptions } from '@/features/leaderboards/api/get-top-scores';
import { weeklyLeaderboardsQueryOptions } from '@/features/leaderboards/api/get-weekly-leaderboards';
import { boardDays } from '@/features/leaderboards/lib/format';
import { formatLocalDate, formatNumber } from '@/utils/format';
import { groupWeeksByQuarter, quarterLabel } from '@/features/leaderboards/lib/quarters';
import { recentWeeks } from '@/features/leaderboards/lib/recent-weeks';
import { rowsOf } from '@/features/leaderboards/lib/same-player';
import { formatCountdown, nextWeeklyReset } from '@/features/leaderboards/lib/weekly-reset';
import { createQueryClient } from '@/lib/query-client';
import { useApi, respond } from './helpers/api-server';
import { weeks, weeksFrom } from './helpers/leaderboards';

describe('the weekly reset', () => {
  it.each([
    ['2025-03-17T00:00:00.000Z', '2025-03-24T00:00:00.000Z'], // Monday 00:00: the next one
    ['2025-03-16T23:59:59.999Z', '2025-03-17T00:00:00.000Z'], // Sunday's last instant
    ['2025-03-19T12:34:56.000Z', '2025-03-24T00:00:00.000Z'], // mid-week
    ['2025-12-29T08:00:00.000Z', '2026-01-05T00:00:00.000Z'], // across New Year
  ])('after %s is %s', (now, next) => {
    expect(nextWeeklyReset(new Date(now)).toISOString()).toBe(next);
  });

  it.each([
    [(2 * 24 * 60 + 4 * 60 + 12) * 60_000, '2d 4h 12m'],
    [(4 * 60 + 12) * 60_000 - 30_000, '4h 12m'], // minutes round up
    [(60 + 0) * 60_000, '1h 0m'],
    [59_000, '1m'],
    [0, '1m'],
    [7 * 24 * 60 * 60_000, '7d 0h 0m'],
  ])('%d ms left reads %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});

describe('quarters', () => {
  it.each([
    ['2025-01-06T00:00:00Z', 'Q1 2025'],
    ['2025-03-31T00:00:00Z', 'Q1 2025'],
    ['2025-04-07T00:00:00Z', 'Q2 2025'],
    ['2025-09-29T00:00:00Z', 'Q3 2025'],
    ['2025-12-29T00:00:00Z', 'Q4 2025'],
  ])('%s is in %s (UTC)', (start, label) => {
    expect(quarterLabel(start)).toBe(label);
  });

  it('puts a whole year of weeks in 4 groups of consecutive weeks, newest first', () => {
    const year = weeksFrom('2025-12-29T00:00:00Z', 52);
    const groups = groupWeeksByQuarter([...year].reverse());
    expect(groups.map((g) => [g.label, g.weeks.length])).toEqual([
      ['Q4 2025', 13],
      ['Q3 2025', 13],
      ['Q2 2025', 13],
      ['Q1 2025', 13],
    ]);
    for (const group of groups) {
      const starts = group.weeks.map((w) => w.startDate);
      expect(starts).toEqual([...starts].sort().reverse());
    }
  });
});

describe('the week selector', () => {
  it('offers the 5 newest weeks, newest first, the active one marked', () => {
    const shuffled = [weeks[3], weeks[0], weeks[6], weeks[1], weeks[5], weeks[2], weeks[4]];
    const recent = recentWeeks(shuffled, weeks[0]);
    expect(recent.map((w) => w.name)).toEqual(['Week 7', 'Week 6', 'Week 5', 'Week 4', 'Week 3']);
    expect(recent.map((w) => w.isActive)).toEqual([true, false, false, false, false]);
  });
});

describe('formats', () => {
  it('writes thousands separators and N/A for a missing date', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(2500.4)).toBe('2,500');
    expect(formatLocalDate(null)).toBe('N/A');
    expect(formatLocalDate('not a date')).toBe('N/A');
  });

  it("shows a week's own days: Monday to Sunday, in UTC", () => {
    expect(
      boardDays({ startDate: '2025-03-17T00:00:00.000Z', endDate: '2025-03-24T00:00:00.000Z' }),
    ).toEqual({ start: 'Mar 17', end: 'Mar 23, 2025' });
    // An end given as Sunday's last instant reads the same.
    expect(
      boardDays({ startDate: '2025-03-17T00:00:00.000Z', endDate: '2025-03-23T23:59:59.999Z' }),
    ).toEqual({ start: 'Mar 17', end: 'Mar 23, 2025' });
  });
});

describe("the player's own rows", () => {
  it('match whatever the case or Unicode form, as the scores service does', () => {
    const mine = rowsOf('Alice');
    expect(mine?.({ playerName: ' alice' })).toBe(true);
    expect(mine?.({ playerName: 'ＡＬＩＣＥ' })).toBe(true);
    expect(mine?.({ playerName: 'alicia' })).toBe(false);
    expect(rowsOf(null)).toBeUndefined();
  });
});

describe('leaderboard queries', () => {
  it('are fresh for 30 s (the leaderboards area default) and fetch their endpoint', async () => {
    const calls = useApi(() => respond(200, []));
    const client = createQueryClient();
    await client.fetchQuery(weeklyLeaderboardsQueryOptions());
    expect(client.defaultQueryOptions(weeklyLeaderboardsQueryOptions()).staleTime).toBe(30_000);
    expect(client.defaultQueryOptions(topScoresQueryOptions(50)).staleTime).toBe(30_000);
    expect(calls[0].url).toBe('/api/weekly-leaderboards');
  });

  it("name a failed top scores read 'Failed to fetch top scores'", async () => {
    useApi(() => respond(404, { message: 'Not found' }));
    const client = createQueryClient();
    await expect(client.fetchQuery(topScoresQueryOptions(3))).rejects.toThrow(
      'Failed to fetch top scores',
    );
  });
});
