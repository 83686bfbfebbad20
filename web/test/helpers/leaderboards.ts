// Leaderboard answers as the scores service gives them, for the page tests.
import { within } from '@testing-library/react';
import type {
  Score,
  SeasonalLeaderboard,
  WeeklyLeaderboard,
  WeeklyScoreRow,
} from '@/features/leaderboards/api/types';

const DAY = 24 * 60 * 60 * 1000;

/** `count` consecutive weeks, newest first; the first starts Monday 2025-03-17 and is active. */
export function weeksFrom(newestMonday: string, count: number): WeeklyLeaderboard[] {
  const newest = new Date(newestMonday).getTime();
  return Array.from({ length: count }, (_, i) => {
    const start = newest - i * 7 * DAY;
    return {
      id: `w${count - i}`,
      name: `Week ${count - i}`,
      isActive: i === 0,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 7 * DAY).toISOString(),
    };
  });
}

export const weeks = weeksFrom('2025-03-17T00:00:00.000Z', 7);
export const activeWeek = weeks[0];

export const weeklyRows: WeeklyScoreRow[] = [
  {
    id: 'r1',
    playerName: 'ComboQueen',
    totalScore: 12500,
    gamesPlayed: 5,
    avgScore: 2500,
    highestLevel: 9,
    percentOfTotal: 50,
  },
  {
    id: 'r2',
    playerName: 'alice',
    totalScore: 7500,
    gamesPlayed: 3,
    avgScore: 2500,
    highestLevel: 7,
    percentOfTotal: 30,
  },
  {
    id: 'r3',
    playerName: 'bob',
    totalScore: 3750,
    gamesPlayed: 2,
    avgScore: 1875,
    highestLevel: 5,
    percentOfTotal: 15,
  },
  {
    id: 'r4',
    playerName: 'zed',
    totalScore: 1250,
    gamesPlayed: 1,
    avgScore: 1250,
    highestLevel: 3,
    percentOfTotal: 5,
  },
];

export const topScores: Score[] = [
  {
    id: 's1',
    playerName: 'BallWizard',
    score: 1234567,
    level: 14,
    createdAt: '2025-03-20T10:00:00Z',
  },
  {
    id: 's2',
    playerName: 'ComboQueen',
    score: 35713,
    level: 12,
    createdAt: '2025-03-18T10:00:00Z',
  },
  { id: 's3', playerName: 'alice', score: 30500, level: 11, createdAt: '2025-03-16T10:00:00Z' },
  { id: 's4', playerName: 'nina', score: 999, level: 2, createdAt: null },
];

export const season: SeasonalLeaderboard = {
  id: 'season-1',
  name: 'Spring Showdown',
  isActive: true,
  startDate: '2025-03-01T00:00:00.000Z',
  endDate: '2025-06-01T00:00:00.000Z',
};

/**
 * A ranked table's rows as a wide screen shows them: each cell's text, without the figures a
 * phone folds under the player's name (`.lb-folded`, hidden on a wide screen).
 */
export function wideRowTexts(rows: readonly HTMLElement[]): string[][] {
  return rows.map((row) =>
    Array.from(row.children).map((cell) => {
      const copy = cell.cloneNode(true) as HTMLElement;
      copy.querySelector('.lb-folded')?.remove();
      return copy.textContent ?? '';
    }),
  );
}

/** What a phone shows under each player's name ('5 games', 'avg 2,500', ...). */
export function foldedTexts(rows: readonly HTMLElement[]): string[][] {
  return rows.map((row) =>
    Array.from(row.querySelectorAll('.lb-folded > span')).map((span) => span.textContent ?? ''),
  );
}

/** The weekly table's column headers, in order. */
export const WEEKLY_COLUMNS = [
  'Rank',
  'Player',
  'Total Score',
  '% of Total',
  'Games',
  'Avg Score',
  'Highest Level',
];

/** A table's column headers. */
export function headers(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent ?? '');
}
