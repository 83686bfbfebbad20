import type { OutboxEvent } from '@ballmatch/platform';
import { newEvent } from '@ballmatch/proto';
import type { ShownScore } from '../store/boards';

/** The NATS events of this service: messages of proto/events/v1/events.proto. */
export type BoardName = 'all-time' | 'weekly' | 'seasonal';

export function scoreCreated(score: ShownScore, at: Date): OutboxEvent {
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
    },
    at,
  );
}

/** `boardId` is the week's or season's id; null for 'all-time' (absent from the payload). */
export function leaderboardUpdated(
  board: BoardName,
  boardId: string | null,
  playerName: string,
  at: Date,
): OutboxEvent {
  return newEvent('leaderboardUpdated', { board, boardId: boardId ?? undefined, playerName }, at);
}
