import { useState } from 'react';
import { useRealtimeChannel } from '@/lib/use-realtime';
import type { RealtimeClient } from '@/lib/realtime';

/** A 'new_score' update carries the score's id, playerName, score, level, createdAt. */
export interface LiveScore {
  id: string;
  playerName: string;
  score: number;
  level: number;
  createdAt: string;
}

/** Recent Scores keeps 8 entries, newest first. */
export const RECENT_SCORES_KEPT = 8;

/** The score of a 'new_score' update, or null for anything else (logged, never shown). */
export function newScoreOf(data: unknown): LiveScore | null {
  const { action, score } = (data ?? {}) as { action?: unknown; score?: Partial<LiveScore> };
  if (action !== 'new_score') return null;
  if (
    !score ||
    typeof score.id !== 'string' ||
    typeof score.playerName !== 'string' ||
    typeof score.score !== 'number' ||
    typeof score.level !== 'number' ||
    typeof score.createdAt !== 'string'
  ) {
    console.warn('[realtime] new_score update without a complete score', data);
    return null;
  }
  const { id, playerName, level, createdAt } = score;
  return { id, playerName, score: score.score, level, createdAt };
}

/** Adds `score` at the top (once per id), keeping at most `limit`. */
export function withNewScore(
  list: readonly LiveScore[],
  score: LiveScore,
  limit = RECENT_SCORES_KEPT,
): LiveScore[] {
  return [score, ...list.filter((s) => s.id !== score.id)].slice(0, limit);
}

/**
 * The latest scores from the 'scores' channel, newest first, at most 8. `onNewScore` hears each
 * one as it arrives (a page refreshing what it shows, say).
 */
export function useRecentScores({
  client,
  onNewScore,
}: { client?: RealtimeClient; onNewScore?: (score: LiveScore) => void } = {}): LiveScore[] {
  const [scores, setScores] = useState<LiveScore[]>([]);
  useRealtimeChannel(
    'scores',
    (data) => {
      const score = newScoreOf(data);
      if (!score) return;
      setScores((list) => withNewScore(list, score));
      onNewScore?.(score);
    },
    client,
  );
  return scores;
}
