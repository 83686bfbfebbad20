import { AdManager } from '@/features/ads-admin/components/ad-manager';
import { AdminAdsPage } from '@/features/ads-admin/components/admin-ads-page';

export default function BannerAdsManageRoute() {
  return (
    <AdminAdsPage title="Banner Ads Management" subtitle="Schedule, pause and end banner ads.">
      <AdManager kind="banner" />
    </AdminAdsPage>
  );
}
