import { ComingSoon } from '@/components/page/coming-soon';
import { paths } from '@/config/paths';

export default function BannerAdsReviewRoute() {
  return (
    <ComingSoon
      title="Banner Ads Review"
      subtitle="Approve or reject banner ads."
      description="Banner ads waiting for review will be listed here."
      back={{ to: paths.adminDashboard, label: 'Admin Dashboard' }}
    />
  );
}
