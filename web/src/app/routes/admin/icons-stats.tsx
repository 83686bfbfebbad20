import { AdminAdsPage } from '@/features/ads-admin/components/admin-ads-page';
import { IconsStats } from '@/features/ads-admin/components/icons-stats';

export default function IconsStatsRoute() {
  return (
    <AdminAdsPage title="Icon Statistics" subtitle="How often each ball icon is seen.">
      <IconsStats />
    </AdminAdsPage>
  );
}
