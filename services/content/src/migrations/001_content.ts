import { createOutboxTable, type Knex } from '@ballmatch/platform';

/**
 * Updates (news) with their sanitised HTML and its text, feedback from the contact form, and
 * the outbox of `updates.published`.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw(`
    CREATE TABLE updates (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL,
      -- Sanitised on save (domain/sanitize.ts): what is stored is what is served.
      content_html text NOT NULL,
      -- The content's text (no markup), for previews.
      content_text text NOT NULL,
      -- Null: a draft. Ahead of now: scheduled. Reached: public.
      publish_at timestamptz,
      -- When updates.published was written for the current publication; null until then.
      announced_at timestamptz,
      created_by uuid NOT NULL,
      updated_by uuid NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
  // The public list and its count: published ones by date.
  await db.raw(
    'CREATE INDEX updates_public_idx ON updates (publish_at DESC, id DESC) WHERE publish_at IS NOT NULL',
  );
  // The scheduler's look for due updates not yet announced.
  await db.raw(
    'CREATE INDEX updates_unannounced_idx ON updates (publish_at) WHERE announced_at IS NULL AND publish_at IS NOT NULL',
  );

  await db.raw(`
    CREATE TABLE feedback (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      email text NOT NULL,
      message text NOT NULL,
      client_ip text NOT NULL,
      read_at timestamptz,
      archived_at timestamptz,
      created_at timestamptz NOT NULL
    )`);
  // The admin's inbox and archive: unread first, then newest.
  await db.raw(
    'CREATE INDEX feedback_list_idx ON feedback ((archived_at IS NOT NULL), (read_at IS NOT NULL), created_at DESC)',
  );

  await createOutboxTable(db);
}

export async function down(db: Knex): Promise<void> {
  for (const table of ['outbox', 'feedback', 'updates']) await db.schema.dropTableIfExists(table);
}
