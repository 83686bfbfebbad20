import { z } from 'zod';
import type { Channel } from './protocol';

// The NATS events this service fans out (payloads as the scores service publishes them; see
// proto/events/v1/events.proto). Anything else on these subjects is logged and dropped.

export const SUBJECTS = {
  scoreCreated: 'scores.created',
  leaderboardUpdated: 'leaderboard.updated',
} as const;

const isoDate = z.string().min(1).max(40);

const scoreCreated = z.object({
  id: z.string().min(1).max(100),
  occurredAt: isoDate,
  score: z.object({
    id: z.string().min(1).max(100),
    playerName: z.string().max(100),
    score: z.number().finite(),
    level: z.number().finite(),
    createdAt: isoDate,
  }),
});

const leaderboardUpdated = z.object({
  id: z.string().min(1).max(100),
  occurredAt: isoDate,
  board: z.enum(['all-time', 'weekly', 'seasonal']),
  boardId: z.string().max(100).nullable(),
  playerName: z.string().max(100),
});

export interface Fanout {
  /** The event id, for de-duplication. */
  eventId: string;
  channel: Channel;
  data: unknown;
}

export type EventReading = { ok: true; fanout: Fanout } | { ok: false; error: string };

/** Turns one event into what goes out on a channel: only the fields SPEC names, nothing else. */
export function readEvent(subject: string, payload: unknown): EventReading {
  if (subject === SUBJECTS.scoreCreated) {
    const parsed = scoreCreated.safeParse(payload);
    if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'invalid' };
    const { id, playerName, score, level, createdAt } = parsed.data.score;
    return {
      ok: true,
      fanout: {
        eventId: parsed.data.id,
        channel: 'scores',
        data: { action: 'new_score', score: { id, playerName, score, level, createdAt } },
      },
    };
  }
  if (subject === SUBJECTS.leaderboardUpdated) {
    const parsed = leaderboardUpdated.safeParse(payload);
    if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'invalid' };
    const { id, board, boardId, playerName } = parsed.data;
    return {
      ok: true,
      fanout: {
        eventId: id,
        channel: 'leaderboard',
        data: { action: 'leaderboard_updated', board, boardId, playerName },
      },
    };
  }
  return { ok: false, error: `no channel for subject ${subject}` };
}
