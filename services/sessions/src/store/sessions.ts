import { selectPage, type PageWindow } from '@ballmatch/platform';
import { writeOutbox, type Knex, type OutboxEvent } from '@ballmatch/platform';
import {
  FLAG_COLUMNS,
  SESSION_COLUMNS,
  flagColumns,
  flagRow,
  sessionRow,
  type FlagRow,
  type NewFlag,
  type SessionRow,
} from './rows';

export type { FlagRow, FlagSource, NewFlag, SessionRow } from './rows';

export type NewSession = Pick<
  SessionRow,
  'seed' | 'playerName' | 'clientSessionId' | 'deviceFingerprint' | 'ip' | 'userId'
>;

/** What an update sets (unless older than the stored figures). */
export type Figures = Pick<
  SessionRow,
  'playerName' | 'totalScore' | 'matchCount' | 'moveCount' | 'averageMoveDuration'
>;

/** A finished game's figures, from the server's own game. */
export type GameFigures = Omit<Figures, 'playerName'>;

export interface SessionFilter {
  suspiciousOnly: boolean;
  playerName: string | null;
  ip: string | null;
  /** The account that started them (a player's own sessions). */
  userId?: string;
}

type Raw = Record<string, unknown>;

const gameFigureColumns = (f: GameFigures) => ({
  total_score: f.totalScore,
  match_count: f.matchCount,
  move_count: f.moveCount,
  average_move_duration: f.averageMoveDuration,
});
const figureColumns = (f: Figures) => ({ player_name: f.playerName, ...gameFigureColumns(f) });

/** Queries on the sessions schema. Writes that must be atomic take a transaction (`trx`). */
export function createSessionStore(db: Knex) {
  const sessions = (q: Knex = db) => q<Raw>('sessions');

  function filtered(filter: SessionFilter) {
    const query = sessions();
    if (filter.suspiciousOnly) query.where('suspicious', true);
    if (filter.playerName !== null)
      query.whereRaw('lower(player_name) = lower(?)', [filter.playerName]);
    if (filter.ip !== null) query.where('ip', filter.ip);
    if (filter.userId !== undefined) query.where('user_id', filter.userId);
    return query;
  }

  return {
    transaction: <T>(work: (trx: Knex.Transaction) => Promise<T>) => db.transaction(work),

    async insert(session: NewSession, trx?: Knex): Promise<SessionRow> {
      const [created] = await sessions(trx)
        .insert({
          seed: session.seed,
          player_name: session.playerName,
          client_session_id: session.clientSessionId,
          device_fingerprint: session.deviceFingerprint,
          ip: session.ip,
          user_id: session.userId,
        })
        .returning(SESSION_COLUMNS);
      return sessionRow(created!);
    },

    async byId(id: string, trx?: Knex): Promise<SessionRow | undefined> {
      const row = await sessions(trx).select(SESSION_COLUMNS).where({ id }).first();
      return row && sessionRow(row);
    },

    /** The row, locked until the transaction ends: updates of one session run one at a time. */
    async lock(trx: Knex.Transaction, id: string): Promise<SessionRow | undefined> {
      const row = await sessions(trx).select(SESSION_COLUMNS).where({ id }).forUpdate().first();
      return row && sessionRow(row);
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

    /** Applies an update: figures (unless null: older than those stored), timestamps, end. */
    async applyUpdate(
      trx: Knex.Transaction,
      id: string,
      update: { figures: Figures | null; timestamps: number[]; end: boolean },
    ): Promise<SessionRow> {
      const changes: Raw = {
        ...(update.figures ? figureColumns(update.figures) : {}),
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
      const [raw] = await sessions(trx).where({ id }).update(changes).returning(SESSION_COLUMNS);
      return sessionRow(raw!);
    },

    /** Ends the session (its first end stands); `figures`: the finished game's, set with it. */
    async end(trx: Knex.Transaction, id: string, figures?: GameFigures): Promise<SessionRow> {
      const [raw] = await sessions(trx)
        .where({ id })
        .update({
          ...(figures ? gameFigureColumns(figures) : {}),
          ended_at: trx.raw('coalesce(ended_at, now())'),
          updated_at: trx.fn.now(),
        })
        .returning(SESSION_COLUMNS);
      return sessionRow(raw!);
    },

    async setSuspicious(
      trx: Knex.Transaction,
      id: string,
      suspicious: boolean,
    ): Promise<SessionRow> {
      const [raw] = await sessions(trx)
        .where({ id })
        .update({ suspicious, updated_at: trx.fn.now() })
        .returning(SESSION_COLUMNS);
      return sessionRow(raw!);
    },

    /** Inserts flags; one that exists already (same source, type, details) is left alone. */
    async addFlags(trx: Knex.Transaction, flags: NewFlag[]): Promise<FlagRow[]> {
      if (flags.length === 0) return [];
      const added = await trx<Raw>('session_flags')
        .insert(flags.map(flagColumns))
        .onConflict()
        .ignore()
        .returning(FLAG_COLUMNS);
      return added.map(flagRow);
    },

    /** Events for the outbox, in the caller's transaction (the relay publishes them). */
    writeEvents: (trx: Knex.Transaction, events: OutboxEvent[]) => writeOutbox(trx, events),

    /** Flags of these sessions, oldest first. */
    async flagsOf(sessionIds: string[], trx?: Knex): Promise<FlagRow[]> {
      if (sessionIds.length === 0) return [];
      const rows = await (trx ?? db)<Raw>('session_flags')
        .select(FLAG_COLUMNS)
        .whereIn('session_id', sessionIds)
        .orderBy([{ column: 'created_at' }, { column: 'id' }]);
      return rows.map(flagRow);
    },

    async list(
      filter: SessionFilter,
      at: PageWindow,
    ): Promise<{ rows: SessionRow[]; total: number }> {
      const { rows, total } = await selectPage<Record<string, unknown>>(
        () => filtered(filter),
        at,
        (q) =>
          q.select(SESSION_COLUMNS).orderBy([
            { column: 'created_at', order: 'desc' },
            { column: 'id', order: 'desc' },
          ]),
      );
      return { rows: rows.map(sessionRow), total };
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
