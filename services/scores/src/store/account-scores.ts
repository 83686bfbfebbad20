import { selectPage, type Knex, type PageWindow } from '@ballmatch/platform';
import { SCORE_COLUMNS, scoreRow, type ScoreRow } from './rows';

/** A signed-in player's own games, whatever their state (their dashboard and data export). */
export function createAccountScoreStore(db: Knex) {
  return {
    /** A page of the player's games, newest first, and how many there are in all. */
    async page(playerKey: string, at: PageWindow): Promise<{ rows: ScoreRow[]; total: number }> {
      const { rows, total } = await selectPage<Record<string, unknown>>(
        () => db('scores').where({ player_key: playerKey }),
        at,
        (q) => q.select(db.raw(SCORE_COLUMNS)).orderByRaw('created_at DESC, seq DESC'),
      );
      return { rows: rows.map(scoreRow), total };
    },
  };
}

export type AccountScoreStore = ReturnType<typeof createAccountScoreStore>;
