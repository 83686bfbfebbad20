import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { seasonalTopScoresQueryOptions } from '../api/get-seasonal-top-scores';
import { TABLE_ROWS } from '../api/paths';
import type { SeasonalLeaderboard } from '../api/types';
import { boardDays } from '../lib/format';
import { BoardColumns } from './board-columns';
import { BannerMain } from './week-banner';
import { ScoresBoard } from './scores-board';
import { SeasonalRank } from './your-rank';
import './leaderboard-tabs.css';
import './week-banner.css';

/** The 'Season' tab, shown while a season runs: its dates and its best scores. */
export function SeasonalTab({
  season,
  playerName,
}: {
  season: SeasonalLeaderboard;
  playerName: string | null;
}) {
  const titleId = useId();
  const query = useQuery(seasonalTopScoresQueryOptions(season.id, TABLE_ROWS));
  const { start, end } = boardDays(season);

  const body = (
    <ScoresBoard
      query={query}
      loadingLabel="Loading seasonal scores..."
      errorTitle="Error loading seasonal scores"
      what="this season's scores"
      tableLabel={`${season.name} scores`}
      playerName={playerName}
    />
  );
  return (
    <div className="board-stack">
      <section className="week-banner week-banner--season" aria-labelledby={titleId}>
        <BannerMain
          titleId={titleId}
          eyebrow="Seasonal Competition"
          title={season.name}
          dates={`Season runs from ${start} to ${end}`}
          active
        />
      </section>
      <BoardColumns
        rank={playerName && <SeasonalRank seasonId={season.id} playerName={playerName} />}
      >
        {body}
      </BoardColumns>
    </div>
  );
}
