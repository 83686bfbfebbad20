import { isUuid, type Knex } from '@ballmatch/platform';

export interface WeekRow {
  id: string;
  startsAt: Date;
  endsAt: Date;
  name: string;
}

/** A week as the domain defines it (domain/weeks.ts): the store only keeps it. */
export type NewWeek = Omit<WeekRow, 'id'>;

function weekRow(raw: Record<string, unknown>): WeekRow {
  return {
    id: String(raw.id),
    startsAt: raw.starts_at as Date,
    endsAt: raw.ends_at as Date,
    name: String(raw.name),
  };
}

/**
 * Weekly boards. A week's row is made the first time anything needs it, by an insert that does
 * nothing when another replica made it first: no scheduled job, no race. Rows never change, so
 * this process remembers them.
 */
export function createWeekStore(db: Knex) {
  const byStart = new Map<number, WeekRow>();
  const byId = new Map<string, WeekRow>();
  const remember = (week: WeekRow) => {
    byStart.set(week.startsAt.getTime(), week);
    byId.set(week.id, week);
    return week;
  };

  return {
    async ensure(week: NewWeek): Promise<WeekRow> {
      const known = byStart.get(week.startsAt.getTime());
      if (known) return known;
      await db.raw(
        `INSERT INTO weekly_leaderboards (starts_at, ends_at, name) VALUES (?, ?, ?)
         ON CONFLICT (starts_at) DO NOTHING`,
        [week.startsAt, week.endsAt, week.name],
      );
      const raw = await db('weekly_leaderboards').where({ starts_at: week.startsAt }).first();
      return remember(weekRow(raw));
    },

    async byId(id: string): Promise<WeekRow | undefined> {
      if (!isUuid(id)) return undefined;
      const known = byId.get(id);
      if (known) return known;
      const raw = await db('weekly_leaderboards').where({ id }).first();
      return raw ? remember(weekRow(raw)) : undefined;
    },

    async list(): Promise<WeekRow[]> {
      const rows = await db('weekly_leaderboards').orderBy('starts_at', 'desc');
      return rows.map((raw: Record<string, unknown>) => remember(weekRow(raw)));
    },
  };
}

export type WeekStore = ReturnType<typeof createWeekStore>;
