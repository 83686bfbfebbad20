import type { UseQueryResult } from '@tanstack/react-query';
import { BoardEmpty, QueryBoard } from '@/components/ui/board-states';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { Score } from '../api/types';
import { rowsOf } from '../lib/same-player';
import { ScoresTable } from './scores-table';

/** A board of single games (all-time, a season) in its states: loading, failed, empty, table. */
export function ScoresBoard({
  query,
  loadingLabel,
  errorTitle,
  what,
  tableLabel,
  playerName,
}: {
  query: UseQueryResult<Score[]>;
  loadingLabel: string;
  errorTitle: string;
  /** What failed to load, for 'There was a problem loading …'. */
  what: string;
  tableLabel: string;
  playerName: string | null;
}) {
  return (
    <QueryBoard query={query} loading={loadingLabel} errorTitle={errorTitle} what={what}>
      {(scores) =>
        scores.length === 0 ? (
          <BoardEmpty
            action={
              <ButtonLink to={paths.play} size="sm">
                Play Now
              </ButtonLink>
            }
          >
            No scores found. Be the first to enter the leaderboard!
          </BoardEmpty>
        ) : (
          <ScoresTable label={tableLabel} scores={scores} isMe={rowsOf(playerName)} />
        )
      }
    </QueryBoard>
  );
}
