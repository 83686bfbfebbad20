import { perDaySql, type Knex } from '@ballmatch/platform';

type Raw = Record<string, unknown>;

/** Player accounts per day of registration (admins are not players). */
export function createNewUserStore(db: Knex) {
  return {
    /** Every UTC day from `from` to `to` (YYYY-MM-DD, inclusive), with its new players. */
    async perDay(from: string, to: string): Promise<Array<{ day: string; users: number }>> {
      const { rows } = await db.raw<{ rows: Raw[] }>(
        `WITH days AS (${perDaySql.days}), registered AS (
           SELECT ${perDaySql.dayOf('created_at')} AS day, count(*)::int AS n
             FROM users
            WHERE type = 'user' AND ${perDaySql.within('created_at')}
            GROUP BY 1
         )
         SELECT to_char(days.day, 'YYYY-MM-DD') AS day, coalesce(registered.n, 0) AS users
           FROM days LEFT JOIN registered USING (day)
          ORDER BY days.day`,
        { from, to },
      );
      return rows.map((r) => ({ day: String(r.day), users: Number(r.users) }));
    },

    async players(): Promise<number> {
      const [row] = await db<Raw>('users').where({ type: 'user' }).count({ count: '*' });
      return Number(row?.count ?? 0);
    },
  };
}

export type NewUserStore = ReturnType<typeof createNewUserStore>;
