import { createOutboxTable, type Knex } from '@ballmatch/platform';

// Events (session.flagged) are written here in the transaction that flags the session; the
// relay publishes them to JetStream.
export async function up(db: Knex): Promise<void> {
  await createOutboxTable(db);
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('outbox');
}
