import { limitOf, type LimitRule } from '@ballmatch/platform';

/**
 * This service's limits (docs/api.md 'Paging and limits': 0 the default, past the most
 * refused). Boards: `limit` 1..100, default 10; `radius` (rank around me) 1..25, default 5.
 */
export const BOARD_LIMIT: LimitRule = { default: 10, max: 100 };
export const RANK_RADIUS: LimitRule = { default: 5, max: 25 };
/** A player's own games (their dashboard, and their export a page at a time). */
export const MY_SCORES_LIMIT: LimitRule = { default: 20, max: 100 };
/** The admins' held scores and audit log. */
export const ADMIN_LIST_LIMIT: LimitRule = { default: 50, max: 100 };
/** The admins' daily figures: `days` back from today. */
export const DAILY_STATS_DAYS: LimitRule = { default: 30, max: 366 };
/** 'High score' = would enter the all-time top 100. */
export const HIGH_SCORE_RANKS = 100;

export const boardLimit = (limit: number) => limitOf(limit, BOARD_LIMIT);
export const rankRadius = (radius: number) => limitOf(radius, RANK_RADIUS, 'radius');
export const myScoresLimit = (limit: number) => limitOf(limit, MY_SCORES_LIMIT);
export const adminListLimit = (limit: number) => limitOf(limit, ADMIN_LIST_LIMIT);
export const dailyStatsDays = (days: number) => limitOf(days, DAILY_STATS_DAYS, 'days');
