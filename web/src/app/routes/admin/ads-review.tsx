import { ComingSoon } from '@/components/page/coming-soon';
import { paths } from '@/config/paths';

export default function AdsReviewRoute() {
  return (
    <ComingSoon
      title="Ads Review"
      subtitle="Approve or reject submitted ads."
      description="Ads waiting for review will be listed here for approval."
      back={{ to: paths.adminDashboard, label: 'Admin Dashboard' }}
    />
  );
}
