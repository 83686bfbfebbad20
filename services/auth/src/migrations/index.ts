import { outboxHeadersMigration, type Migrations } from '@ballmatch/platform';
import * as users from './001_users';
import * as usernameSkeleton from './002_username_skeleton';
import * as achievements from './003_achievements';
import * as outbox from './004_outbox';
import * as usernameKeys from './006_username_keys';
import * as nameVersion from './007_name_version';
import * as passwordResets from './008_password_resets';

export const migrations: Migrations = {
  '001_users': users,
  '002_username_skeleton': usernameSkeleton,
  '003_achievements': achievements,
  '004_outbox': outbox,
  // The outbox's trace context and request id (platform's event-telemetry).
  '005_outbox_headers': outboxHeadersMigration,
  '006_username_keys': usernameKeys,
  '007_name_version': nameVersion,
  '008_password_resets': passwordResets,
};
