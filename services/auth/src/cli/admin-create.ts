import { parseArgs } from 'node:util';
import {
  AppError,
  connectRedis,
  createKnex,
  ensureDatabase,
  migrateLatest,
  signOutEverywhere,
} from '@ballmatch/platform';
import { loadAuthConfig } from '../config';
import { createAccounts } from '../domain/accounts';
import { migrations } from '../migrations';
import { createUserStore } from '../store/users';
import { SCHEMA } from '../index';

/** `npm run admin:create -- --username U --password P`: the only way admins come to exist besides env. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { username: { type: 'string' }, password: { type: 'string' } },
  });
  if (!values.username || !values.password) {
    console.error('usage: npm run admin:create -- --username U --password P');
    process.exit(2);
  }
  const config = loadAuthConfig();
  if (config.NODE_ENV !== 'production') await ensureDatabase(config.DATABASE_URL);
  const db = createKnex({ url: config.DATABASE_URL, schema: SCHEMA });
  // A new password signs the admin out everywhere, so Redis must be there.
  const redis = await connectRedis({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX });
  try {
    await migrateLatest(db, SCHEMA, migrations);
    const outcome = await createAccounts({
      users: createUserStore(db),
      failures: {
        read: async (keys) => keys.map(() => ({ count: 0, ttlSeconds: 0 })),
        increment: async () => {},
        clear: async () => {},
      },
      signToken: async () => ({ token: '', expiresAt: 0 }),
      signOutEverywhere: (userId) => signOutEverywhere(redis, userId),
    }).ensureAdmin({ username: values.username, password: values.password });
    console.log(`admin ${values.username}: ${outcome}`);
  } catch (error) {
    console.error(error instanceof AppError ? `error: ${error.message}` : error);
    process.exitCode = 1;
  } finally {
    redis.disconnect();
    await db.destroy();
  }
}

void main();
