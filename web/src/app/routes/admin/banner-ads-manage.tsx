import { ComingSoon } from '@/components/page/coming-soon';
import { paths } from '@/config/paths';

export default function BannerAdsManageRoute() {
  return (
    <ComingSoon
      title="Banner Ads Management"
      subtitle="Schedule and pause banner ads."
      description="Running banner ads can be scheduled, paused and removed here."
      back={{ to: paths.adminDashboard, label: 'Admin Dashboard' }}
    />
  );
}
