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

interface Rule extends Badge {
  earned(game: JudgedGame): boolean;
}

const RULES: Rule[] = [
  {
    id: 'first_game',
    name: 'First Game',
    description: 'Finish your first verified game.',
    earned: (g) => g.games >= 1,
  },
  {
    id: 'games_10',
    name: 'Regular',
    description: 'Play 10 verified games.',
    earned: (g) => g.games >= 10,
  },
  {
    id: 'games_50',
    name: 'Devoted',
    description: 'Play 50 verified games.',
    earned: (g) => g.games >= 50,
  },
  ...[1000, 5000, 10_000].map((points) => ({
    id: `score_${points}`,
    name: `${points.toLocaleString('en-US')} Points`,
    description: `Score ${points.toLocaleString('en-US')} points in one game.`,
    earned: (g: JudgedGame) => g.score >= points,
  })),
  ...[5, 10].map((level) => ({
    id: `level_${level}`,
    name: `Level ${level}`,
    description: `Reach level ${level} in one game.`,
    earned: (g: JudgedGame) => g.level >= level,
  })),
  {
    id: 'run_5',
    name: 'Run of Five',
    description: 'Match five balls of one colour in a line.',
    earned: (g) => g.largestRun >= 5,
  },
  {
    id: 'run_6',
    name: 'Six or More',
    description: 'Match six or more balls of one colour in a line.',
    earned: (g) => g.largestRun >= 6,
  },
  {
    id: 'weekly_top_10',
    name: 'Weekly Top 10',
    description: "Enter a week's top 10.",
    earned: (g) => g.weeklyRank !== undefined && g.weeklyRank <= 10,
  },
  {
    id: 'weekly_leader',
    name: 'Top of the Week',
    description: "Take first place on a week's leaderboard.",
    earned: (g) => g.weeklyRank === 1,
  },
  {
    id: 'season_player',
    name: 'Seasonal',
    description: 'Play a verified game during a season.',
    earned: (g) => g.seasons >= 1,
  },
  {
    id: 'seasons_3',
    name: 'Season Veteran',
    description: 'Play verified games in three different seasons.',
    earned: (g) => g.seasons >= 3,
  },
];

/** Every badge, in the order players see them. */
export const BADGES: readonly Badge[] = RULES.map(({ id, name, description }) => ({
  id,
  name,
  description,
}));

const BY_ID = new Map(BADGES.map((b) => [b.id, b]));

export const badgeById = (id: string): Badge | undefined => BY_ID.get(id);

/** The badges this game earns (won before or not: storing them keeps each once). */
export function badgesEarned(game: JudgedGame): Badge[] {
  return RULES.filter((rule) => rule.earned(game)).map((rule) => BY_ID.get(rule.id)!);
}
