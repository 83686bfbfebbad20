import { ComingSoon } from '@/components/page/coming-soon';

export default function LeaderboardsRoute() {
  return (
    <ComingSoon
      title="Leaderboards"
      subtitle="Weekly Champions and All-Time Legends."
      description="Weekly rankings that reset every Monday and an all-time hall of fame are on their way."
    />
  );
}
