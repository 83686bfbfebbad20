// The admin console's data as docs/api.md describes it ('Statistics', 'Player sessions',
// 'Moderation', 'Review').
import type { TimingAnalysis as EngineTiming } from '@ballmatch/engine';
import type { GameScore as Score, Paged, ReviewState } from '@/types/api';

/** GET /api/admin/stats/daily: one row per UTC day, newest first. */
export interface DailyStat {
  date: string;
  plays: number;
  completedGames: number;
  scoresSubmitted: number;
  uniquePlayers: number;
  avgGameTime: number;
}

export interface NewUsers {
  from: string;
  to: string;
  days: Array<{ day: string; users: number }>;
  totalUsers: number;
}

/** Games whose figure is in [from, to); `to` 0 for the open-ended last range. */
export interface RangeCount {
  from: number;
  to: number;
  games: number;
}

export interface GameAnalytics {
  from: string;
  to: string;
  gamesStarted: number;
  gamesFinished: number;
  levels: Array<{ level: number; games: number }>;
  gameSeconds: RangeCount[];
  meanGameSeconds: number;
  medianGameSeconds: number;
  moves: RangeCount[];
  meanMoves: number;
  medianMoves: number;
  extraMovesOffered: number;
  extraMovesTaken: number;
  days: Array<{ day: string; started: number; finished: number; suspicious: number }>;
}

export interface SessionFlag {
  type: string;
  details: string;
  source: 'client' | 'server' | 'admin' | 'unknown';
  createdAt: string;
}

export interface TrackedSession {
  id: string;
  playerName: string;
  clientSessionId: string;
  deviceFingerprint: string;
  ip: string;
  userId: string | null;
  totalScore: number;
  matchCount: number;
  moveCount: number;
  averageMoveDuration: number;
  suspicious: boolean;
  flags: SessionFlag[];
  createdAt: string;
  updatedAt: string;
  endedAt: string | null;
}

/**
 * The server's timing analysis of a session's game (its detail only): the engine's analysis, its
 * flags the server's names (pace flags among them), and the gaps it read.
 */
export interface TimingAnalysis extends Omit<EngineTiming, 'averageMoveDuration' | 'flags'> {
  flags: string[];
  gaps: number[];
}

export interface SessionDetail extends TrackedSession {
  timing: TimingAnalysis;
}

export type SessionPage = Paged<TrackedSession>;

export type { GameScore as Score, ReviewState } from '@/types/api';

export interface ReviewedScore {
  score: Score;
  sessionId: string;
  reviewState: ReviewState;
  heldReason: string | null;
  heldAt: string | null;
  reviewedAt: string | null;
  reviewReason: string | null;
  reviewedBy: string | null;
}

/** GET /api/admin/player-sessions/{id}/score. */
export interface SessionScore extends ReviewedScore {
  voidedAt: string | null;
  voidReason: string | null;
}

export interface BannedPlayer {
  playerName: string;
  reason: string;
  bannedAt: string;
}
