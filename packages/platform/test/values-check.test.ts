import { addValuesCheck, type Knex } from '../src';

// Migrations already applied call addValuesCheck where they wrote the statement out: it must
// send PostgreSQL the very statements they sent (the same constraint, the same name).
it('addValuesCheck sends the statements the applied migrations wrote', async () => {
  const sent: unknown[] = [];
  const db = { raw: async (statement: string) => sent.push(statement) } as unknown as Knex;
  await addValuesCheck(db, 'objects', 'kind', ['ball', 'banner']);
  await addValuesCheck(db, 'users', 'type', ['user', 'admin']);
  await addValuesCheck(db, 'session_flags', 'source', ['client', 'server', 'admin']);
  await addValuesCheck(db, 'games', 'status', ['active', 'gameOverPending', 'ended']);
  expect(sent).toEqual([
    "ALTER TABLE objects ADD CONSTRAINT objects_kind_check CHECK (kind IN ('ball', 'banner'))",
    "ALTER TABLE users ADD CONSTRAINT users_type_check CHECK (type IN ('user', 'admin'))",
    "ALTER TABLE session_flags ADD CONSTRAINT session_flags_source_check CHECK (source IN ('client', 'server', 'admin'))",
    "ALTER TABLE games ADD CONSTRAINT games_status_check CHECK (status IN ('active', 'gameOverPending', 'ended'))",
  ]);
});
