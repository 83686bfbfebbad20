import { ConsolePage } from '@/features/admin-console/components/console-page';
import { PlayerTracking } from '@/features/admin-console/components/tracking/player-tracking';

export default function PlayerTrackingRoute() {
  return (
    <ConsolePage
      title="Player Tracking"
      subtitle="Game sessions, their timing and flags; scores held for review; bans."
    >
      <PlayerTracking />
    </ConsolePage>
  );
}
