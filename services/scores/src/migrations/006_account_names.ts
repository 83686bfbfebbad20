import type { Knex } from '@ballmatch/platform';

/**
 * Who owns which name, kept here (domain/account-names.ts) so that a submission asks auth
 * nothing: each account's username with its look-alike keys (platform's playerNameKeys), from
 * auth's user.named and user.deleted, filled once from auth's NameService ListNames.
 * `name_version` (auth's count of the account's names) keeps the latest name whatever order
 * the events and the pages arrive in; a deleted account stays as a row with no name, so a late
 * event cannot bring it back. `account_names_backfill` has its row once the fill completed:
 * until then nobody may post under a name (503), as when auth could not be asked.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw(`
    CREATE TABLE account_names (
      user_id uuid PRIMARY KEY,
      username text NOT NULL,
      name_keys text[] NOT NULL,
      name_version integer NOT NULL,
      registered_at timestamptz NOT NULL,
      deleted_at timestamptz
    )`);
  await db.raw('CREATE INDEX account_names_keys_idx ON account_names USING gin (name_keys)');
  await db.raw(`
    CREATE TABLE account_names_backfill (
      one boolean PRIMARY KEY DEFAULT true CHECK (one),
      completed_at timestamptz NOT NULL
    )`);
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP TABLE IF EXISTS account_names_backfill');
  await db.raw('DROP TABLE IF EXISTS account_names');
}
