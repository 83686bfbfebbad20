import { outboxHeadersMigration, type Migrations } from '@ballmatch/platform';
import * as ads from './001_ads';
import * as media from './002_media';
import * as counters from './003_counters';

export const migrations: Migrations = {
  '001_ads': ads,
  '002_media': media,
  '003_counters': counters,
  // The outbox's trace context and request id (platform's event-telemetry).
  '004_outbox_headers': outboxHeadersMigration,
};
