import { randomUUID } from 'node:crypto';
import { AppError } from '@ballmatch/platform';
import type { BoardRedis } from './board-scripts';
import type { WeeklyRowData } from './rows';

/**
 * The ranked boards in Redis, rebuilt from PostgreSQL whenever their `built` marker is missing
 * (a flushed or restarted Redis, an expired archive week). Score boards (all-time, each season)
 * are sorted sets of scores; weekly boards are sorted sets of players plus their rows.
 *
 * Ties: the set's score is the points; equal points are ordered by the member, which starts
 * with fixed-width *inverted* creation time and sequence number, so ZREVRANGE (highest first,
 * equal scores in reverse byte order) puts the earlier submission first. The member carries
 * everything a board shows, so a top-N read is one ZREVRANGE.
 */
export interface ShownScore {
  id: string;
  playerName: string;
  score: number;
  level: number;
  moves: number;
  createdAt: Date;
}

export interface BoardEntry extends ShownScore {
  seq: number;
}

export interface ShownWeeklyRow {
  id: string;
  playerName: string;
  totalScore: number;
  gamesPlayed: number;
  highestLevel: number;
}

export interface Board {
  kind: 'all-time' | 'weekly' | 'seasonal';
  /** The week's or season's id; null for all-time. */
  id: string | null;
  /** Unix ms when its keys expire (0: never): a week or season is kept 7 days after it ends. */
  expireAt: number;
}

const KEEP_AFTER_END_MS = 7 * 24 * 3600_000;
const INV_MS = 9_999_999_999_999;
const INV_SEQ = 999_999_999_999;
/** Moderation bumps it; a rebuild that saw it change starts again (it may have re-added a removed entry). */
const GENERATION = 'sc:gen';

export const ALL_TIME: Board = { kind: 'all-time', id: null, expireAt: 0 };

function expiry(endsAt: Date): number {
  return Math.max(endsAt.getTime() + KEEP_AFTER_END_MS, Date.now() + 3600_000);
}

export function weekBoard(week: { id: string; endsAt: Date }): Board {
  return { kind: 'weekly', id: week.id, expireAt: expiry(week.endsAt) };
}

export function seasonBoard(season: { id: string; endsAt: Date }): Board {
  return { kind: 'seasonal', id: season.id, expireAt: expiry(season.endsAt) };
}

/**
 * The boards' layout, in their keys: bumped when what members mean changes, so every board is
 * rebuilt from PostgreSQL under new keys (older weeks and seasons expire; the old all-time
 * board is deleted at start, dropOldLayouts). 2: weekly members are player keys
 * (`user:<id>`, `guest:<skeleton>`), bans are by player (scores migration 003_player_keys).
 * 3: look-alike guests are one player (`guest:<key>`, migration 005_name_keys).
 */
const LAYOUT = 3;

function boardTag(board: Board, layout: number): string {
  const name = board.kind === 'all-time' ? 'all' : `${board.kind[0]}:${board.id}`;
  return layout === 1 ? `sc:{${name}}` : `sc:{${layout}:${name}}`;
}

export function boardKeys(board: Board) {
  // One hash tag per board: its keys live together (Redis Cluster), as the scripts need.
  const tag = boardTag(board, LAYOUT);
  return {
    z: `${tag}:z`,
    rows: `${tag}:rows`,
    total: `${tag}:total`,
    built: `${tag}:built`,
    lock: `${tag}:lock`,
    /** How often it was dropped: a rebuild marks it built only if unchanged since it began. */
    drops: `${tag}:drops`,
  };
}

/** A board by name, as `board_writes` keeps it (and the submission statement writes it). */
export function boardName(board: Board): string {
  return board.kind === 'all-time' ? 'all-time' : `${board.kind}:${board.id}`;
}

/** The board a name stands for (its expiry unknown: enough to drop it). */
export function boardOfName(name: string): Board | undefined {
  if (name === 'all-time') return ALL_TIME;
  const [kind, id] = name.split(':');
  return (kind === 'weekly' || kind === 'seasonal') && id ? { kind, id, expireAt: 0 } : undefined;
}

export function scoreMember(entry: BoardEntry): string {
  const time = String(INV_MS - entry.createdAt.getTime()).padStart(13, '0');
  const seq = String(INV_SEQ - entry.seq).padStart(12, '0');
  return `${time}${seq}|${entry.id}|${entry.level}|${entry.moves}|${entry.playerName}`;
}

export function parseScoreMember(member: string, points: number): ShownScore {
  const createdAt = new Date(INV_MS - Number(member.slice(0, 13)));
  const [id, level, moves, ...name] = member.slice(26).split('|');
  return {
    id: id!,
    playerName: name.join('|'),
    score: points,
    level: Number(level),
    moves: Number(moves),
    createdAt,
  };
}

/** Weekly ties: fewer games first (the better average), then reverse byte order of the key. */
export function weeklyRank(row: { totalScore: number; gamesPlayed: number }): string {
  return String(row.totalScore * 1_048_576 + (1_048_575 - Math.min(row.gamesPlayed, 1_048_575)));
}

function weeklyArgs(row: WeeklyRowData): string[] {
  const value = [
    row.version,
    row.totalScore,
    row.gamesPlayed,
    row.highestLevel,
    row.id,
    row.playerName,
  ].join('|');
  return [row.playerKey, String(row.version), String(row.totalScore), weeklyRank(row), value];
}

function parseWeeklyValue(value: string): ShownWeeklyRow {
  const [, total, games, level, id, ...name] = value.split('|');
  return {
    id: id!,
    playerName: name.join('|'),
    totalScore: Number(total),
    gamesPlayed: Number(games),
    highestLevel: Number(level),
  };
}

function pairs(flat: string[]): ShownScore[] {
  const out: ShownScore[] = [];
  for (let i = 0; i < flat.length; i += 2)
    out.push(parseScoreMember(flat[i]!, Number(flat[i + 1])));
  return out;
}

const CHUNK = 1000;
/** A board's drop count outlives any rebuild that could have read it. */
const KEEP_DROPS_MS = 7 * 24 * 3600_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function exec(pipeline: ReturnType<BoardRedis['pipeline']>): Promise<void> {
  const results = (await pipeline.exec()) ?? [];
  const failed = results.find(([error]) => error);
  if (failed) throw failed[0];
}

export function createBoardStore(redis: BoardRedis) {
  const commands = (p: ReturnType<BoardRedis['pipeline']>) =>
    p as unknown as ReturnType<BoardRedis['pipeline']> & {
      bmWeeklyUpsert(...args: string[]): unknown;
      bmWeeklyRemove(...args: string[]): unknown;
    };

  return {
    /** The all-time board of older layouts (weeks and seasons expire on their own). */
    async dropOldLayouts(): Promise<void> {
      for (let layout = 1; layout < LAYOUT; layout++) {
        const tag = boardTag(ALL_TIME, layout);
        await redis.del(`${tag}:z`, `${tag}:rows`, `${tag}:total`, `${tag}:built`, `${tag}:lock`);
      }
    },

    /** After an accepted score committed: its entries on every board it belongs to. */
    async recordScore(
      entry: BoardEntry,
      week: Board,
      row: WeeklyRowData,
      season: Board | null,
    ): Promise<void> {
      const p = commands(redis.pipeline());
      const member = scoreMember(entry);
      p.zadd(boardKeys(ALL_TIME).z, entry.score, member);
      if (season) {
        const s = boardKeys(season);
        p.zadd(s.z, entry.score, member);
        p.pexpireat(s.z, season.expireAt);
      }
      const w = boardKeys(week);
      p.bmWeeklyUpsert(w.z, w.rows, w.total, String(week.expireAt), '0', ...weeklyArgs(row));
      await exec(p);
    },

    async addScores(board: Board, entries: BoardEntry[]): Promise<void> {
      const { z } = boardKeys(board);
      for (let i = 0; i < entries.length; i += CHUNK) {
        const args: (string | number)[] = [];
        for (const e of entries.slice(i, i + CHUNK)) args.push(e.score, scoreMember(e));
        const p = redis.pipeline().zadd(z, ...args);
        if (board.expireAt) p.pexpireat(z, board.expireAt);
        await exec(p);
      }
    },

    async removeScores(board: Board, entries: BoardEntry[]): Promise<void> {
      const { z } = boardKeys(board);
      for (let i = 0; i < entries.length; i += CHUNK) {
        await redis.zrem(z, ...entries.slice(i, i + CHUNK).map(scoreMember));
      }
    },

    /** Newer rows win unless `force` (a void lowered a row: its new state is the truth). */
    async putWeeklyRows(board: Board, rows: WeeklyRowData[], force = false): Promise<void> {
      const k = boardKeys(board);
      for (let i = 0; i < rows.length; i += CHUNK / 5) {
        const args = rows.slice(i, i + CHUNK / 5).flatMap(weeklyArgs);
        await redis.bmWeeklyUpsert(
          k.z,
          k.rows,
          k.total,
          String(board.expireAt),
          force ? '1' : '0',
          ...args,
        );
      }
    },

    async removeWeeklyRows(board: Board, playerKeys: string[]): Promise<void> {
      if (playerKeys.length === 0) return;
      const k = boardKeys(board);
      await redis.bmWeeklyRemove(k.z, k.rows, k.total, ...playerKeys);
    },

    /**
     * Drops a board: the next read rebuilds it from PostgreSQL, and a rebuild under way when it
     * was dropped does not mark it built (it starts again).
     */
    async invalidate(board: Board): Promise<void> {
      const k = boardKeys(board);
      await redis.bmBoardDrop(k.z, k.rows, k.total, k.built, k.drops, String(KEEP_DROPS_MS));
    },

    async bumpGeneration(): Promise<void> {
      await redis.incr(GENERATION);
    },

    async readScores(board: Board, first: number, last: number) {
      const k = boardKeys(board);
      const results = (await redis
        .pipeline()
        .exists(k.built)
        .zrevrange(k.z, first, last, 'WITHSCORES')
        .exec())!;
      const failed = results.find(([error]) => error);
      if (failed) throw failed[0];
      return { built: results[0]![1] === 1, entries: pairs(results[1]![1] as string[]) };
    },

    async readWeekly(board: Board, first: number, last: number) {
      const k = boardKeys(board);
      const [built, total, values] = (await redis.bmWeeklyRead(
        k.z,
        k.rows,
        k.total,
        k.built,
        String(first),
        String(last),
      )) as [number, string, (string | null)[]];
      return {
        built: built === 1,
        total: Number(total),
        rows: values.filter((v): v is string => v !== null).map(parseWeeklyValue),
      };
    },

    async scoreRank(board: Board, entry: BoardEntry, radius: number) {
      const k = boardKeys(board);
      const reply = (await redis.bmScoreRank(k.z, k.built, scoreMember(entry), String(radius))) as [
        number,
        number,
        number?,
        string[]?,
      ];
      return {
        built: reply[0] === 1,
        rank: reply[1],
        first: reply[2] ?? 0,
        entries: pairs(reply[3] ?? []),
      };
    },

    async weeklyRankOf(board: Board, playerKey: string, radius: number) {
      const k = boardKeys(board);
      const reply = (await redis.bmWeeklyRank(
        k.z,
        k.rows,
        k.total,
        k.built,
        playerKey,
        String(radius),
      )) as [number, number, number?, string?, (string | null)[]?];
      return {
        built: reply[0] === 1,
        rank: reply[1],
        first: reply[2] ?? 0,
        total: Number(reply[3] ?? 0),
        rows: (reply[4] ?? []).filter((v): v is string => v !== null).map(parseWeeklyValue),
      };
    },

    /**
     * Fills a board from PostgreSQL (`fill` writes every entry with the methods above) and marks
     * it built. One process builds while the others wait for the marker; writers keep adding
     * to the live key meanwhile (their writes are idempotent), so nothing committed is missed.
     * It starts again if moderation bumped the generation, or the board was dropped, meanwhile.
     */
    async build(board: Board, fill: () => Promise<void>): Promise<void> {
      const k = boardKeys(board);
      const token = randomUUID();
      if ((await redis.set(k.lock, token, 'PX', 30_000, 'NX')) !== 'OK') {
        for (let waited = 0; waited < 10_000; waited += 50) {
          await sleep(50);
          if ((await redis.exists(k.built)) === 1 || (await redis.exists(k.lock)) === 0) return;
        }
        throw new AppError('UNAVAILABLE', 'The leaderboard is being rebuilt. Please try again.');
      }
      try {
        for (let attempt = 0; attempt < 3; attempt++) {
          const generation = await redis.get(GENERATION);
          const drops = (await redis.get(k.drops)) ?? '';
          await fill();
          if (
            (await redis.get(GENERATION)) === generation &&
            (await redis.bmBoardMark(k.built, k.drops, drops, String(board.expireAt))) === 1
          ) {
            return;
          }
          await redis.del(k.z, k.rows, k.total);
        }
      } finally {
        if ((await redis.get(k.lock)) === token) await redis.del(k.lock);
      }
    },
  };
}

export type BoardStore = ReturnType<typeof createBoardStore>;
