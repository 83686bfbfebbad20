import type { Knex } from '@ballmatch/platform';
import { SCORE_COLUMNS, scoreRow, type ScoreRow } from './rows';

/** A signed-in player's own games, whatever their state (their dashboard and data export). */
export function createAccountScoreStore(db: Knex) {
  return {
    /** A page of the player's games, newest first, and how many there are in all. */
    async page(
      playerKey: string,
      page: { limit: number; offset: number },
    ): Promise<{ rows: ScoreRow[]; total: number }> {
      const [found, counted] = await Promise.all([
        db.raw(
          `SELECT ${SCORE_COLUMNS} FROM scores WHERE player_key = ?
           ORDER BY created_at DESC, seq DESC LIMIT ? OFFSET ?`,
          [playerKey, page.limit, page.offset],
        ),
        db('scores').where({ player_key: playerKey }).count<{ n: string }[]>({ n: '*' }),
      ]);
      return {
        rows: (found.rows as Record<string, unknown>[]).map(scoreRow),
        total: Number(counted[0]?.n ?? 0),
      };
    },
  };
}

export type AccountScoreStore = ReturnType<typeof createAccountScoreStore>;
