import { ComingSoon } from '@/components/page/coming-soon';
import { paths } from '@/config/paths';

export default function LeaderboardArchiveRoute() {
  return (
    <ComingSoon
      title="Leaderboard Archive"
      subtitle="Every past week, grouped by quarter."
      description="Browse the champions of every past week, grouped by quarter, as soon as the first weeks are in the books."
      back={{ to: paths.leaderboards, label: 'Back to Leaderboards' }}
    />
  );
}
