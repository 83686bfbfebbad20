import { AppError } from '@ballmatch/platform';
import { audit } from '../store/moderation';
import type { SeasonRow, SeasonStore } from '../store/seasons';
import type { Clock } from './clock';

const FORBIDDEN = /[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const DAY_MS = 24 * 3600_000;
/** Creating a season "now" arrives a moment later: a start this recent still counts as now. */
const START_GRACE_MS = 5 * 60_000;
export const MAX_SEASON_NAME = 50;
export const MAX_SEASON_DAYS = 366;

/**
 * A season runs from its start (inclusive) to its end (exclusive): a score made at instant `at`
 * counts for the season running then. Weeks follow the same rule. The one-statement submission
 * (store/scores.ts) finds the season with the same comparison in SQL.
 */
export function isRunning(period: { startsAt: Date; endsAt: Date }, at: Date): boolean {
  return period.startsAt.getTime() <= at.getTime() && at.getTime() < period.endsAt.getTime();
}

function seasonName(raw: string): string {
  const name = raw.trim();
  if (!name) throw new AppError('INVALID_ARGUMENT', 'Season name is required', { field: 'name' });
  if ([...name].length > MAX_SEASON_NAME) {
    throw new AppError(
      'INVALID_ARGUMENT',
      `Season name must be at most ${MAX_SEASON_NAME} characters`,
      { field: 'name' },
    );
  }
  if (FORBIDDEN.test(name)) {
    throw new AppError('INVALID_ARGUMENT', 'Season name must not contain control characters', {
      field: 'name',
    });
  }
  return name;
}

/** ISO 8601 date or date-time; without a zone it is UTC. */
export function isoDate(raw: string, field: string): Date {
  const text = raw.trim();
  const zoned = /T/.test(text) && !/(Z|[+-]\d{2}:\d{2})$/.test(text) ? `${text}Z` : text;
  const at = ISO.test(text) ? new Date(zoned) : new Date(NaN);
  // 2026-02-30 would roll over to March: refuse days the month does not have.
  const day = new Date(`${text.slice(0, 10)}T00:00:00Z`);
  const dayExists =
    !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text.slice(0, 10);
  if (Number.isNaN(at.getTime()) || !dayExists) {
    throw new AppError(
      'INVALID_ARGUMENT',
      `${field} must be an ISO 8601 date, e.g. 2026-12-01T00:00:00Z`,
      { field },
    );
  }
  return at;
}

function checkSpan(startsAt: Date, endsAt: Date): void {
  if (endsAt.getTime() <= startsAt.getTime()) {
    throw new AppError('INVALID_ARGUMENT', 'endDate must be after startDate', { field: 'endDate' });
  }
  if (endsAt.getTime() - startsAt.getTime() > MAX_SEASON_DAYS * DAY_MS) {
    throw new AppError('INVALID_ARGUMENT', `A season lasts at most ${MAX_SEASON_DAYS} days`, {
      field: 'endDate',
    });
  }
}

/**
 * Admin changes to seasons. A season's scores are the ones made while it ran, so what already
 * happened stays put: a started season keeps its start, an ended one its dates, and no start
 * is set in the past.
 */
export function createSeasonAdmin(deps: { seasons: SeasonStore; now: Clock; changed: () => void }) {
  const { seasons, now } = deps;

  async function existing(id: string): Promise<SeasonRow> {
    const season = await seasons.byId(id);
    if (!season) throw new AppError('NOT_FOUND', 'Seasonal leaderboard not found');
    return season;
  }

  const auditOf =
    (action: string, actorUserId: string, details: Record<string, unknown>) =>
    (trx: Parameters<typeof audit>[0], season: SeasonRow) =>
      audit(trx, {
        action,
        actorUserId,
        target: season.id,
        details: {
          name: season.name,
          startDate: season.startsAt.toISOString(),
          endDate: season.endsAt.toISOString(),
          ...details,
        },
      });

  return {
    async create(
      input: { name: string; startDate: string; endDate: string },
      actorUserId: string,
    ): Promise<SeasonRow> {
      const name = seasonName(input.name);
      const startsAt = isoDate(input.startDate, 'startDate');
      const endsAt = isoDate(input.endDate, 'endDate');
      checkSpan(startsAt, endsAt);
      const at = now().getTime();
      if (startsAt.getTime() < at - START_GRACE_MS) {
        throw new AppError('INVALID_ARGUMENT', 'startDate cannot be in the past', {
          field: 'startDate',
        });
      }
      const season = await seasons.insert(
        { name, startsAt, endsAt, createdBy: actorUserId },
        auditOf('season.create', actorUserId, {}),
      );
      deps.changed();
      return season;
    },

    async update(
      id: string,
      input: { name?: string; startDate?: string; endDate?: string },
      actorUserId: string,
    ): Promise<SeasonRow> {
      const season = await existing(id);
      const at = now().getTime();
      const name = input.name === undefined ? season.name : seasonName(input.name);
      const startsAt =
        input.startDate === undefined ? season.startsAt : isoDate(input.startDate, 'startDate');
      const endsAt =
        input.endDate === undefined ? season.endsAt : isoDate(input.endDate, 'endDate');
      const moved = (a: Date, b: Date) => a.getTime() !== b.getTime();
      if (
        season.endsAt.getTime() <= at &&
        (moved(startsAt, season.startsAt) || moved(endsAt, season.endsAt))
      ) {
        throw new AppError('FAILED_PRECONDITION', 'An ended season keeps its dates', {
          field: 'endDate',
        });
      }
      if (season.startsAt.getTime() <= at && moved(startsAt, season.startsAt)) {
        throw new AppError(
          'FAILED_PRECONDITION',
          'A season that has started keeps its start date',
          {
            field: 'startDate',
          },
        );
      }
      checkSpan(startsAt, endsAt);
      if (moved(startsAt, season.startsAt) && startsAt.getTime() < at - START_GRACE_MS) {
        throw new AppError('INVALID_ARGUMENT', 'startDate cannot be in the past', {
          field: 'startDate',
        });
      }
      if (moved(endsAt, season.endsAt) && endsAt.getTime() <= at) {
        throw new AppError(
          'INVALID_ARGUMENT',
          'endDate must be in the future (end the season to stop it now)',
          { field: 'endDate' },
        );
      }
      const updated = await seasons.update(
        id,
        { name, startsAt, endsAt, endedEarlyAt: season.endedEarlyAt },
        auditOf('season.update', actorUserId, {}),
      );
      deps.changed();
      return updated;
    },

    /** Ends a running season now. Ending an ended season answers it as it is. */
    async end(id: string, actorUserId: string): Promise<SeasonRow> {
      const season = await existing(id);
      const at = now();
      if (season.endsAt.getTime() <= at.getTime()) return season;
      if (season.startsAt.getTime() > at.getTime()) {
        throw new AppError(
          'FAILED_PRECONDITION',
          'The season has not started yet: change its dates instead',
        );
      }
      const ended = await seasons.update(
        id,
        { name: season.name, startsAt: season.startsAt, endsAt: at, endedEarlyAt: at },
        auditOf('season.end', actorUserId, { endedEarly: true }),
      );
      deps.changed();
      return ended;
    },
  };
}

export type SeasonAdmin = ReturnType<typeof createSeasonAdmin>;
