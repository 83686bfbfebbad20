// Player sessions (docs/product.md 'Player sessions', docs/api.md): created when a game starts (the
// server's answer carries the game's seed), updated during play, finalised at the end. Update
// failures are logged and otherwise ignored: the game never waits for them.
import { apiPaths } from '@/config/api-paths';
import { api } from '@/lib/api-client';

export interface CreatedSession {
  id: string;
  seed: string;
}

export interface SessionFigures {
  totalScore: number;
  matchCount: number;
  moveCount: number;
  averageMoveDuration: number;
  playerName: string;
  /** Client timestamps (ms) of the moves since the previous update, at most 1000. */
  moveTimestamps?: number[];
  suspiciousFlags?: Array<{ type: 'SUSPICIOUS_TIMING'; details: string }>;
  endingSession?: true;
}

export const MAX_TIMESTAMPS_PER_UPDATE = 1000;

/** POST /api/player-sessions → {id, seed}. Throws when the server cannot give a session. */
export async function createPlayerSession(body: {
  playerName: string;
  sessionId: string;
  deviceFingerprint: string;
}): Promise<CreatedSession> {
  // The player is waiting: one quick retry, not the full 3 × 5 s.
  const answer = await api.post<Partial<CreatedSession> | null>(apiPaths.playerSessions, body, {
    retries: 1,
    timeoutMs: 4000,
  });
  if (!answer || typeof answer.id !== 'string' || typeof answer.seed !== 'string' || !answer.seed) {
    throw new Error('The session answer has no id or seed');
  }
  return { id: answer.id, seed: answer.seed };
}

/** PATCH /api/player-sessions/{id}; never throws. */
export async function updatePlayerSession(id: string, figures: SessionFigures): Promise<void> {
  const body = {
    ...figures,
    moveTimestamps: figures.moveTimestamps?.slice(-MAX_TIMESTAMPS_PER_UPDATE),
  };
  try {
    await api.patch(`${apiPaths.playerSessions}/${encodeURIComponent(id)}`, body, { retries: 1 });
  } catch (error) {
    console.warn(
      '[session] update failed (ignored):',
      error instanceof Error ? error.message : error,
    );
  }
}
