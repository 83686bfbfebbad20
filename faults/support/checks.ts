// What must hold once a fault has healed, read from the stores themselves: every score a client
// was told was accepted is in PostgreSQL exactly once and counted once in its weekly row; the
// boards in Redis equal PostgreSQL; every verified game was judged for achievements once
// (auth's player_games) and every player holds 'first_game'; every impression answered 204 is
// in ad_daily_stats exactly once; every payment Stripe took paid one order once. Of the games
// played over the game socket: every place a client was told durable holds the action it sent
// there, nothing it was told was contradicted, an ended game's view is its last board, and
// each ended game's score is stored once.
import { createKnex, createRedis, type Knex, type Redis } from '@ballmatch/platform';
import type { StripeStandIn } from '../../services/ads/test/stripe-stand-in';
import { ALL_TIME, boardKeys } from '../../services/scores/src/store/boards';
import type { PlayedGame } from './games';

// The boards' keys as the scores service lays them out (its layout number changes with them).
const ALL_TIME_BOARD = boardKeys(ALL_TIME).z;
const weekRows = (weekId: string) => boardKeys({ kind: 'weekly', id: weekId, expireAt: 0 }).rows;

export interface Tally {
  accepted: number;
  stored: number;
  lost: number;
  duplicated: number;
}

export interface Findings {
  scores: Tally;
  /** Verified games judged by auth for achievements (player_games), and badges. */
  awards: Tally & { firstGameMissing: number };
  impressions: Tally;
  payments: Tally;
  /** Boards whose Redis copy differs from PostgreSQL (all-time, each week), with why. */
  boardMismatches: string[];
  /** Events written to an outbox and not yet published, per schema. */
  outboxes: Record<string, number>;
  games: GameFindings;
}

/** The games played over the game socket (support/games.ts), against the stores. */
export interface GameFindings {
  played: number;
  ended: number;
  /** Places told durable / in sessions.game_actions with the action sent / not (missing or another). */
  actions: { told: number; stored: number; lost: number; examples: string[] };
  /** Stale frames, answers to a resend that differ, games read again that are not the board. */
  contradictions: string[];
  /** Ended games whose view the server gave is not the last board shown. */
  viewsChecked: number;
  viewMismatches: string[];
  /** Ended games submitted with their signed result: told accepted / stored / lost / duplicated. */
  scores: Tally;
}

export class Stores {
  readonly db: Knex;
  readonly redis: Redis;

  constructor(env: { DATABASE_URL: string; REDIS_URL: string }, redisPrefix: string) {
    this.db = createKnex({ url: env.DATABASE_URL, schema: 'public', poolMax: 2 });
    this.redis = createRedis({ url: env.REDIS_URL, keyPrefix: redisPrefix });
  }

  async outboxes(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const schema of ['auth', 'sessions', 'scores', 'ads', 'content']) {
      const [row] = (await this.db.raw(`SELECT count(*)::int AS n FROM ${schema}.outbox`)).rows;
      counts[schema] = row.n as number;
    }
    return counts;
  }

  async impressionsStored(adId: string): Promise<number> {
    const { rows } = await this.db.raw(
      'SELECT coalesce(sum(impressions), 0)::int AS n FROM ads.ad_daily_stats WHERE ad_id = ?',
      [adId],
    );
    return rows[0].n as number;
  }

  async gamesJudged(): Promise<number> {
    const { rows } = await this.db.raw('SELECT count(*)::int AS n FROM auth.player_games');
    return rows[0].n as number;
  }

  async scores(acceptedNow: Array<{ sessionId: string }>): Promise<Tally> {
    // What clients were told before the stores are read (games go on meanwhile).
    const accepted = [...acceptedNow];
    const { rows } = await this.db.raw(
      `SELECT session_id, count(*)::int AS n FROM scores.scores GROUP BY session_id`,
    );
    const stored = new Map<string, number>(
      rows.map((r: { session_id: string; n: number }) => [r.session_id, r.n]),
    );
    const lost = accepted.filter((a) => !stored.has(a.sessionId)).length;
    // Rows of these games (a game stored twice shows here too); duplicates are counted of all.
    const rowsOfThese = accepted.reduce((sum, a) => sum + (stored.get(a.sessionId) ?? 0), 0);
    let duplicated = [...stored.values()].reduce((sum, n) => sum + (n - 1), 0);
    // Counted twice in a week (a retried submission added again) is a duplicate too.
    const { rows: weeks } = await this.db.raw(`
      SELECT w.week_id, w.player_key, w.games_played, w.total_score,
             count(s.id)::int AS games, coalesce(sum(s.score), 0)::bigint AS total
        FROM scores.weekly_scores w
        LEFT JOIN scores.scores s ON s.week_id = w.week_id AND s.player_key = w.player_key
             AND s.voided_at IS NULL AND s.review_state IN ('accepted', 'cleared')
       GROUP BY w.week_id, w.player_key, w.games_played, w.total_score`);
    for (const w of weeks) {
      if (w.games_played !== w.games || String(w.total_score) !== String(w.total)) {
        duplicated += Math.max(1, w.games_played - w.games);
      }
    }
    return { accepted: accepted.length, stored: rowsOfThese, lost, duplicated };
  }

  async awards(accepted: Array<{ scoreId: string; userId: string }>): Promise<Findings['awards']> {
    const judged = await this.db.raw('SELECT score_id FROM auth.player_games');
    const ids = new Set<string>(judged.rows.map((r: { score_id: string }) => r.score_id));
    const lost = accepted.filter((a) => !ids.has(a.scoreId)).length;
    const badges = await this.db.raw(
      "SELECT user_id::text AS user_id FROM auth.achievements WHERE badge = 'first_game'",
    );
    const holders = new Set<string>(badges.rows.map((r: { user_id: string }) => r.user_id));
    const players = new Set(accepted.map((a) => a.userId));
    return {
      accepted: accepted.length,
      stored: ids.size,
      lost,
      // player_games' key is the score id, so a game judged twice cannot be a second row; one
      // more row than games accepted would be an award for a game nobody was told of.
      duplicated: Math.max(0, ids.size - accepted.length),
      firstGameMissing: [...players].filter((p) => !holders.has(p)).length,
    };
  }

  async payments(stripe: StripeStandIn): Promise<Tally> {
    const paid = stripe.checkoutSessions().filter((s) => s.payment_status === 'paid');
    const { rows } = await this.db.raw(
      `SELECT checkout_session_id, paid_cents::int AS paid, amount_cents::int AS amount
         FROM ads.orders WHERE checkout_session_id IS NOT NULL AND paid_at IS NOT NULL`,
    );
    const orders = new Map<string, { paid: number; amount: number }>(
      rows.map((r: { checkout_session_id: string; paid: number; amount: number }) => [
        r.checkout_session_id,
        r,
      ]),
    );
    let lost = 0;
    let duplicated = 0;
    for (const session of paid) {
      const order = orders.get(session.id);
      if (!order) lost += 1;
      else if (order.paid !== session.amount_total) duplicated += 1;
    }
    return { accepted: paid.length, stored: orders.size, lost, duplicated };
  }

  /** The all-time board and every week's rows, Redis against PostgreSQL. */
  async boardMismatches(): Promise<string[]> {
    const problems: string[] = [];
    const members = await this.redis.zrange(ALL_TIME_BOARD, 0, -1, 'WITHSCORES');
    const inRedis = new Map<string, number>();
    for (let i = 0; i < members.length; i += 2) {
      inRedis.set(members[i]!.slice(26).split('|')[0]!, Number(members[i + 1]));
    }
    const { rows } = await this.db.raw(`
      SELECT s.id::text AS id, s.score FROM scores.scores s
       WHERE s.voided_at IS NULL AND s.reset_id IS NULL
         AND s.review_state IN ('accepted', 'cleared')
         AND NOT EXISTS (SELECT 1 FROM scores.banned_players b WHERE b.player_key = s.player_key)`);
    const inPg = new Map<string, number>(
      rows.map((r: { id: string; score: number }) => [r.id, r.score]),
    );
    const missing = [...inPg].filter(([id, score]) => inRedis.get(id) !== score).length;
    const extra = [...inRedis.keys()].filter((id) => !inPg.has(id)).length;
    if (missing || extra) {
      problems.push(`all-time: ${missing} missing or wrong in Redis, ${extra} not in PostgreSQL`);
    }

    const { rows: weeks } = await this.db.raw(
      'SELECT week_id::text AS week_id, player_key, total_score::text AS total, games_played FROM scores.weekly_scores',
    );
    const byWeek = new Map<
      string,
      Array<{ player_key: string; total: string; games_played: number }>
    >();
    for (const w of weeks) byWeek.set(w.week_id, [...(byWeek.get(w.week_id) ?? []), w]);
    for (const [weekId, pgRows] of byWeek) {
      const hash = await this.redis.hgetall(weekRows(weekId));
      for (const row of pgRows) {
        const value = hash[row.player_key];
        const [, total, games] = (value ?? '').split('|');
        if (total !== row.total || Number(games) !== row.games_played) {
          problems.push(`week ${weekId}: ${row.player_key} is ${value ?? 'missing'} in Redis`);
        }
      }
      const extra = Object.keys(hash).length - pgRows.length;
      if (extra > 0) problems.push(`week ${weekId}: ${extra} rows only in Redis`);
    }
    return problems;
  }

  /**
   * Every place a game's client was told is durable holds, in sessions.game_actions, the action
   * the client sent there (what it was told is taken before the stores are read).
   */
  async toldDurable(games: PlayedGame[]): Promise<GameFindings['actions']> {
    const told = games
      .filter((g) => g.toldDurable.size > 0)
      .map((g) => ({ id: g.sessionId, places: [...g.toldDurable] }));
    if (told.length === 0) return { told: 0, stored: 0, lost: 0, examples: [] };
    const { rows } = await this.db.raw(
      'SELECT session_id::text AS id, seq, code FROM sessions.game_actions WHERE session_id = ANY(?::uuid[])',
      [`{${told.map((g) => g.id).join(',')}}`],
    );
    const stored = new Map<string, number>(
      rows.map((r: { id: string; seq: number; code: number }) => [`${r.id}:${r.seq}`, r.code]),
    );
    let count = 0;
    const lost: string[] = [];
    for (const { id, places } of told) {
      for (const [seq, code] of places) {
        count += 1;
        const found = stored.get(`${id}:${seq}`);
        if (found !== code)
          lost.push(`${id} at ${seq}: sent ${code}, stored ${found ?? 'nothing'}`);
      }
    }
    return {
      told: count,
      stored: count - lost.length,
      lost: lost.length,
      examples: lost.slice(0, 3),
    };
  }

  async games(played: PlayedGame[], accepted: Array<{ sessionId: string }>): Promise<GameFindings> {
    const ended = played.filter((g) => g.ended);
    return {
      played: played.length,
      ended: ended.length,
      actions: await this.toldDurable(played),
      contradictions: played.flatMap((g) => g.contradictions),
      viewsChecked: played.filter((g) => g.viewChecked).length,
      viewMismatches: played.flatMap((g) => (g.viewMismatch ? [g.viewMismatch] : [])),
      scores: await this.scores(accepted),
    };
  }

  async close(): Promise<void> {
    await this.db.destroy();
    this.redis.disconnect();
  }
}
