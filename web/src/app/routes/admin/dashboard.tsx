import { useQuery } from '@tanstack/react-query';
import { Page } from '@/components/page/page';
import { Badge } from '@/components/ui/badge';
import { BallTiles, type BallTile } from '@/components/ui/ball-tiles';
import { paths } from '@/config/paths';
import { AdminOverview } from '@/features/admin-console/components/admin-overview';
import { adStatsQueryOptions } from '@/features/ads-admin/api/get-ad-stats';
import { adminCheckAuthQueryOptions } from '@/features/auth/api/check-admin-auth';
import { useUser } from '@/lib/auth/get-user';
import './dashboard.css';

const SECTIONS: BallTile[] = [
  {
    to: paths.gameAnalytics,
    title: 'Game Analytics',
    text: 'Levels, game length, moves, extra moves.',
    color: 'blue',
  },
  {
    to: paths.adminPlayerTracking,
    title: 'Player Tracking',
    text: 'Sessions, timing, flags, bans, review.',
    color: 'red',
  },
  {
    to: paths.admin,
    title: 'Ball Icons & Sessions',
    text: 'Upload icons, inspect sessions.',
    color: 'orange',
  },
  {
    to: paths.adminAdsReview,
    title: 'Ads Review',
    text: 'Approve or reject paid ball ads.',
    color: 'yellow',
  },
  {
    to: paths.adminAdManagement,
    title: 'Ad Management',
    text: 'Ball ads and ball icons.',
    color: 'green',
  },
  {
    to: paths.adminAdsStats,
    title: 'Ad Statistics',
    text: 'Impressions and clicks per ad.',
    color: 'purple',
  },
  {
    to: paths.adminBannerAdsReview,
    title: 'Banner Ads Review',
    text: 'Approve or reject banner ads.',
    color: 'yellow',
  },
  {
    to: paths.adminBannerAdsManage,
    title: 'Banner Ads Management',
    text: 'Schedule, pause and end banners.',
    color: 'orange',
  },
  {
    to: paths.adminIconsStats,
    title: 'Icon Statistics',
    text: 'How often each icon is seen.',
    color: 'blue',
  },
  {
    to: paths.adminUpdates,
    title: 'Manage Updates',
    text: 'Write and publish news.',
    color: 'green',
  },
  {
    to: paths.adminFeedback,
    title: 'Player Feedback',
    text: 'What players tell us.',
    color: 'purple',
  },
];

/** The admin landing page: who is signed in, the site at a glance, and every admin tool. */
export default function AdminDashboardRoute() {
  const { user } = useUser();
  const check = useQuery(adminCheckAuthQueryOptions());

  return (
    <Page title="Admin Dashboard" subtitle={`Signed in as ${user?.username ?? 'admin'}.`}>
      <p className="admin-status">
        Server check:{' '}
        {check.isPending ? (
          <Badge>Checking…</Badge>
        ) : check.data?.authenticated ? (
          <Badge tone="green">Admin session verified</Badge>
        ) : (
          <Badge tone="orange">Not verified</Badge>
        )}
      </p>
      <AdminOverview adStats={adStatsQueryOptions} />
      <h2 className="admin-tools-title">Admin tools</h2>
      <BallTiles tiles={SECTIONS} className="admin-grid" ballSize={30} />
    </Page>
  );
}
