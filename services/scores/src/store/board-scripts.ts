import type { Redis } from '@ballmatch/platform';

/**
 * Lua scripts for the weekly boards, each run atomically by Redis. A weekly board is a sorted
 * set (member: player key), a hash (player key -> row) and the week's total of those rows (the
 * '% of Total' denominator). A row carries its PostgreSQL version: an older copy never replaces
 * a newer one, so writers after commit and a rebuild from PostgreSQL can run at the same time.
 * Row value: 'version|total|games|highestLevel|rowId|playerName'.
 */
const WEEKLY_UPSERT = `
local changed = 0
for i = 3, #ARGV, 5 do
  local member = ARGV[i]
  local current = redis.call('HGET', KEYS[2], member)
  local oldTotal = 0
  local take = true
  if current then
    local v, t = string.match(current, '^(%d+)|(%d+)|')
    oldTotal = tonumber(t)
    if ARGV[2] ~= '1' and tonumber(v) >= tonumber(ARGV[i + 1]) then take = false end
  end
  if take then
    redis.call('HSET', KEYS[2], member, ARGV[i + 4])
    redis.call('ZADD', KEYS[1], ARGV[i + 3], member)
    local delta = tonumber(ARGV[i + 2]) - oldTotal
    if delta ~= 0 then redis.call('INCRBY', KEYS[3], delta) end
    changed = changed + 1
  end
end
if tonumber(ARGV[1]) > 0 then
  for k = 1, 3 do redis.call('PEXPIREAT', KEYS[k], ARGV[1]) end
end
return changed`;

const WEEKLY_REMOVE = `
local removed = 0
for i = 1, #ARGV do
  local current = redis.call('HGET', KEYS[2], ARGV[i])
  if current then
    local t = string.match(current, '^%d+|(%d+)|')
    redis.call('HDEL', KEYS[2], ARGV[i])
    redis.call('ZREM', KEYS[1], ARGV[i])
    redis.call('INCRBY', KEYS[3], -tonumber(t))
    removed = removed + 1
  end
end
return removed`;

/** -> { built, total, rows[] } for ranks ARGV[1]..ARGV[2] (0-based). */
const WEEKLY_READ = `
local members = redis.call('ZREVRANGE', KEYS[1], ARGV[1], ARGV[2])
local rows = {}
if #members > 0 then rows = redis.call('HMGET', KEYS[2], unpack(members)) end
return { redis.call('EXISTS', KEYS[4]), redis.call('GET', KEYS[3]) or '0', rows }`;

/** -> { built, rank (-1: none), first rank shown, total, rows[] } around member ARGV[1]. */
const WEEKLY_RANK = `
local built = redis.call('EXISTS', KEYS[4])
local rank = redis.call('ZREVRANK', KEYS[1], ARGV[1])
if not rank then return { built, -1 } end
local first = math.max(0, rank - tonumber(ARGV[2]))
local members = redis.call('ZREVRANGE', KEYS[1], first, rank + tonumber(ARGV[2]))
local rows = redis.call('HMGET', KEYS[2], unpack(members))
return { built, rank, first, redis.call('GET', KEYS[3]) or '0', rows }`;

/** -> { built, rank (-1: none), first rank shown, [member, score, ...] } around ARGV[1]. */
const SCORE_RANK = `
local built = redis.call('EXISTS', KEYS[2])
local rank = redis.call('ZREVRANK', KEYS[1], ARGV[1])
if not rank then return { built, -1 } end
local first = math.max(0, rank - tonumber(ARGV[2]))
return { built, rank, first,
  redis.call('ZREVRANGE', KEYS[1], first, rank + tonumber(ARGV[2]), 'WITHSCORES') }`;

/**
 * A board dropped (the next read rebuilds it): its keys deleted and its drop count (KEYS[5])
 * raised in one step, so a rebuild that began before cannot mark the board built (BOARD_MARK).
 * ARGV[1]: how long the count is kept (ms), far longer than any rebuild.
 */
const BOARD_DROP = `
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
redis.call('INCR', KEYS[5])
redis.call('PEXPIRE', KEYS[5], ARGV[1])
return 1`;

/**
 * A rebuild's last step: the board is marked built (KEYS[1], expiring at ARGV[2] unless 0) only
 * if it was not dropped since the rebuild began (its drop count KEYS[2] is still ARGV[1]).
 */
const BOARD_MARK = `
if (redis.call('GET', KEYS[2]) or '') ~= ARGV[1] then return 0 end
if tonumber(ARGV[2]) > 0 then
  redis.call('SET', KEYS[1], '1', 'PXAT', ARGV[2])
else
  redis.call('SET', KEYS[1], '1')
end
return 1`;

type Reply = Promise<unknown>;

export interface BoardCommands {
  bmWeeklyUpsert(z: string, rows: string, total: string, ...args: string[]): Reply;
  bmWeeklyRemove(z: string, rows: string, total: string, ...members: string[]): Reply;
  bmWeeklyRead(z: string, rows: string, total: string, built: string, ...args: string[]): Reply;
  bmWeeklyRank(z: string, rows: string, total: string, built: string, ...args: string[]): Reply;
  bmScoreRank(z: string, built: string, ...args: string[]): Reply;
  bmBoardDrop(
    z: string,
    rows: string,
    total: string,
    built: string,
    drops: string,
    keepMs: string,
  ): Reply;
  bmBoardMark(built: string, drops: string, seen: string, expireAt: string): Reply;
}

export type BoardRedis = Redis & BoardCommands;

/** Registers the scripts (ioredis sends EVALSHA, prefixes KEYS, and loads a script when missing). */
export function withBoardScripts(redis: Redis): BoardRedis {
  redis.defineCommand('bmWeeklyUpsert', { numberOfKeys: 3, lua: WEEKLY_UPSERT });
  redis.defineCommand('bmWeeklyRemove', { numberOfKeys: 3, lua: WEEKLY_REMOVE });
  redis.defineCommand('bmWeeklyRead', { numberOfKeys: 4, lua: WEEKLY_READ });
  redis.defineCommand('bmWeeklyRank', { numberOfKeys: 4, lua: WEEKLY_RANK });
  redis.defineCommand('bmScoreRank', { numberOfKeys: 2, lua: SCORE_RANK });
  redis.defineCommand('bmBoardDrop', { numberOfKeys: 5, lua: BOARD_DROP });
  redis.defineCommand('bmBoardMark', { numberOfKeys: 2, lua: BOARD_MARK });
  return redis as BoardRedis;
}
