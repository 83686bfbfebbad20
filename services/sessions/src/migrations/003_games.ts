import { addValuesCheck, type Knex } from '@ballmatch/platform';

// The ranked game held for each session (docs/architecture.md 'Ranked games'): its state (the
// engine's, random generator included, never sent out), the count of actions applied (`seq`,
// the optimistic lock of every write), the last answer (a retry of the last action gets it
// again) and the hash of the session's credential. Every action is appended to game_actions
// with the time this server received it: the log replays from the session's seed for audit.
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('games', (t) => {
    t.uuid('session_id').primary().references('id').inTable('sessions').onDelete('CASCADE');
    t.jsonb('state').notNullable();
    t.integer('seq').notNullable().defaultTo(0);
    t.text('status').notNullable().defaultTo('active');
    t.jsonb('last_answer');
    t.text('credential_hash').notNullable();
    t.uuid('user_id');
    t.timestamp('finished_at', { useTz: true });
  });
  await addValuesCheck(db, 'games', 'status', ['active', 'gameOverPending', 'ended']);
  // A signed-in player's unfinished game, to resume on any device.
  await db.raw(
    "CREATE INDEX games_unfinished_user_idx ON games (user_id) WHERE user_id IS NOT NULL AND status <> 'ended'",
  );
  await db.schema.createTable('game_actions', (t) => {
    t.uuid('session_id').notNullable().references('id').inTable('sessions').onDelete('CASCADE');
    t.integer('seq').notNullable();
    // The engine's log code: a swap is cell * 4 + direction; then reset, extra moves.
    t.integer('code').notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable();
    t.primary(['session_id', 'seq']);
  });
  // Starts per player and per address in a window (rate limits, seed-shopping report).
  await db.raw('CREATE INDEX sessions_user_created_idx ON sessions (user_id, created_at DESC)');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP INDEX sessions_user_created_idx');
  await db.schema.dropTable('game_actions');
  await db.schema.dropTable('games');
}
