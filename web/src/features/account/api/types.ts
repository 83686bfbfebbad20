// The player's own data (docs/api.md 'Your data').
import type { GameScore, Paged, ReviewState } from '@/types/api';

export type { ReviewState } from '@/types/api';

/** One of the player's games, and what became of it. */
export interface MyGame extends GameScore {
  reviewState: ReviewState;
  voidedAt: string | null;
  weekId: string;
  seasonId: string | null;
  reset: boolean;
}

export type MyGamesPage = Paged<MyGame>;

/** Where the player stands: the best game on the boards and this week's row. */
export interface Standing {
  gamesOnBoards: number;
  best: { id: string; score: number; level: number; createdAt: string } | null;
  allTimeRank: number | null;
  week: { id: string; name: string } | null;
  weekly: { totalScore: number; gamesPlayed: number } | null;
  weeklyRank: number | null;
}
