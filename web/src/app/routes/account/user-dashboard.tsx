import { Page } from '@/components/page/page';
import { AccountSummary } from '@/features/account/components/account-summary';
import { PlayerStanding } from '@/features/account/components/player-standing';
import { RecentGames } from '@/features/account/components/recent-games';
import { AchievementsSection } from '@/features/achievements/components/achievements-section';
import { MyAds } from '@/features/ads/components/my-ads';
import { useUser } from '@/lib/auth/get-user';

export default function UserDashboardRoute() {
  const { user } = useUser();
  // RequireUser renders this page only with a user.
  if (!user) return null;
  return (
    <Page title="Dashboard" docTitle="Dashboard" subtitle={`Welcome back, ${user.username}!`}>
      <AccountSummary user={user} />
      <PlayerStanding />
      <RecentGames />
      <AchievementsSection />
      <MyAds />
    </Page>
  );
}
