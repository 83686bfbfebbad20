import type { Knex } from '@ballmatch/platform';
import { flaggedEvent } from '../events';
import type { NewFlag, SessionRow, SessionStore } from '../store/sessions';

export const ADMIN_FLAG_TYPE = 'ADMIN_FLAG';
export const TIMING_FLAG_TYPE = 'SUSPICIOUS_TIMING';
/** The end's audit: the game's durable log does not replay to the game played (a lost row). */
export const LOG_MISMATCH_FLAG_TYPE = 'LOG_MISMATCH';
/** An admin took the session off the suspicious list (details: the reason). */
export const ADMIN_UNFLAG_TYPE = 'ADMIN_UNFLAG';

/**
 * Adds a flag in the caller's transaction. The flag that makes the session suspicious marks it
 * and writes `session.flagged`; later flags only add detail (the same flag twice is one). A
 * session an admin unflagged becomes suspicious again only by an admin's flag, even one given
 * before (the server's verdict is given once). `flagged` says whether an event was written
 * (the relay is then woken after commit).
 */
export async function raiseFlag(
  store: SessionStore,
  trx: Knex.Transaction,
  row: SessionRow,
  flag: NewFlag,
): Promise<{ row: SessionRow; flagged: boolean }> {
  const [added] = await store.addFlags(trx, [flag]);
  if (row.suspicious || (!added && flag.source !== 'admin')) return { row, flagged: false };
  const marked = await store.setSuspicious(trx, row.id, true);
  await store.writeEvents(trx, [flaggedEvent(marked, flag)]);
  return { row: marked, flagged: true };
}
