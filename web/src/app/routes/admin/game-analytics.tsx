import { ComingSoon } from '@/components/page/coming-soon';
import { paths } from '@/config/paths';

export default function GameAnalyticsRoute() {
  return (
    <ComingSoon
      title="Game Analytics"
      subtitle="Plays, completions and trends."
      description="Daily plays, completed games and score trends will be charted here."
      back={{ to: paths.adminDashboard, label: 'Admin Dashboard' }}
    />
  );
}
