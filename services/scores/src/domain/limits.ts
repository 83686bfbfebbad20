/** Board sizes: `limit` 1..100, default 10; `radius` (rank around me) 1..25, default 5. */
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;
export const DEFAULT_RADIUS = 5;
export const MAX_RADIUS = 25;
/** 'High score' = would enter the all-time top 100. */
export const HIGH_SCORE_RANKS = 100;

export function boardLimit(limit: number): number {
  if (!Number.isFinite(limit) || limit <= 0) return DEFAULT_LIMIT;
  return Math.min(MAX_LIMIT, Math.floor(limit));
}

export function rankRadius(radius: number): number {
  if (!Number.isFinite(radius) || radius <= 0) return DEFAULT_RADIUS;
  return Math.min(MAX_RADIUS, Math.floor(radius));
}
