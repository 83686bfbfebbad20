/** Row shapes read from PostgreSQL (bigint columns arrive as text and are converted). */
export interface ScoreRow {
  id: string;
  seq: number;
  playerName: string;
  playerKey: string;
  score: number;
  level: number;
  moves: number;
  createdAt: Date;
  weekId: string;
  seasonId: string | null;
  voidedAt: Date | null;
  voidReason: string | null;
  resetId: string | null;
  /** Review (store/review.ts): 'accepted' and 'cleared' are shown, 'held' and 'rejected' not. */
  reviewState: ReviewState;
}

export type ReviewState = 'accepted' | 'held' | 'cleared' | 'rejected';

/** The scores review lets show (SQL, for a query on `scores`). */
export const SHOWN = "review_state IN ('accepted', 'cleared')";

export interface WeeklyRowData {
  id: string;
  weekId: string;
  playerKey: string;
  playerName: string;
  totalScore: number;
  gamesPlayed: number;
  highestLevel: number;
  version: number;
}

type Raw = Record<string, unknown>;

export const SCORE_COLUMNS =
  'id, seq, player_name, player_key, score, level, moves, created_at, week_id, season_id, ' +
  'voided_at, void_reason, reset_id, review_state';

export function scoreRow(raw: Raw): ScoreRow {
  return {
    id: String(raw.id),
    seq: Number(raw.seq),
    playerName: String(raw.player_name),
    playerKey: String(raw.player_key),
    score: Number(raw.score),
    level: Number(raw.level),
    moves: Number(raw.moves),
    createdAt: raw.created_at as Date,
    weekId: String(raw.week_id),
    seasonId: (raw.season_id as string | null) ?? null,
    voidedAt: (raw.voided_at as Date | null) ?? null,
    voidReason: (raw.void_reason as string | null) ?? null,
    resetId: (raw.reset_id as string | null) ?? null,
    reviewState: (raw.review_state as ReviewState | undefined) ?? 'accepted',
  };
}

export const WEEKLY_COLUMNS =
  'id, week_id, player_key, player_name, total_score, games_played, highest_level, version';

export function weeklyRow(raw: Raw): WeeklyRowData {
  return {
    id: String(raw.id),
    weekId: String(raw.week_id),
    playerKey: String(raw.player_key),
    playerName: String(raw.player_name),
    totalScore: Number(raw.total_score),
    gamesPlayed: Number(raw.games_played),
    highestLevel: Number(raw.highest_level),
    version: Number(raw.version),
  };
}
