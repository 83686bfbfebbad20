import type { Knex } from '@ballmatch/platform';

/**
 * 'Forgot password?' links (domain/password-reset.ts): only the SHA-256 of a link's token is
 * kept, so the table read is no way in. A link works once (`used_at`) and until `expires_at`
 * (an hour after it was asked for, by the service's clock); an account's links go with it.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('password_resets', (t) => {
    t.text('token_hash').primary();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
  });
  await db.raw('CREATE INDEX password_resets_user_idx ON password_resets (user_id)');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('password_resets');
}
