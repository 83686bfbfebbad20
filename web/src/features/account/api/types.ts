/** The player's own data (docs/api.md 'Your data'). */
export type ReviewState = 'accepted' | 'held' | 'cleared' | 'rejected';

/** One of the player's games, and what became of it. */
export interface MyGame {
  id: string;
  playerName: string;
  score: number;
  level: number;
  moves: number;
  createdAt: string;
  reviewState: ReviewState;
  voidedAt: string | null;
  weekId: string;
  seasonId: string | null;
  reset: boolean;
}

export interface MyGamesPage {
  data: MyGame[];
  pagination: {
    currentPage: number;
    totalPages: number;
    total: number;
    hasNextPage: boolean;
    hasPrevPage: boolean;
  };
}

/** Where the player stands: the best game on the boards and this week's row. */
export interface Standing {
  gamesOnBoards: number;
  best: { id: string; score: number; level: number; createdAt: string } | null;
  allTimeRank: number | null;
  week: { id: string; name: string } | null;
  weekly: { totalScore: number; gamesPlayed: number } | null;
  weeklyRank: number | null;
}
