import { outboxEvent, type OutboxEvent } from '@ballmatch/platform';
import type { ShownScore } from '../store/boards';

/** The NATS events of proto/events/v1/events.proto. */
export type BoardName = 'all-time' | 'weekly' | 'seasonal';

export function scoreCreated(score: ShownScore, at: Date): OutboxEvent {
  return outboxEvent(
    'scores.created',
    {
      score: {
        id: score.id,
        playerName: score.playerName,
        score: score.score,
        level: score.level,
        createdAt: score.createdAt.toISOString(),
      },
    },
    at,
  );
}

export function leaderboardUpdated(
  board: BoardName,
  boardId: string | null,
  playerName: string,
  at: Date,
): OutboxEvent {
  return outboxEvent('leaderboard.updated', { board, boardId, playerName }, at);
}
