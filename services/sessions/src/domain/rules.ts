import net from 'node:net';
import { checkPlayerName, type PlayerNameCheck } from '@ballmatch/engine';
import {
  AppError,
  isUuid,
  numberIn,
  parseField,
  wholeNumberIn,
  type LimitRule,
} from '@ballmatch/platform';

/** This service's bounds (docs/api.md, 'Player sessions'); the gateway checks shapes only. */
export const LIMITS = {
  fingerprintMax: 50,
  timestampsPerUpdate: 1000,
  timestampsPerSession: 10_000,
  updatesPerSession: 10_000,
  clientFlagsPerUpdate: 10,
  detailsMax: 1000,
  reasonMax: 500,
  /** Bounds that keep stored figures sane; a real game is far below them. */
  scoreMax: 1e12,
  countMax: 10_000_000,
  durationMaxMs: 86_400_000,
  /** The largest time a JavaScript Date can hold, in ms. */
  timestampMax: 8.64e15,
};

/** `limit` of the session lists and of the starts (docs/api.md 'Paging and limits'). */
export const PAGE_LIMIT: LimitRule = { default: 20, max: 100 };
export const STARTS_LIMIT: LimitRule = { default: 50, max: 100 };

export const CLIENT_FLAG_TYPES = new Set(['SUSPICIOUS_TIMING']);

// C0 and C1 control characters (tabs and newlines included): never part of a fingerprint.
const CONTROL = /\p{Cc}/u;

export const invalid = (field: string, message: string) =>
  new AppError('INVALID_ARGUMENT', message, { field });

/**
 * The engine's player-name rule (the one the scores service applies too), trimmed. A search
 * takes the engine's finding rule, so an admin still finds a name an older rule allowed.
 */
export function normalizePlayerName(
  raw: string,
  field = 'playerName',
  check: (raw: string) => PlayerNameCheck = checkPlayerName,
): string {
  const checked = check(raw);
  if (!checked.ok) throw invalid(field, checked.message);
  return checked.name;
}

export function checkClientSessionId(value: string): string {
  if (!isUuid(value)) throw invalid('clientSessionId', 'clientSessionId must be a UUID');
  return value.toLowerCase();
}

/** The web client's fingerprint is 50 characters; more is refused, less tolerated. */
export function checkFingerprint(value: string): string {
  if (value.length > LIMITS.fingerprintMax) {
    throw invalid(
      'deviceFingerprint',
      `deviceFingerprint must be at most ${LIMITS.fingerprintMax} characters`,
    );
  }
  if (CONTROL.test(value)) {
    throw invalid('deviceFingerprint', 'deviceFingerprint must not contain control characters');
  }
  return value;
}

/** An IP address as stored and searched: IPv4-mapped IPv6 (::ffff:1.2.3.4) becomes 1.2.3.4. */
export function normalizeIp(raw: string, field = 'ip'): string {
  const trimmed = raw.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  const ip = mapped ? mapped[1]! : trimmed;
  if (net.isIP(ip) === 0) throw invalid(field, `${field} must be an IPv4 or IPv6 address`);
  return ip.toLowerCase();
}

/** '' means a guest; anything else must be a user id. */
export function checkUserId(value: string): string | null {
  if (value === '') return null;
  if (!isUuid(value)) throw invalid('userId', 'userId must be a UUID');
  return value.toLowerCase();
}

export function wholeNumber(value: number, field: string, max: number): number {
  const message = `${field} must be a whole number from 0 to ${max}`;
  return parseField(wholeNumberIn(message, 0, max), value, field);
}

export function duration(value: number, field: string): number {
  const message = `${field} must be a number of milliseconds from 0 to ${LIMITS.durationMaxMs}`;
  return parseField(numberIn(message, 0, LIMITS.durationMaxMs), value, field);
}

/** At most 1000 per update; each a time in ms (fractions rounded to whole ms). */
export function checkTimestamps(values: readonly number[]): number[] {
  if (values.length > LIMITS.timestampsPerUpdate) {
    throw invalid(
      'moveTimestamps',
      `moveTimestamps must hold at most ${LIMITS.timestampsPerUpdate} entries per update`,
    );
  }
  return values.map((value) => {
    if (!Number.isFinite(value) || value < 0 || value > LIMITS.timestampMax) {
      throw invalid(
        'moveTimestamps',
        'moveTimestamps must be times in milliseconds (non-negative numbers)',
      );
    }
    return Math.round(value);
  });
}

export interface ClientFlagInput {
  type: string;
  details: string;
}

export function checkClientFlags(flags: readonly ClientFlagInput[]): ClientFlagInput[] {
  if (flags.length > LIMITS.clientFlagsPerUpdate) {
    throw invalid(
      'suspiciousFlags',
      `suspiciousFlags must hold at most ${LIMITS.clientFlagsPerUpdate} entries`,
    );
  }
  return flags.map((flag) => {
    if (!CLIENT_FLAG_TYPES.has(flag.type)) {
      throw invalid('suspiciousFlags', "suspiciousFlags type must be 'SUSPICIOUS_TIMING'");
    }
    if (flag.details.length > LIMITS.detailsMax) {
      throw invalid(
        'suspiciousFlags',
        `suspiciousFlags details must be at most ${LIMITS.detailsMax} characters`,
      );
    }
    return { type: flag.type, details: flag.details };
  });
}

/** An admin's reason for flagging: 1-500 characters after trimming. */
export function checkReason(raw: string): string {
  const reason = raw.trim();
  if (reason === '') throw invalid('reason', 'reason is required');
  if (reason.length > LIMITS.reasonMax) {
    throw invalid('reason', `reason must be at most ${LIMITS.reasonMax} characters`);
  }
  // Newlines and tabs are fine in a note; other control characters are not.
  if (/[^\P{Cc}\n\t]/u.test(reason)) {
    throw invalid('reason', 'reason must not contain control characters');
  }
  return reason;
}
