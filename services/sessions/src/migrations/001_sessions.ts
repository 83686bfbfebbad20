import { addValuesCheck, type Knex } from '@ballmatch/platform';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('sessions', (t) => {
    t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    t.text('seed').notNullable();
    t.text('player_name').notNullable();
    t.uuid('client_session_id').notNullable();
    t.text('device_fingerprint').notNullable();
    t.text('ip').notNullable();
    t.uuid('user_id');
    t.bigInteger('total_score').notNullable().defaultTo(0);
    t.integer('match_count').notNullable().defaultTo(0);
    t.integer('move_count').notNullable().defaultTo(0);
    t.double('average_move_duration').notNullable().defaultTo(0);
    // Client move timestamps (ms) in the order received; analysed sorted. Bounded by the domain.
    t.specificType('move_timestamps', 'double precision[]').notNullable().defaultTo('{}');
    t.integer('move_timestamp_count').notNullable().defaultTo(0);
    t.integer('update_count').notNullable().defaultTo(0);
    // True once the server's timing analysis or an admin flagged it (client flags alone never).
    t.boolean('suspicious').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('ended_at', { useTz: true });
  });
  // The admin lists: newest first, whole or filtered.
  await db.raw('CREATE INDEX sessions_created_idx ON sessions (created_at DESC, id DESC)');
  await db.raw(
    'CREATE INDEX sessions_suspicious_idx ON sessions (created_at DESC, id DESC) WHERE suspicious',
  );
  await db.raw(
    'CREATE INDEX sessions_player_idx ON sessions (lower(player_name), created_at DESC, id DESC)',
  );
  await db.raw('CREATE INDEX sessions_ip_idx ON sessions (ip, created_at DESC, id DESC)');

  await db.schema.createTable('session_flags', (t) => {
    t.bigIncrements('id');
    t.uuid('session_id').notNullable().references('id').inTable('sessions').onDelete('CASCADE');
    t.text('source').notNullable();
    t.text('type').notNullable();
    t.text('details').notNullable();
    t.uuid('admin_user_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await addValuesCheck(db, 'session_flags', 'source', ['client', 'server', 'admin']);
  // The server flags a session once; a repeated client or admin flag is the same flag.
  await db.raw(
    "CREATE UNIQUE INDEX session_flags_server_once_idx ON session_flags (session_id) WHERE source = 'server'",
  );
  await db.raw(
    'CREATE UNIQUE INDEX session_flags_same_idx ON session_flags (session_id, source, type, md5(details))',
  );

  // Digests of the updates applied: a retried or doubled update is recognised and not re-applied.
  await db.schema.createTable('session_updates', (t) => {
    t.uuid('session_id').notNullable().references('id').inTable('sessions').onDelete('CASCADE');
    t.text('digest').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.primary(['session_id', 'digest']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('session_updates');
  await db.schema.dropTable('session_flags');
  await db.schema.dropTable('sessions');
}
