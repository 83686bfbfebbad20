import { outboxHeadersMigration, type Migrations } from '@ballmatch/platform';
import * as scores from './001_scores';
import * as review from './002_review';
import * as playerKeys from './003_player_keys';
import * as nameKeys from './005_name_keys';
import * as accountNames from './006_account_names';
import * as boardWrites from './007_board_writes';

export const migrations: Migrations = {
  '001_scores': scores,
  '002_review': review,
  '003_player_keys': playerKeys,
  // The outbox's trace context and request id (platform's event-telemetry).
  '004_outbox_headers': outboxHeadersMigration,
  '005_name_keys': nameKeys,
  '006_account_names': accountNames,
  '007_board_writes': boardWrites,
};
