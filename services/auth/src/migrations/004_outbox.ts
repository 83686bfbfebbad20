import { createOutboxTable, OUTBOX_TABLE, type Knex } from '@ballmatch/platform';

/**
 * The outbox of auth's events (`user.deleted`, platform's outbox relay). Another migration may
 * have made it already (auth's events arrived in more than one change): then nothing to do.
 */
export async function up(db: Knex): Promise<void> {
  if (!(await db.schema.hasTable(OUTBOX_TABLE))) await createOutboxTable(db);
}

export async function down(): Promise<void> {
  // Left in place: a migration before this one may own it.
}
