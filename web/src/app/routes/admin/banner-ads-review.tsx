import { AdReviewList } from '@/features/ads-admin/components/ad-review-list';
import { AdminAdsPage } from '@/features/ads-admin/components/admin-ads-page';

export default function BannerAdsReviewRoute() {
  return (
    <AdminAdsPage title="Banner Ads Review" subtitle="Approve or reject paid banner ads.">
      <AdReviewList kind="banner" />
    </AdminAdsPage>
  );
}
