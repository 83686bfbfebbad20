import type { Knex } from '@ballmatch/platform';
import { flaggedEvent } from '../events';
import type { NewFlag, SessionRow, SessionStore } from '../store/sessions';

export const ADMIN_FLAG_TYPE = 'ADMIN_FLAG';
export const TIMING_FLAG_TYPE = 'SUSPICIOUS_TIMING';

/**
 * Adds a flag in the caller's transaction. The flag that first makes the session suspicious
 * marks it and writes `session.flagged`; later flags only add detail (the same flag twice is
 * one). `flagged` says whether an event was written (the relay is then woken after commit).
 */
export async function raiseFlag(
  store: SessionStore,
  trx: Knex.Transaction,
  row: SessionRow,
  flag: NewFlag,
): Promise<{ row: SessionRow; flagged: boolean }> {
  const [added] = await store.addFlags(trx, [flag]);
  if (row.suspicious || !added) return { row, flagged: false };
  const marked = await store.markSuspicious(trx, row.id);
  await store.writeEvents(trx, [flaggedEvent(marked, added)]);
  return { row: marked, flagged: true };
}
