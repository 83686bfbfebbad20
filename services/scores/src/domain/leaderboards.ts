import { AppError, playerNameKeys, ReadCache, type Logger } from '@ballmatch/platform';
import {
  ALL_TIME,
  seasonBoard,
  weekBoard,
  type Board,
  type BoardEntry,
  type BoardStore,
  type ShownScore,
  type ShownWeeklyRow,
} from '../store/boards';
import type { ScoreStore } from '../store/scores';
import type { SeasonRow, SeasonStore } from '../store/seasons';
import type { WeekRow, WeekStore } from '../store/weeks';
import type { Clock } from './clock';
import { boardLimit, HIGH_SCORE_RANKS, rankRadius } from './limits';
import { isRunning } from './seasons';
import { weekOf } from './weeks';

export interface WeekView {
  id: string;
  name: string;
  isActive: boolean;
  startDate: Date;
  endDate: Date;
}

export type SeasonView = WeekView;

export interface WeeklyRowView extends ShownWeeklyRow {
  avgScore: number;
  percentOfTotal: number;
}

export interface Ranked<T> {
  rank: number;
  item: T;
}

export interface RankView<T> {
  rank: number;
  entry: Ranked<T>;
  around: Ranked<T>[];
}

const PAGE = 5000;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Reads of every board: Redis first (rebuilt from PostgreSQL when missing), memoised briefly. */
export function createLeaderboards(deps: {
  scores: ScoreStore;
  weeks: WeekStore;
  seasons: SeasonStore;
  boards: BoardStore;
  now: Clock;
  cacheMs: number;
  logger: Logger;
}) {
  const { scores, weeks, seasons, boards, now, logger } = deps;
  const cache = new ReadCache(deps.cacheMs, now);
  const seasonCache = new ReadCache(deps.cacheMs, now);

  async function fill(board: Board): Promise<void> {
    if (board.kind === 'weekly') {
      await boards.putWeeklyRows(board, await scores.weekRows(board.id!));
      return;
    }
    for (let after = 0; ;) {
      const page =
        board.kind === 'all-time'
          ? await scores.allTimePage(after, PAGE)
          : await scores.seasonPage(board.id!, after, PAGE);
      if (page.length === 0) return;
      await boards.addScores(board, page);
      after = page[page.length - 1]!.seq;
      if (page.length < PAGE) return;
    }
  }

  /** Reads a board, building it first when its marker says it is missing. */
  async function fromBoard<T extends { built: boolean }>(
    board: Board,
    read: () => Promise<T>,
  ): Promise<T> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const result = await read();
      if (result.built) return result;
      await boards.build(board, () => fill(board));
    }
    return read();
  }

  /** Redis down: the same answer from PostgreSQL, slower. */
  async function orFromDatabase<T>(read: () => Promise<T>, fallback: () => Promise<T>) {
    try {
      return await read();
    } catch (error) {
      if (error instanceof AppError) throw error;
      logger.warn({ err: error }, 'Redis read failed; answering from PostgreSQL');
      return fallback();
    }
  }

  const view = (row: WeekRow | SeasonRow, at: Date): WeekView => ({
    id: row.id,
    name: row.name,
    isActive: isRunning(row, at),
    startDate: row.startsAt,
    endDate: row.endsAt,
  });

  const weeklyView = (row: ShownWeeklyRow, total: number): WeeklyRowView => ({
    ...row,
    avgScore: row.gamesPlayed ? round2(row.totalScore / row.gamesPlayed) : 0,
    percentOfTotal: total > 0 ? round2((row.totalScore / total) * 100) : 0,
  });

  function ranked<T>(first: number, items: T[], rank: number): RankView<T> {
    const around = items.map((item, i) => ({ rank: first + i + 1, item }));
    return { rank: rank + 1, entry: around[rank - first]!, around };
  }

  async function weekOrThrow(id: string): Promise<WeekRow> {
    const week = await weeks.byId(id);
    if (!week) throw new AppError('NOT_FOUND', 'Weekly leaderboard not found');
    return week;
  }

  async function seasonOrThrow(id: string): Promise<SeasonRow> {
    const season = await seasons.byId(id);
    if (!season) throw new AppError('NOT_FOUND', 'Seasonal leaderboard not found');
    return season;
  }

  async function scoreTop(board: Board, limit: number, fallback: () => Promise<ShownScore[]>) {
    return cache.get(`${board.kind}:${board.id}:${limit}`, () =>
      orFromDatabase(
        async () => (await fromBoard(board, () => boards.readScores(board, 0, limit - 1))).entries,
        fallback,
      ),
    );
  }

  const allSeasons = () => seasonCache.get('all', () => seasons.list());

  return {
    /** Local writes call this: this replica shows them at once. */
    invalidate() {
      cache.clear();
      seasonCache.clear();
    },

    fill,

    topAllTime(limit: number): Promise<ShownScore[]> {
      const n = boardLimit(limit);
      return scoreTop(ALL_TIME, n, () => scores.topAllTime(n));
    },

    /** A high score would enter the all-time top 100 (an equal score ranks after the older). */
    async isHighScore(score: number): Promise<boolean> {
      const top = await scoreTop(ALL_TIME, HIGH_SCORE_RANKS, () =>
        scores.topAllTime(HIGH_SCORE_RANKS),
      );
      return top.length < HIGH_SCORE_RANKS || score > top[HIGH_SCORE_RANKS - 1]!.score;
    },

    async allTimeRank(name: string, radius: number): Promise<RankView<ShownScore>> {
      const around = rankRadius(radius);
      // By the name shown (or a look-alike): the player's best entry under it.
      const best = await scores.bestAllTime(playerNameKeys(name));
      if (!best) throw new AppError('NOT_FOUND', 'That player has no all-time entry');
      const r = await fromBoard(ALL_TIME, () => boards.scoreRank(ALL_TIME, best, around));
      if (r.rank < 0) throw new AppError('NOT_FOUND', 'That player has no all-time entry');
      return ranked(r.first, r.entries, r.rank);
    },

    async activeWeek(): Promise<WeekView> {
      const at = now();
      return view(await weeks.ensure(weekOf(at)), at);
    },

    async listWeeks(): Promise<WeekView[]> {
      const at = now();
      await weeks.ensure(weekOf(at));
      return (await weeks.list()).map((w) => view(w, at));
    },

    async weeklyTop(weekId: string, limit: number): Promise<WeeklyRowView[]> {
      const n = boardLimit(limit);
      const week = await weekOrThrow(weekId);
      const board = weekBoard(week);
      return cache.get(`weekly:${week.id}:${n}`, () =>
        orFromDatabase(
          async () => {
            const r = await fromBoard(board, () => boards.readWeekly(board, 0, n - 1));
            return r.rows.map((row) => weeklyView(row, r.total));
          },
          async () => {
            const rows = await scores.weekRows(week.id);
            const total = rows.reduce((sum, row) => sum + row.totalScore, 0);
            return rows.slice(0, n).map((row) => weeklyView(row, total));
          },
        ),
      );
    },

    async weeklyRank(
      weekId: string,
      name: string,
      radius: number,
    ): Promise<RankView<WeeklyRowView>> {
      const around = rankRadius(radius);
      const week = await weekOrThrow(weekId);
      const board = weekBoard(week);
      // The player whose row shows this name (or a look-alike), then their rank on the board.
      const player = await scores.weekPlayerShownAs(week.id, playerNameKeys(name));
      if (!player) throw new AppError('NOT_FOUND', 'That player has no entry this week');
      const r = await fromBoard(board, () => boards.weeklyRankOf(board, player, around));
      if (r.rank < 0) throw new AppError('NOT_FOUND', 'That player has no entry this week');
      return ranked(
        r.first,
        r.rows.map((row) => weeklyView(row, r.total)),
        r.rank,
      );
    },

    /** An entry's place on the all-time board; 0 when it is not there (reset, or banned). */
    async allTimeRankOf(entry: BoardEntry): Promise<number> {
      const r = await fromBoard(ALL_TIME, () => boards.scoreRank(ALL_TIME, entry, 0));
      return r.rank < 0 ? 0 : r.rank + 1;
    },

    /** The current week, and a player's row on its board with its rank (null: none shown). */
    async weeklyStandingOf(
      playerKey: string,
    ): Promise<{ week: WeekView; entry: Ranked<WeeklyRowView> | null }> {
      const at = now();
      const week = await weeks.ensure(weekOf(at));
      const board = weekBoard(week);
      const r = await fromBoard(board, () => boards.weeklyRankOf(board, playerKey, 0));
      const row = r.rank < 0 ? undefined : r.rows[r.rank - r.first];
      return {
        week: view(week, at),
        entry: row ? { rank: r.rank + 1, item: weeklyView(row, r.total) } : null,
      };
    },

    async listSeasons(): Promise<SeasonView[]> {
      const at = now();
      return (await allSeasons()).map((s) => view(s, at));
    },

    async activeSeason(): Promise<SeasonView | null> {
      const at = now();
      const season = (await allSeasons()).find((s) => isRunning(s, at));
      return season ? view(season, at) : null;
    },

    async seasonTop(seasonId: string, limit: number): Promise<ShownScore[]> {
      const n = boardLimit(limit);
      const season = await seasonOrThrow(seasonId);
      return scoreTop(seasonBoard(season), n, () => scores.topSeason(season.id, n));
    },

    async seasonRank(
      seasonId: string,
      name: string,
      radius: number,
    ): Promise<RankView<ShownScore>> {
      const around = rankRadius(radius);
      const season = await seasonOrThrow(seasonId);
      const best = await scores.bestInSeason(season.id, playerNameKeys(name));
      if (!best) throw new AppError('NOT_FOUND', 'That player has no entry this season');
      const board = seasonBoard(season);
      const r = await fromBoard(board, () => boards.scoreRank(board, best, around));
      if (r.rank < 0) throw new AppError('NOT_FOUND', 'That player has no entry this season');
      return ranked(r.first, r.entries, r.rank);
    },
  };
}

export type Leaderboards = ReturnType<typeof createLeaderboards>;
