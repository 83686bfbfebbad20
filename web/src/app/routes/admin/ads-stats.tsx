import { AdminAdsPage } from '@/features/ads-admin/components/admin-ads-page';
import { AdsStats } from '@/features/ads-admin/components/ads-stats';

export default function AdsStatsRoute() {
  return (
    <AdminAdsPage
      title="Ad Statistics"
      subtitle="Impressions, clicks and revenue, per ad and per day."
    >
      <AdsStats />
    </AdminAdsPage>
  );
}
