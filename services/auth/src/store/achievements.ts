import type { Knex } from '@ballmatch/platform';

/** A badge a player won. */
export interface AwardedRow {
  badge: string;
  awardedAt: Date;
}

/** A verified game of a player, as the achievements judge it. */
export interface PlayedGame {
  scoreId: string;
  userId: string;
  seasonId: string | null;
  playedAt: Date;
}

/** The player's record once a game is counted. */
export interface PlayerRecord {
  games: number;
  seasons: number;
}

/** Queries on auth.achievements and auth.player_games. */
export function createAchievementStore(db: Knex) {
  return {
    async ofUser(userId: string): Promise<AwardedRow[]> {
      const rows = (await db('achievements')
        .where({ user_id: userId })
        .select('badge', 'awarded_at')) as { badge: string; awarded_at: Date }[];
      return rows.map((r) => ({ badge: r.badge, awardedAt: r.awarded_at }));
    },

    /**
     * Whether the account is a player's (not an admin's, not gone), holding its games for the
     * rest of the transaction: two of its games judged at once are judged one after the other,
     * each seeing the other's count.
     */
    async lockPlayer(trx: Knex.Transaction, userId: string): Promise<boolean> {
      await trx.raw('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [
        `achievements:${userId}`,
      ]);
      return Boolean(await trx('users').where({ id: userId, type: 'user' }).first('id'));
    },

    /** Counts the game once (by score); null when it was counted already. */
    async recordGame(trx: Knex.Transaction, game: PlayedGame): Promise<PlayerRecord | null> {
      const inserted = await trx('player_games')
        .insert({
          score_id: game.scoreId,
          user_id: game.userId,
          season_id: game.seasonId,
          played_at: game.playedAt,
        })
        .onConflict('score_id')
        .ignore()
        .returning('score_id');
      if (inserted.length === 0) return null;
      const [row] = (await trx('player_games')
        .where({ user_id: game.userId })
        .select(
          trx.raw('count(*)::int AS games'),
          trx.raw('count(DISTINCT season_id)::int AS seasons'),
        )) as unknown as PlayerRecord[];
      return row!;
    },

    /** Stores the badges not won before; answers those. */
    async award(
      trx: Knex.Transaction,
      userId: string,
      badges: string[],
      scoreId: string,
      at: Date,
    ): Promise<string[]> {
      if (badges.length === 0) return [];
      const rows = (await trx('achievements')
        .insert(
          badges.map((badge) => ({ user_id: userId, badge, score_id: scoreId, awarded_at: at })),
        )
        .onConflict(['user_id', 'badge'])
        .ignore()
        .returning('badge')) as { badge: string }[];
      return rows.map((r) => r.badge);
    },
  };
}

export type AchievementStore = ReturnType<typeof createAchievementStore>;
