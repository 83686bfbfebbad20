import type { ScoresHarness } from './harness';

/** A season created through the admin API, as it answers it. */
export const createSeason = async (
  h: ScoresHarness,
  name: string,
  startDate: string,
  endDate: string,
) => (await h.admin.createSeason({ name, startDate, endDate })).season!;

/** A season from midnight UTC of `start` to that of `end` (YYYY-MM-DD), the clock at its start. */
export function openSeason(h: ScoresHarness, name: string, start: string, end: string) {
  h.clock.set(`${start}T00:00:00.000Z`);
  return createSeason(h, name, `${start}T00:00:00Z`, `${end}T00:00:00Z`);
}

/** A season that began `sinceMs` ago by the wall clock and ends in an hour. */
export const seasonNow = (h: ScoresHarness, name: string, sinceMs = 1000) =>
  createSeason(
    h,
    name,
    new Date(Date.now() - sinceMs).toISOString(),
    new Date(Date.now() + 3600_000).toISOString(),
  );
