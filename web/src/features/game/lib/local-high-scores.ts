// This device's own high scores: the best 50, and the rule that decides whether a finished game
// counts as a high score for the submit dialog's copy.
import { readJson, writeJson } from '@/lib/storage';

export const LOCAL_HIGH_SCORES_KEY = 'ballmatch_high_scores';
export const LOCAL_HIGH_SCORES_LIMIT = 50;
/** Fewer local scores than this: always a high score. */
export const FEW_SCORES_THRESHOLD = 10;
/** With the server check failing, fewer local scores than this: still a high score. */
export const FALLBACK_SCORES_THRESHOLD = 50;
/** Otherwise the score must beat the 46th local score (index 45). */
export const RANKING_INDEX = 45;

export interface LocalHighScore {
  score: number;
  level: number;
  playerName: string;
  date: string;
}

function isEntry(value: unknown): value is LocalHighScore {
  const v = value as LocalHighScore;
  return (
    !!v && typeof v.score === 'number' && Number.isFinite(v.score) && typeof v.level === 'number'
  );
}

/** The saved scores, best first. */
export function loadLocalHighScores(): LocalHighScore[] {
  const list = readJson<unknown>(LOCAL_HIGH_SCORES_KEY, []);
  if (!Array.isArray(list)) return [];
  return list
    .filter(isEntry)
    .sort((a, b) => b.score - a.score)
    .slice(0, LOCAL_HIGH_SCORES_LIMIT);
}

const listeners = new Set<() => void>();

/** Hears every change to the list (the 'Your Best Scores' card follows it). */
export function subscribeLocalHighScores(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Adds a finished game and keeps the best 50. */
export function addLocalHighScore(entry: LocalHighScore): LocalHighScore[] {
  const next = [...loadLocalHighScores(), entry]
    .sort((a, b) => b.score - a.score)
    .slice(0, LOCAL_HIGH_SCORES_LIMIT);
  writeJson(LOCAL_HIGH_SCORES_KEY, next);
  for (const listener of listeners) listener();
  return next;
}

/** Whether the score beats every score saved on this device ('New high score!'). */
export function isPersonalBest(score: number, scores: readonly LocalHighScore[]): boolean {
  return score > 0 && scores.every((s) => score > s.score);
}

/**
 * The high-score check (docs/product.md 'Submitting a score'): fewer than 10 local scores → yes;
 * otherwise the server decides; if it cannot be asked, fewer than 50 local scores → yes, else the
 * score must beat the 46th.
 */
export async function decideHighScore(
  score: number,
  scores: readonly LocalHighScore[],
  askServer: (score: number) => Promise<boolean>,
): Promise<boolean> {
  if (scores.length < FEW_SCORES_THRESHOLD) return true;
  try {
    return await askServer(score);
  } catch {
    if (scores.length < FALLBACK_SCORES_THRESHOLD) return true;
    return score > scores[RANKING_INDEX].score;
  }
}
