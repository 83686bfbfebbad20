import { AppError, isUuid, type Knex } from '@ballmatch/platform';

export interface SeasonRow {
  id: string;
  name: string;
  startsAt: Date;
  endsAt: Date;
  endedEarlyAt: Date | null;
}

function seasonRow(raw: Record<string, unknown>): SeasonRow {
  return {
    id: String(raw.id),
    name: String(raw.name),
    startsAt: raw.starts_at as Date,
    endsAt: raw.ends_at as Date,
    endedEarlyAt: (raw.ended_early_at as Date | null) ?? null,
  };
}

/** Writes the audit row of a season's change in its transaction. */
type Audit = (trx: Knex.Transaction, season: SeasonRow) => Promise<void>;

/** The columns both an insert and an update write. */
const columns = (values: { name: string; startsAt: Date; endsAt: Date }) => ({
  name: values.name,
  starts_at: values.startsAt,
  ends_at: values.endsAt,
});

/** Seasons in PostgreSQL; an exclusion constraint keeps them from overlapping. */
export function createSeasonStore(db: Knex) {
  async function overlapError(startsAt: Date, endsAt: Date, exceptId: string | null) {
    const other = await db('seasons')
      .whereRaw("tstzrange(starts_at, ends_at, '[)') && tstzrange(?, ?, '[)')", [startsAt, endsAt])
      .modify((q) => {
        if (exceptId) q.whereNot({ id: exceptId });
      })
      .first();
    if (!other) return null;
    const o = seasonRow(other);
    return new AppError(
      'ALREADY_EXISTS',
      `The dates overlap season "${o.name}" (${o.startsAt.toISOString()} to ${o.endsAt.toISOString()})`,
      { field: 'startDate' },
    );
  }

  /**
   * Writes a season and audits it in one transaction; the database's word on overlaps (two
   * admins racing) becomes the same clear error.
   */
  async function write(
    values: { startsAt: Date; endsAt: Date },
    id: string | null,
    change: (seasons: Knex.QueryBuilder) => Promise<Record<string, unknown>[]>,
    audit: Audit,
  ): Promise<SeasonRow> {
    const early = await overlapError(values.startsAt, values.endsAt, id);
    if (early) throw early;
    try {
      return await db.transaction(async (trx) => {
        const [raw] = await change(trx('seasons'));
        const season = seasonRow(raw);
        await audit(trx, season);
        return season;
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23P01') {
        throw (
          (await overlapError(values.startsAt, values.endsAt, id)) ??
          new AppError('ALREADY_EXISTS', 'The dates overlap another season', { field: 'startDate' })
        );
      }
      throw error;
    }
  }

  return {
    async list(): Promise<SeasonRow[]> {
      return (await db('seasons').orderBy('starts_at', 'desc')).map(seasonRow);
    },

    async byId(id: string): Promise<SeasonRow | undefined> {
      if (!isUuid(id)) return undefined;
      const raw = await db('seasons').where({ id }).first();
      return raw ? seasonRow(raw) : undefined;
    },

    async insert(
      values: { name: string; startsAt: Date; endsAt: Date; createdBy: string },
      audit: Audit,
    ): Promise<SeasonRow> {
      const row = { ...columns(values), created_by: values.createdBy };
      return write(values, null, (seasons) => seasons.insert(row).returning('*'), audit);
    },

    async update(
      id: string,
      values: { name: string; startsAt: Date; endsAt: Date; endedEarlyAt: Date | null },
      audit: Audit,
    ): Promise<SeasonRow> {
      const row = {
        ...columns(values),
        ended_early_at: values.endedEarlyAt,
        updated_at: db.fn.now(),
      };
      return write(
        values,
        id,
        (seasons) => seasons.where({ id }).update(row).returning('*'),
        audit,
      );
    },
  };
}

export type SeasonStore = ReturnType<typeof createSeasonStore>;
