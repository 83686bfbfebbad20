import type { Knex } from '@ballmatch/platform';
import { isUuid } from '../domain/ids';
import { weekEnd, weekName } from '../domain/weeks';

export interface WeekRow {
  id: string;
  startsAt: Date;
  endsAt: Date;
  name: string;
}

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
export function weekStore(db: Knex) {
  const byStart = new Map<number, WeekRow>();
  const byId = new Map<string, WeekRow>();
  const remember = (week: WeekRow) => {
    byStart.set(week.startsAt.getTime(), week);
    byId.set(week.id, week);
    return week;
  };

  return {
    async ensure(start: Date): Promise<WeekRow> {
      const known = byStart.get(start.getTime());
      if (known) return known;
      await db.raw(
        `INSERT INTO weekly_leaderboards (starts_at, ends_at, name) VALUES (?, ?, ?)
         ON CONFLICT (starts_at) DO NOTHING`,
        [start, weekEnd(start), weekName(start)],
      );
      const raw = await db('weekly_leaderboards').where({ starts_at: start }).first();
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

export type WeekStore = ReturnType<typeof weekStore>;
