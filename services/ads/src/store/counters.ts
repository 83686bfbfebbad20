import { isUuid, type Knex, type Redis } from '@ballmatch/platform';

/**
 * Impression and click counters. Counting happens in Redis (a hash of fields per ad or icon and
 * UTC day); a flush moves them into a batch that PostgreSQL applies once (domain/counters.ts).
 */
export const COUNTS_KEY = 'ads:counts';
/** The ids of batches moved out of COUNTS_KEY and not yet deleted (applied or not). */
export const BATCHES_KEY = 'ads:batches';
export const batchKey = (id: string) => `ads:batch:${id}`;

/** The UTC day of an event, as the counters and the daily rows name it. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export const adImpressionField = (adId: string, at: Date) => `imp:ad:${adId}:${utcDay(at)}`;
export const adClickField = (adId: string, at: Date) => `clk:ad:${adId}:${utcDay(at)}`;
export const iconImpressionField = (color: string, at: Date) => `imp:icon:${color}:${utcDay(at)}`;

/**
 * Moves every non-zero count into the new batch KEYS[2] and subtracts it from KEYS[1] (never a
 * reset: the script is atomic, but subtracting is right whatever runs around it), then drops
 * the fields it left at zero so old days do not pile up. Records the batch id ARGV[1] in
 * KEYS[3] when anything moved. -> how many fields moved.
 */
const MOVE_COUNTS = `
local all = redis.call('HGETALL', KEYS[1])
local moved = 0
for i = 1, #all, 2 do
  local n = tonumber(all[i + 1])
  if n ~= 0 then
    redis.call('HSET', KEYS[2], all[i], n)
    if redis.call('HINCRBY', KEYS[1], all[i], -n) == 0 then redis.call('HDEL', KEYS[1], all[i]) end
    moved = moved + 1
  else
    redis.call('HDEL', KEYS[1], all[i])
  end
end
if moved > 0 then redis.call('SADD', KEYS[3], ARGV[1]) end
return moved`;

export interface CounterCommands {
  adsMoveCounts(counts: string, batch: string, batches: string, batchId: string): Promise<number>;
}

export type CounterRedis = Redis & CounterCommands;

/** Registers the script (ioredis prefixes KEYS; the script builds no key itself). */
export function withCounterScripts(redis: Redis): CounterRedis {
  redis.defineCommand('adsMoveCounts', { numberOfKeys: 3, lua: MOVE_COUNTS });
  return redis as CounterRedis;
}

export interface AdDay {
  adId: string;
  day: string;
  impressions: number;
  clicks: number;
}

export interface IconDay {
  color: string;
  day: string;
  impressions: number;
}

/** A batch's fields as daily rows; a field this code did not write is skipped (and answered). */
export function parseBatch(fields: Record<string, string>): {
  ads: AdDay[];
  icons: IconDay[];
  skipped: string[];
} {
  const ads = new Map<string, AdDay>();
  const icons: IconDay[] = [];
  const skipped: string[] = [];
  for (const [field, value] of Object.entries(fields)) {
    const n = Number(value);
    const match = /^(imp|clk):(ad|icon):([^:]+):(\d{4}-\d{2}-\d{2})$/.exec(field);
    if (!match || !Number.isSafeInteger(n)) {
      skipped.push(field);
      continue;
    }
    const [, what, kind, id, day] = match as unknown as [string, string, string, string, string];
    if (kind === 'icon' && what === 'imp') {
      icons.push({ color: id, day, impressions: n });
    } else if (kind === 'ad' && isUuid(id)) {
      const key = `${id}:${day}`;
      const row = ads.get(key) ?? { adId: id, day, impressions: 0, clicks: 0 };
      if (what === 'imp') row.impressions += n;
      else row.clicks += n;
      ads.set(key, row);
    } else {
      skipped.push(field);
    }
  }
  return { ads: [...ads.values()], icons, skipped };
}

/** How long an applied batch's id is kept: far longer than a batch can wait in Redis. */
const KEEP_FLUSHED_IDS = "interval '7 days'";

/**
 * Applies one batch in one transaction, keyed by its id: the daily rows are added to only when
 * the id was new. -> whether it was applied now (false: it had been before).
 */
export async function applyBatch(
  db: Knex,
  batchId: string,
  rows: { ads: AdDay[]; icons: IconDay[] },
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const inserted = await trx('flushed_batches')
      .insert({ id: batchId })
      .onConflict('id')
      .ignore()
      .returning('id');
    if (inserted.length === 0) return false;
    if (rows.ads.length > 0) {
      await trx('ad_daily_stats')
        .insert(
          rows.ads.map((r) => ({
            ad_id: r.adId,
            day: r.day,
            impressions: r.impressions,
            clicks: r.clicks,
          })),
        )
        .onConflict(['ad_id', 'day'])
        .merge({
          impressions: trx.raw('ad_daily_stats.impressions + excluded.impressions'),
          clicks: trx.raw('ad_daily_stats.clicks + excluded.clicks'),
        });
    }
    if (rows.icons.length > 0) {
      await trx('icon_daily_stats')
        .insert(rows.icons.map((r) => ({ color: r.color, day: r.day, impressions: r.impressions })))
        .onConflict(['color', 'day'])
        .merge({ impressions: trx.raw('icon_daily_stats.impressions + excluded.impressions') });
    }
    return true;
  });
}

export async function pruneFlushedBatches(db: Knex): Promise<void> {
  await db('flushed_batches')
    .where('flushed_at', '<', db.raw(`now() - ${KEEP_FLUSHED_IDS}`))
    .del();
}

export async function readTotalsByAd(
  db: Knex,
  adIds: string[],
): Promise<{ adId: string; impressions: number; clicks: number }[]> {
  const ids = adIds.filter(isUuid);
  if (ids.length === 0) return [];
  const rows: { ad_id: string; impressions: string; clicks: string }[] = await db('ad_daily_stats')
    .select('ad_id')
    .sum({ impressions: 'impressions', clicks: 'clicks' })
    .whereIn('ad_id', ids)
    .groupBy('ad_id');
  return rows.map((r) => ({
    adId: r.ad_id,
    impressions: Number(r.impressions),
    clicks: Number(r.clicks),
  }));
}

const DAY_TEXT = "to_char(day, 'YYYY-MM-DD') AS day";

export async function readAdDays(db: Knex, from: string, to: string): Promise<AdDay[]> {
  const rows: { ad_id: string; day: string; impressions: string; clicks: string }[] = await db(
    'ad_daily_stats',
  )
    .select('ad_id', db.raw(DAY_TEXT), 'impressions', 'clicks')
    .whereBetween('day', [from, to])
    .orderBy([{ column: 'day' }, { column: 'ad_id' }]);
  return rows.map((r) => ({
    adId: r.ad_id,
    day: r.day,
    impressions: Number(r.impressions),
    clicks: Number(r.clicks),
  }));
}

export async function readIconDays(db: Knex, from: string, to: string): Promise<IconDay[]> {
  const rows: { color: string; day: string; impressions: string }[] = await db('icon_daily_stats')
    .select('color', db.raw(DAY_TEXT), 'impressions')
    .whereBetween('day', [from, to])
    .orderBy([{ column: 'day' }, { column: 'color' }]);
  return rows.map((r) => ({ color: r.color, day: r.day, impressions: Number(r.impressions) }));
}
