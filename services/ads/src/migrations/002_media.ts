import { addValuesCheck, type Knex } from '@ballmatch/platform';

// Uploaded images (the object store's PostgreSQL implementation: see store/objects.ts) and the
// admins' custom ball icons, one per colour.
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('objects', (t) => {
    // Server-made (a UUID and the extension), never the uploader's file name.
    t.text('key').primary();
    t.text('content_type').notNullable();
    t.binary('bytes').notNullable();
    t.integer('size').notNullable();
    t.uuid('owner_id').notNullable();
    // The ad kind the image was prepared for ('ball' or 'banner'): an order must match it.
    t.text('kind').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await addValuesCheck(db, 'objects', 'kind', ['ball', 'banner']);

  await db.schema.createTable('icons', (t) => {
    t.text('color').primary();
    // Sanitised before it is stored (media/svg.ts).
    t.text('svg').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.uuid('updated_by').notNullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('icons');
  await db.schema.dropTable('objects');
}
