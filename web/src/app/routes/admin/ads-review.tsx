import { AdReviewList } from '@/features/ads-admin/components/ad-review-list';
import { AdminAdsPage } from '@/features/ads-admin/components/admin-ads-page';

export default function AdsReviewRoute() {
  return (
    <AdminAdsPage title="Ads Review" subtitle="Approve or reject paid ball-face ads.">
      <AdReviewList kind="ball" />
    </AdminAdsPage>
  );
}
