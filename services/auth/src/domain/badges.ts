/**
 * The achievement badges and what earns each, judged on one verified game (scores.created)
 * and the player's verified games so far. Ids are stored and published: never rename one.
 */
export interface Badge {
  id: string;
  name: string;
  description: string;
}

/** A verified game as scores.created tells it, and the player's record including it. */
export interface JudgedGame {
  score: number;
  level: number;
  /** 0 when unknown (a score cleared after review). */
  largestRun: number;
  /** The place on the week's board right after this game, when in the top 10. */
  weeklyRank?: number;
  /** Verified games of the player, this one included. */
  games: number;
  /** Seasons the player has played verified games in, this game's included. */
  seasons: number;
}

const points = [1000, 5000, 10_000];
const levels = [5, 10];
const en = (n: number) => n.toLocaleString('en-US');

/** Every badge, in the order players see them. */
export const BADGES: readonly Badge[] = [
  ['first_game', 'First Game', 'Finish your first verified game.'],
  ['games_10', 'Regular', 'Play 10 verified games.'],
  ['games_50', 'Devoted', 'Play 50 verified games.'],
  ...points.map((n) => [`score_${n}`, `${en(n)} Points`, `Score ${en(n)} points in one game.`]),
  ...levels.map((n) => [`level_${n}`, `Level ${n}`, `Reach level ${n} in one game.`]),
  ['run_5', 'Run of Five', 'Match five balls of one colour in a line.'],
  ['run_6', 'Six or More', 'Match six or more balls of one colour in a line.'],
  ['weekly_top_10', 'Weekly Top 10', "Enter a week's top 10."],
  ['weekly_leader', 'Top of the Week', "Take first place on a week's leaderboard."],
  ['season_player', 'Seasonal', 'Play a verified game during a season.'],
  ['seasons_3', 'Season Veteran', 'Play verified games in three different seasons.'],
].map(([id, name, description]) => ({ id, name, description }));

/** What earns each badge. */
const EARNED: Record<string, (g: JudgedGame) => boolean> = {
  first_game: (g) => g.games >= 1,
  games_10: (g) => g.games >= 10,
  games_50: (g) => g.games >= 50,
  ...Object.fromEntries(points.map((n) => [`score_${n}`, (g: JudgedGame) => g.score >= n])),
  ...Object.fromEntries(levels.map((n) => [`level_${n}`, (g: JudgedGame) => g.level >= n])),
  run_5: (g) => g.largestRun >= 5,
  run_6: (g) => g.largestRun >= 6,
  weekly_top_10: (g) => g.weeklyRank !== undefined && g.weeklyRank <= 10,
  weekly_leader: (g) => g.weeklyRank === 1,
  season_player: (g) => g.seasons >= 1,
  seasons_3: (g) => g.seasons >= 3,
};

const BY_ID = new Map(BADGES.map((b) => [b.id, b]));

export const badgeById = (id: string): Badge | undefined => BY_ID.get(id);

/** The badges this game earns (won before or not: storing them keeps each once). */
export function badgesEarned(game: JudgedGame): Badge[] {
  return BADGES.filter((badge) => EARNED[badge.id](game));
}
