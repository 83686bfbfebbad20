import { ComingSoon } from '@/components/page/coming-soon';
import { paths } from '@/config/paths';

export default function AdsStatsRoute() {
  return (
    <ComingSoon
      title="Ad Statistics"
      subtitle="Impressions and clicks per ad."
      description="Impressions and clicks of every ad will be reported here."
      back={{ to: paths.adminDashboard, label: 'Admin Dashboard' }}
    />
  );
}
