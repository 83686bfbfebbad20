// The scores service's answers, as the gateway serves them (docs/api.md).

/** An all-time score (GET /api/scores/top) and a seasonal board's row. */
export interface Score {
  id: string;
  playerName: string;
  score: number;
  level: number;
  moves?: number | null;
  createdAt: string | null;
}

/** A weekly board: Monday 00:00 UTC to the next Monday. */
export interface WeeklyLeaderboard {
  id: string;
  name: string;
  isActive: boolean;
  startDate: string;
  endDate: string;
}

/** One player's week: the sum of their games' scores and what the table shows about them. */
export interface WeeklyScoreRow {
  id: string;
  playerName: string;
  totalScore: number;
  gamesPlayed: number;
  avgScore: number;
  highestLevel: number;
  /** This row's share of the whole week's total score, 0–100. */
  percentOfTotal?: number;
}

export interface SeasonalLeaderboard {
  id: string;
  name: string;
  isActive?: boolean;
  startDate: string;
  endDate: string;
}

/** A player's place on a board and the entries just above and below it. */
export interface RankAroundMe<Row> {
  rank: number;
  entry: Row;
  around: Array<Row & { rank?: number }>;
}
