import type { OutboxEvent } from '@ballmatch/platform';
import { newEvent } from '@ballmatch/proto';
import type { ShownScore } from '../store/boards';

/** The NATS events of this service: messages of proto/events/v1/events.proto. */
export type BoardName = 'all-time' | 'weekly' | 'seasonal';

/** A board a score landed on: the week's or season's id, none for 'all-time'. */
export interface BoardTouched {
  board: BoardName;
  boardId?: string;
}

/**
 * What scores.created tells beyond the feed's snapshot, for achievements (auth): whose account
 * scored (none for a guest), the game's largest run, its week and season; and for realtime
 * the boards an accepted submission landed on (each board's message is sent from it). The
 * submission's statement adds the season, its board and the weekly place itself
 * (store/scores.ts).
 */
export interface ScoreFacts {
  userId?: string;
  largestRun?: number;
  weekId: string;
  seasonId?: string;
  boards?: BoardTouched[];
}

export function scoreCreated(score: ShownScore, facts: ScoreFacts, at: Date): OutboxEvent {
  return newEvent(
    'scoreCreated',
    {
      score: {
        id: score.id,
        playerName: score.playerName,
        score: score.score,
        level: score.level,
        createdAt: score.createdAt.toISOString(),
      },
      userId: facts.userId || undefined,
      largestRun: facts.largestRun ?? 0,
      weekId: facts.weekId,
      seasonId: facts.seasonId,
      boards: facts.boards ?? [],
    },
    at,
  );
}

/** The account in a player key (`user:<id>`); none for a guest's (`guest:<skeleton>`). */
export function accountOf(playerKey: string): string | undefined {
  return playerKey.startsWith('user:') ? playerKey.slice('user:'.length) : undefined;
}

/**
 * A board changed by moderation or review (an accepted submission's boards are in its
 * scores.created). `boardId` is the week's or season's id; null for 'all-time' (absent from
 * the payload).
 */
export function leaderboardUpdated(
  board: BoardName,
  boardId: string | null,
  playerName: string,
  at: Date,
): OutboxEvent {
  return newEvent('leaderboardUpdated', { board, boardId: boardId ?? undefined, playerName }, at);
}
