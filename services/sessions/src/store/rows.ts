/**
 * The records the store hands up (camelCase, numbers as numbers) and how PostgreSQL's rows
 * become them. Only the store knows column names.
 */

export type FlagSource = 'client' | 'server' | 'admin';

export interface SessionRow {
  id: string;
  seed: string;
  playerName: string;
  clientSessionId: string;
  deviceFingerprint: string;
  ip: string;
  userId: string | null;
  totalScore: number;
  matchCount: number;
  moveCount: number;
  averageMoveDuration: number;
  moveTimestampCount: number;
  updateCount: number;
  suspicious: boolean;
  createdAt: Date;
  updatedAt: Date;
  endedAt: Date | null;
}

export interface FlagRow {
  sessionId: string;
  source: FlagSource;
  type: string;
  details: string;
  adminUserId: string | null;
  createdAt: Date;
}

export type NewFlag = Omit<FlagRow, 'createdAt'>;

type Raw = Record<string, unknown>;

// Everything but the timestamps array, which only the analysis reads.
export const SESSION_COLUMNS = [
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

export function sessionRow(raw: Raw): SessionRow {
  return {
    id: String(raw.id),
    seed: String(raw.seed),
    playerName: String(raw.player_name),
    clientSessionId: String(raw.client_session_id),
    deviceFingerprint: String(raw.device_fingerprint),
    ip: String(raw.ip),
    userId: (raw.user_id as string | null) ?? null,
    // bigint arrives as text.
    totalScore: Number(raw.total_score),
    matchCount: Number(raw.match_count),
    moveCount: Number(raw.move_count),
    averageMoveDuration: Number(raw.average_move_duration),
    moveTimestampCount: Number(raw.move_timestamp_count),
    updateCount: Number(raw.update_count),
    suspicious: Boolean(raw.suspicious),
    createdAt: raw.created_at as Date,
    updatedAt: raw.updated_at as Date,
    endedAt: (raw.ended_at as Date | null) ?? null,
  };
}

export const FLAG_COLUMNS = [
  'session_id',
  'source',
  'type',
  'details',
  'admin_user_id',
  'created_at',
];

export function flagRow(raw: Raw): FlagRow {
  return {
    sessionId: String(raw.session_id),
    source: raw.source as FlagSource,
    type: String(raw.type),
    details: String(raw.details),
    adminUserId: (raw.admin_user_id as string | null) ?? null,
    createdAt: raw.created_at as Date,
  };
}

export function flagColumns(flag: NewFlag): Raw {
  return {
    session_id: flag.sessionId,
    source: flag.source,
    type: flag.type,
    details: flag.details,
    admin_user_id: flag.adminUserId,
  };
}
