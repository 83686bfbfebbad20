import { outboxHeadersMigration, type Migrations } from '@ballmatch/platform';
import * as content from './001_content';

export const migrations: Migrations = {
  '001_content': content,
  // The outbox's trace context and request id (platform's event-telemetry).
  '002_outbox_headers': outboxHeadersMigration,
};
