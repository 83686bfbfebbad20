// Request paths of the leaderboard reads (their cache keys are named in the query-options
// factories beside this file).
import { apiPaths } from '@/config/api-paths';

const seg = (id: string) => encodeURIComponent(id);
/** Rank around me: this many entries above and below the player's. */
export const RANK_RADIUS = 2;
const name = (playerName: string) => encodeURIComponent(playerName);

export const leaderboardPaths = {
  topScores: (limit: number) => `${apiPaths.topScores}?limit=${limit}`,
  allTimeRank: (playerName: string) =>
    `${apiPaths.scoresRank}?playerName=${name(playerName)}&radius=${RANK_RADIUS}`,

  weeklyLeaderboards: apiPaths.weeklyLeaderboards,
  activeWeeklyLeaderboard: apiPaths.activeWeeklyLeaderboard,
  weeklyTopScores: (id: string, limit: number) =>
    `${apiPaths.weeklyLeaderboards}/${seg(id)}/top-scores?limit=${limit}`,
  weeklyRank: (id: string, playerName: string) =>
    `${apiPaths.weeklyLeaderboards}/${seg(id)}/rank?playerName=${name(playerName)}&radius=${RANK_RADIUS}`,

  seasonalLeaderboards: apiPaths.seasonalLeaderboards,
  activeSeasonalLeaderboard: apiPaths.activeSeasonalLeaderboard,
  seasonalTopScores: (id: string, limit: number) =>
    `${apiPaths.seasonalLeaderboards}/${seg(id)}/scores/top?limit=${limit}`,
  seasonalRank: (id: string, playerName: string) =>
    `${apiPaths.seasonalLeaderboards}/${seg(id)}/rank?playerName=${name(playerName)}&radius=${RANK_RADIUS}`,
};

/** How many rows a full leaderboard table shows (the pages; the home card shows 3). */
export const TABLE_ROWS = 50;
/** The home page's card shows the top 3. */
export const TOP_SCORES_CARD_ROWS = 3;
