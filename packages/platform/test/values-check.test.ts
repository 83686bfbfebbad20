import { addValuesCheck, type Knex } from '../src';

// Migrations already applied call addValuesCheck where they wrote the statement out: it must
// send PostgreSQL the very statements they sent (the same constraint, the same name).
describe('addValuesCheck', () => {
  it.each([
    [
      'objects',
      'kind',
      ['ball', 'banner'],
      "ALTER TABLE objects ADD CONSTRAINT objects_kind_check CHECK (kind IN ('ball', 'banner'))",
    ],
    [
      'users',
      'type',
      ['user', 'admin'],
      "ALTER TABLE users ADD CONSTRAINT users_type_check CHECK (type IN ('user', 'admin'))",
    ],
    [
      'session_flags',
      'source',
      ['client', 'server', 'admin'],
      "ALTER TABLE session_flags ADD CONSTRAINT session_flags_source_check CHECK (source IN ('client', 'server', 'admin'))",
    ],
    [
      'games',
      'status',
      ['active', 'gameOverPending', 'ended'],
      "ALTER TABLE games ADD CONSTRAINT games_status_check CHECK (status IN ('active', 'gameOverPending', 'ended'))",
    ],
  ])('%s.%s: the statement its migration wrote', async (table, column, values, statement) => {
    const raw = jest.fn(async () => ({}));
    await addValuesCheck({ raw } as unknown as Knex, table, column, values);
    expect(raw.mock.calls).toEqual([[statement]]);
  });
});
