import { outboxHeadersMigration, type Migrations } from '@ballmatch/platform';
import * as sessions from './001_sessions';
import * as outbox from './002_outbox';
import * as games from './003_games';
import * as gamesFinished from './004_games_finished';
import * as gameResults from './006_game_results';

export const migrations: Migrations = {
  '001_sessions': sessions,
  '002_outbox': outbox,
  '003_games': games,
  '004_games_finished': gamesFinished,
  // The outbox's trace context and request id (platform's event-telemetry).
  '005_outbox_headers': outboxHeadersMigration,
  '006_game_results': gameResults,
};
