import { addValuesCheck, type Knex } from '@ballmatch/platform';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    t.text('username').notNullable();
    // Admins are made from the command line and need no email; players always have one.
    t.text('email');
    t.text('password_hash').notNullable();
    t.text('type').notNullable().defaultTo('user');
    t.text('evm_wallet');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await addValuesCheck(db, 'users', 'type', ['user', 'admin']);
  // Unique regardless of case: 'Ann' and 'ann' are the same player.
  await db.raw('CREATE UNIQUE INDEX users_username_lower_idx ON users (lower(username))');
  await db.raw(
    'CREATE UNIQUE INDEX users_email_lower_idx ON users (lower(email)) WHERE email IS NOT NULL',
  );
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('users');
}
