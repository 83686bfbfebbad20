import { ConsolePage } from '@/features/admin-console/components/console-page';
import { GameAnalytics } from '@/features/admin-console/components/game-analytics';

export default function GameAnalyticsRoute() {
  return (
    <ConsolePage
      title="Game Analytics"
      subtitle="How ranked games go: levels, length, moves, extra moves and plays per day."
    >
      <GameAnalytics />
    </ConsolePage>
  );
}
