import { AdManager } from '@/features/ads-admin/components/ad-manager';
import { AdminAdsPage } from '@/features/ads-admin/components/admin-ads-page';
import { BallIconsSection } from '@/features/ads-admin/components/icon-manager';

export default function AdManagementRoute() {
  return (
    <AdminAdsPage title="Ad Management" subtitle="Every ball-face ad, and the custom ball icons.">
      <AdManager kind="ball" />
      <BallIconsSection className="ads-admin-section" headingId="ball-icons-title" />
    </AdminAdsPage>
  );
}
