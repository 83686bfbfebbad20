import { writeOutbox, type Knex, type OutboxEvent } from '@ballmatch/platform';

export type FlagSource = 'client' | 'server' | 'admin';

export interface SessionRow {
  id: string;
  seed: string;
  player_name: string;
  client_session_id: string;
  device_fingerprint: string;
  ip: string;
  user_id: string | null;
  /** pg returns bigint as text; the store turns it into a number. */
  total_score: number;
  match_count: number;
  move_count: number;
  average_move_duration: number;
  move_timestamp_count: number;
  update_count: number;
  suspicious: boolean;
  created_at: Date;
  updated_at: Date;
  ended_at: Date | null;
}

export interface FlagRow {
  session_id: string;
  source: FlagSource;
  type: string;
  details: string;
  admin_user_id: string | null;
  created_at: Date;
}

export interface NewSession {
  seed: string;
  player_name: string;
  client_session_id: string;
  device_fingerprint: string;
  ip: string;
  user_id: string | null;
}

export interface Figures {
  player_name: string;
  total_score: number;
  match_count: number;
  move_count: number;
  average_move_duration: number;
}

export interface SessionFilter {
  suspiciousOnly: boolean;
  playerName: string | null;
  ip: string | null;
}

// Everything but the timestamps array, which only the analysis reads.
const COLUMNS = [
  'id',
  'seed',
  'player_name',
  'client_session_id',
  'device_fingerprint',
  'ip',
  'user_id',
  'total_score',
  'match_count',
  'move_count',
  'average_move_duration',
  'move_timestamp_count',
  'update_count',
  'suspicious',
  'created_at',
  'updated_at',
  'ended_at',
];

const toRow = (raw: SessionRow): SessionRow => ({ ...raw, total_score: Number(raw.total_score) });

/** Queries on the sessions schema. Writes that must be atomic take a transaction (`trx`). */
export function sessionStore(db: Knex) {
  const sessions = (q: Knex = db) => q<SessionRow>('sessions');

  function filtered(filter: SessionFilter) {
    const query = sessions();
    if (filter.suspiciousOnly) query.where('suspicious', true);
    if (filter.playerName !== null)
      query.whereRaw('lower(player_name) = lower(?)', [filter.playerName]);
    if (filter.ip !== null) query.where('ip', filter.ip);
    return query;
  }

  return {
    transaction: <T>(work: (trx: Knex.Transaction) => Promise<T>) => db.transaction(work),

    async insert(row: NewSession): Promise<SessionRow> {
      const [created] = await sessions().insert(row).returning(COLUMNS);
      return toRow(created as SessionRow);
    },

    async byId(id: string, trx?: Knex): Promise<SessionRow | undefined> {
      const row = await sessions(trx).select(COLUMNS).where({ id }).first();
      return row && toRow(row as unknown as SessionRow);
    },

    /** The row, locked until the transaction ends: updates of one session run one at a time. */
    async lock(trx: Knex.Transaction, id: string): Promise<SessionRow | undefined> {
      const row = await sessions(trx).select(COLUMNS).where({ id }).forUpdate().first();
      return row && toRow(row as unknown as SessionRow);
    },

    async seed(id: string): Promise<string | undefined> {
      const row = await sessions().select('seed').where({ id }).first();
      return row?.seed;
    },

    /** Records an update's digest; false when this very update was applied before. */
    async recordUpdate(trx: Knex.Transaction, sessionId: string, digest: string) {
      const inserted = await trx('session_updates')
        .insert({ session_id: sessionId, digest })
        .onConflict(['session_id', 'digest'])
        .ignore()
        .returning('digest');
      return inserted.length > 0;
    },

    async hasUpdate(trx: Knex.Transaction, sessionId: string, digest: string) {
      const found = await trx('session_updates')
        .select('digest')
        .where({ session_id: sessionId, digest })
        .first();
      return found !== undefined;
    },

    /**
     * Applies an update: figures (unless `stale`), appended timestamps, end. Returns every
     * timestamp now held, when asked (for the analysis).
     */
    async applyUpdate(
      trx: Knex.Transaction,
      id: string,
      update: {
        figures: Figures | null;
        timestamps: number[];
        end: boolean;
        returnTimestamps: boolean;
      },
    ): Promise<{ row: SessionRow; timestamps: number[] }> {
      const changes: Record<string, unknown> = {
        ...(update.figures ?? {}),
        update_count: trx.raw('update_count + 1'),
        updated_at: trx.fn.now(),
      };
      if (update.timestamps.length > 0) {
        changes.move_timestamps = trx.raw('move_timestamps || ?::double precision[]', [
          update.timestamps,
        ]);
        changes.move_timestamp_count = trx.raw('move_timestamp_count + ?', [
          update.timestamps.length,
        ]);
      }
      if (update.end) changes.ended_at = trx.raw('coalesce(ended_at, now())');
      const returning = update.returnTimestamps ? [...COLUMNS, 'move_timestamps'] : COLUMNS;
      const [raw] = await sessions(trx).where({ id }).update(changes).returning(returning);
      const { move_timestamps, ...row } = raw as SessionRow & { move_timestamps?: number[] };
      return { row: toRow(row as SessionRow), timestamps: move_timestamps ?? [] };
    },

    async end(trx: Knex.Transaction, id: string): Promise<SessionRow> {
      const [raw] = await sessions(trx)
        .where({ id })
        .update({ ended_at: trx.raw('coalesce(ended_at, now())'), updated_at: trx.fn.now() })
        .returning(COLUMNS);
      return toRow(raw as SessionRow);
    },

    async markSuspicious(trx: Knex.Transaction, id: string): Promise<SessionRow> {
      const [raw] = await sessions(trx)
        .where({ id })
        .update({ suspicious: true, updated_at: trx.fn.now() })
        .returning(COLUMNS);
      return toRow(raw as SessionRow);
    },

    /** Inserts flags; one that exists already (same source, type, details) is left alone. */
    async addFlags(
      trx: Knex.Transaction,
      flags: Omit<FlagRow, 'created_at'>[],
    ): Promise<FlagRow[]> {
      if (flags.length === 0) return [];
      return trx<FlagRow>('session_flags').insert(flags).onConflict().ignore().returning('*');
    },

    /** Events for the outbox, in the caller's transaction (the relay publishes them). */
    writeEvents: (trx: Knex.Transaction, events: OutboxEvent[]) => writeOutbox(trx, events),

    async hasServerFlag(trx: Knex.Transaction, sessionId: string): Promise<boolean> {
      const found = await trx('session_flags')
        .select('id')
        .where({ session_id: sessionId, source: 'server' })
        .first();
      return found !== undefined;
    },

    /** Flags of these sessions, oldest first. */
    async flagsOf(sessionIds: string[], trx?: Knex): Promise<FlagRow[]> {
      if (sessionIds.length === 0) return [];
      return (trx ?? db)<FlagRow>('session_flags')
        .select('session_id', 'source', 'type', 'details', 'admin_user_id', 'created_at')
        .whereIn('session_id', sessionIds)
        .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    },

    async list(
      filter: SessionFilter,
      page: { offset: number; limit: number },
    ): Promise<{ rows: SessionRow[]; total: number }> {
      const [rows, counted] = await Promise.all([
        filtered(filter)
          .select(COLUMNS)
          .orderBy([
            { column: 'created_at', order: 'desc' },
            { column: 'id', order: 'desc' },
          ])
          .offset(page.offset)
          .limit(page.limit),
        filtered(filter).count<{ count: string }[]>({ count: '*' }),
      ]);
      return {
        rows: (rows as unknown as SessionRow[]).map(toRow),
        total: Number(counted[0]?.count ?? 0),
      };
    },
  };
}

export type SessionStore = ReturnType<typeof sessionStore>;
